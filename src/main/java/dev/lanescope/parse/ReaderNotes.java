package dev.lanescope.parse;

/** Where the line readers of one {@code -v/-vv} parse report: each note is located at the line being read. */
interface ReaderNotes extends ExpressLines.Notes {

    /** A WARNING at the current line. */
    void warn(String message);
}
