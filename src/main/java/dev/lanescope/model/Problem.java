package dev.lanescope.model;

/**
 * A located problem met while reading a capture: the file (as the user named it), the 1-based line
 * (0 when the problem concerns the whole file) and a message the user can act on.
 *
 * @param fault true when lanescope itself failed at this place (a reader threw and a last-resort handler caught
 *              it): a bug to report, not a fact about the input. Fuzz tests and robustness properties assert that
 *              no problem has it.
 */
public record Problem(String file, int line, Severity severity, String message, boolean fault) {

    /** The longest message kept; longer ones (a hostile value echoed whole) are cut. */
    public static final int MAX_MESSAGE = 1000;

    public Problem {
        if (message != null && message.length() > MAX_MESSAGE) message = message.substring(0, MAX_MESSAGE - 3) + "...";
    }

    /** A problem with the input (not a fault of lanescope's). */
    public Problem(String file, int line, Severity severity, String message) {
        this(file, line, severity, message, false);
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

    /**
     * An ERROR where a reader threw {@code e} and a last-resort handler caught it: the place is kept, the rest of
     * the input is still read, and the message asks for a report. Marked {@link #fault()}.
     */
    public static Problem fault(String file, int line, String what, Throwable e) {
        String m = e.getMessage() == null ? "" : ": " + e.getMessage().lines().findFirst().orElse("");
        if (m.length() > 200) m = m.substring(0, 200) + "...";
        return new Problem(file, line, Severity.ERROR, what + " (lanescope failed here: " + e.getClass().getSimpleName()
                + m + "; please report it with this file)", true);
    }

    /** {@code file:line: severity: message}, the form compilers use. */
    @Override
    public String toString() {
        return file + (line > 0 ? ":" + line : "") + ": " + severity.token() + ": " + message;
    }
}
