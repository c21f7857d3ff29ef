package dev.lanescope.model.ladder;

/** One line of a file that a ladder rung rests on: the file as the user named it, the 1-based line, the text. */
public record EvidenceLine(String file, int line, String text) {

    /** Lines kept for display are cut here (a hostile line must not flood the panel). */
    public static final int MAX_TEXT = 300;

    public EvidenceLine {
        if (text == null) text = "";
        text = text.strip();
        if (text.length() > MAX_TEXT) text = text.substring(0, MAX_TEXT - 3) + "...";
    }

    @Override
    public String toString() {
        return file + (line > 0 ? ":" + line : "") + ": " + text;
    }
}
