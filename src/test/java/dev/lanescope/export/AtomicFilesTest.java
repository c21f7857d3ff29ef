package dev.lanescope.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {

    @Test
    void replacesTheTargetAndLeavesNoTemporaryFile(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("graph.dot");
        Files.writeString(out, "old");
        AtomicFiles.writeString(out, "digraph lanescope {}");
        assertThat(Files.readString(out)).isEqualTo("digraph lanescope {}");
        try (var files = Files.list(dir)) {
            assertThat(files.toList()).containsExactly(out);
        }
    }

    @Test
    void aFailedWriteKeepsTheOldFileAndCleansUp(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("view.png");
        Files.writeString(out, "old picture");
        assertThatThrownBy(() -> AtomicFiles.write(out, tmp -> {
            Files.writeString(tmp, "half");
            throw new IOException("disk full");
        })).hasMessage("disk full");
        assertThat(Files.readString(out)).isEqualTo("old picture");
        try (var files = Files.list(dir)) {
            assertThat(files.toList()).containsExactly(out);
        }
    }
}
