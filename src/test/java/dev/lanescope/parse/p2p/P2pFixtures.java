package dev.lanescope.parse.p2p;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The real tool outputs under src/test/resources/p2p (their sources: source.txt there). */
public final class P2pFixtures {

    public static final Path DIR = Path.of("src/test/resources/p2p");

    private P2pFixtures() {
    }

    public static List<String> lines(String name) {
        try {
            return Files.readAllLines(DIR.resolve(name), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
