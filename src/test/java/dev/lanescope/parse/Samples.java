package dev.lanescope.parse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Test helper: the bundled real captures under {@code samples/}. */
public final class Samples {
    private Samples() {
    }

    public static Path dir() {
        Path p = Path.of("samples");
        return Files.isDirectory(p) ? p : Path.of("..", "samples");
    }

    public static Path path(String rel) {
        return dir().resolve(rel);
    }

    public static List<String> lines(String rel) {
        try {
            return Files.readAllLines(path(rel), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
