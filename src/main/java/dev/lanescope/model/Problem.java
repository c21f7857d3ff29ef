package dev.lanescope.model;

/**
 * A located problem met while reading a capture: the file (as the user named it), the 1-based line
 * (0 when the problem concerns the whole file) and a message the user can act on.
 */
public record Problem(String file, int line, Severity severity, String message) {

    /** The longest message kept; longer ones (a hostile value echoed whole) are cut. */
    public static final int MAX_MESSAGE = 1000;

    public Problem {
        if (message != null && message.length() > MAX_MESSAGE) message = message.substring(0, MAX_MESSAGE - 3) + "...";
    }

    public static Problem error(String file, int line, String message) {
        return new Problem(file, line, Severity.ERROR, message);
    }

    public static Problem warning(String file, int line, String message) {
        return new Problem(file, line, Severity.WARNING, message);
    }

    public static Problem info(String file, int line, String message) {
        return new Problem(file, line, Severity.INFO, message);
    }

    /** {@code file:line: severity: message}, the form compilers use. */
    @Override
    public String toString() {
        return file + (line > 0 ? ":" + line : "") + ": " + severity.token() + ": " + message;
    }
}
