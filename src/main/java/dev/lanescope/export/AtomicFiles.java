package dev.lanescope.export;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes a file atomically: a temporary file in the target's own folder, then a rename over the target. */
public final class AtomicFiles {

    /** Writes the bytes. */
    public interface Body {
        void writeTo(Path tmp) throws IOException;
    }

    private AtomicFiles() {
    }

    public static Path write(Path target, Body body) throws IOException {
        Path abs = target.toAbsolutePath().normalize();
        Path dir = abs.getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + abs.getFileName() + ".", ".tmp");
        try {
            body.writeTo(tmp);
            try {
                Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
            return abs;
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    public static Path writeString(Path target, String text) throws IOException {
        return write(target, tmp -> Files.writeString(tmp, text, StandardCharsets.UTF_8));
    }
}
