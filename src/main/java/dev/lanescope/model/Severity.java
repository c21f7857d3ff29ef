package dev.lanescope.model;

/** How bad a reading problem is. ERROR: something could not be read; WARNING: read with a caveat; INFO: a note. */
public enum Severity {
    ERROR, WARNING, INFO;

    public String token() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
