package dev.lanescope.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

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

    /** SIGTERM (what kill and a closed terminal send) while the file is half written: nothing is left behind. */
    @Test
    void aProcessStoppedWhileWritingLeavesNoFileBehind(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("topology.png");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"), "-Xshare:off",
                UnfinishedWriteMain.class.getName(), out.toString())).redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try (BufferedReader said = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line = said.readLine();
            assertThat(line).startsWith("writing ");
            assertThat(Path.of(line.substring("writing ".length()))).exists().hasParent(dir);
            p.destroy(); // SIGTERM
            assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("stopped").isTrue();
        } finally {
            p.destroyForcibly();
        }
        assertThat(p.exitValue()).isEqualTo(143);
        try (var files = Files.list(dir)) {
            assertThat(files.toList()).isEmpty();
        }
    }
}
