package dev.lanescope.model.p2p;

/**
 * One line a verdict rests on: the file as the user named it, the 1-based line (0 when the fact is about the whole
 * file) and the text read there (cut to a readable length).
 */
public record Evidence(String file, int line, String text) {

    /** The longest text kept. */
    public static final int MAX_TEXT = 300;

    public Evidence {
        if (text != null) {
            text = text.strip();
            if (text.length() > MAX_TEXT) text = text.substring(0, MAX_TEXT - 3) + "...";
        }
    }

    @Override
    public String toString() {
        return file + (line > 0 ? ":" + line : "") + ": " + text;
    }
}
