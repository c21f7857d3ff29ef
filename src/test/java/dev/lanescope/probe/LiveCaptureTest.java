package dev.lanescope.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.model.Capture;
import dev.lanescope.parse.Samples;

/** Read this machine now, with lspci's output replayed from a real capture: where the read is kept and what it holds. */
class LiveCaptureTest {

    @TempDir
    Path tmp;

    private static Commands.Runner replaying(String sample) {
        String tv = String.join("\n", Samples.lines(sample + "/tv.txt")) + "\n";
        String vv = String.join("\n", Samples.lines(sample + "/vv.txt")) + "\n";
        return (cmd, env, dir, t) -> new Commands.Outcome(cmd, 0, cmd.contains("-tv") ? tv : vv, "", false, null);
    }

    @Test
    void eachReadIsKeptInItsOwnFolderThatOpensWithHostBootAndTime() throws Exception {
        Path captures = tmp.resolve("live-captures");
        LiveCapture live = new LiveCapture(replaying("amd-ryzen-embedded-picasso-pericom-switch"), tmp.resolve("no-sysfs"),
                captures);
        LiveCapture.Result first = live.capture();
        LiveCapture.Result second = live.capture();

        assertThat(first.folder().getParent()).isEqualTo(captures);
        assertThat(second.folder()).isNotEqualTo(first.folder()).exists();
        assertThat(first.folder().resolve("tv.txt")).exists();
        assertThat(first.folder().resolve("vv.txt")).exists();
        assertThat(first.notes()).containsExactly("no sysfs link files readable under " + tmp.resolve("no-sysfs"));

        Capture c = CaptureLoader.load(List.of(first.folder()));
        assertThat(c.metadata()).containsKeys("hostname", "date");
        assertThat(c.metadata().get("hostname")).isEqualTo(Files.readString(first.folder().resolve("hostname")).strip());
        if (Files.isReadable(Path.of("/proc/sys/kernel/random/boot_id"))) assertThat(c.metadata()).containsKey("bootId");
        assertThat(c.problems()).noneMatch(p -> p.severity() != dev.lanescope.model.Severity.INFO);
    }

    @Test
    void whenLspciCannotStartNothingIsWritten() throws Exception {
        Path captures = tmp.resolve("live-captures");
        Commands.Runner missing = (cmd, env, dir, t) -> new Commands.Outcome(cmd, -1, "", "", false,
                "Cannot run program \"lspci\": error=2, No such file or directory");
        LiveCapture.Result r = new LiveCapture(missing, tmp, captures).capture();
        assertThat(r.folder()).isNull();
        assertThat(r.cannotRun()).startsWith("lspci is not installed on this machine");
        assertThat(captures).doesNotExist();
    }
}
