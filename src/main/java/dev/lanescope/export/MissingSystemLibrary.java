package dev.lanescope.export;

import java.io.IOException;

/**
 * A picture could not be drawn because this machine lacks a system library the drawing needs (the fonts' text
 * layout, usually): {@code library} is what was missing, {@code debianPackage} the Debian/Ubuntu package that
 * installs it (null when we cannot name it). Said to the user in one line ({@link #getMessage()}), never as an internal error.
 */
public final class MissingSystemLibrary extends IOException {

    private static final long serialVersionUID = 1L;

    private final String library;
    private final String debianPackage;

    public MissingSystemLibrary(String library, String debianPackage, Throwable cause) {
        super("PNG output needs the system library " + library + ", which is not installed: "
                + (debianPackage == null ? "apt-file search " + library + " names the package that has it"
                : "sudo apt-get install " + debianPackage), cause);
        this.library = library;
        this.debianPackage = debianPackage;
    }

    public String library() {
        return library;
    }

    /** The package to install, as apt-get takes it (with a note on a newer name where releases differ); null: unknown. */
    public String debianPackage() {
        return debianPackage;
    }
}
