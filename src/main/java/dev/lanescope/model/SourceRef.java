package dev.lanescope.model;

/** Where a fact was read: file name and 1-based line. */
public record SourceRef(String file, int line) {
    @Override
    public String toString() {
        return file + ":" + line;
    }
}
