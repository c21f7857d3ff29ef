package dev.lanescope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/**
 * {@code lanescope watch --from} on the two real watches recorded on an H200 passed through to a cloud VM
 * (src/test/resources/health/h200-vm/source.txt): idle, and beside a host-to-device copy loop.
 */
class WatchCommandTest {

    static final Path DIR = Path.of("src/test/resources/health/h200-vm");

    @Test
    void underLoadTheGpuWorkedAtItsMaximumLink() {
        CliRun r = CliRun.of("watch", "--from", DIR.resolve("load.tar.gz").toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).startsWith("Watch of vm, boot 46cf1af9-0cac-4c17-b28c-68c21260a9f4: 55 sample(s) every"
                        + " 0.5 s over 30 s")
                .contains("0000:00:06.0").contains("32 GT/s x16 throughout, its maximum 32 GT/s x16")
                .contains("utilisation up to 100 %) at its maximum link")
                .contains("Error counters were not read twice");
    }

    @Test
    void idleTheWatchProvesNothing() {
        CliRun r = CliRun.of("watch", "--from", DIR.resolve("idle.tar.gz").toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("11 sample(s) every 1 s over 10 s")
                .contains("Nothing proven: the GPU stayed idle during the window.");
    }

    @Test
    void theSameWatchAsPrometheusText() {
        CliRun r = CliRun.of("watch", "--from", DIR.resolve("load.tar.gz").toString(), "--format", "openmetrics");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("# TYPE lanescope_watch_samples gauge")
                .contains("lanescope_watch_samples{host=\"vm\",boot_id=\"46cf1af9-0cac-4c17-b28c-68c21260a9f4\"} 55")
                .contains("lanescope_watch_highest_speed_gts{host=\"vm\",boot_id=\"46cf1af9-0cac-4c17-b28c-68c21260a9f4\","
                        + "port=\"\",device=\"0000:00:06.0\",verdict=\"\"} 32")
                .contains("lanescope_watch_idle{host=\"vm\",boot_id=\"46cf1af9-0cac-4c17-b28c-68c21260a9f4\",port=\"\","
                        + "device=\"0000:00:06.0\",verdict=\"\"} 0");
    }

    @Test
    void aCaptureWithoutAWatchIsRefused() {
        CliRun r = CliRun.of("watch", "--from", "samples/dell-optiplex-xe3-i7-8700-quadro-p2000");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("no watch in");
    }
}
