package dev.lanescope.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lanescope.analysis.HopVerdict;
import dev.lanescope.analysis.LinkVerdict;
import dev.lanescope.analysis.WatchReport;
import dev.lanescope.analysis.WatchSummary;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Problem;
import dev.lanescope.model.WatchRecord;
import dev.lanescope.parse.ParseResult;
import dev.lanescope.parse.WatchRecordParser;
import dev.lanescope.pipeline.CaptureAnalysis;

/**
 * The watch on a made-up sysfs tree and a recorded nvidia-smi, judged against a real capture: the Dell OptiPlex XE3's
 * Quadro P2000 (0000:01:00.0) below root port 0000:00:01.0, read idle at 2.5 GT/s x16 of 8 GT/s x16.
 */
public class WatchSamplerTest {

    static final String PORT = "0000:00:01.0";
    static final String GPU = "0000:01:00.0";
    static final Path CAPTURE = Path.of("samples/dell-optiplex-xe3-i7-8700-quadro-p2000");

    @TempDir
    Path tmp;

    /**
     * A sysfs whose link speed and error count follow the sample number (1, 2, ...): set by the test's clock, or
     * counted by the fake itself (each read of the port's speed starts a sample) when it has a boot id.
     */
    public static final class FakeSysfs implements SysfsSource {
        int sample;
        final IntFunction<String> speed;
        final IntFunction<Integer> errors;
        private final String bootId;

        FakeSysfs(IntFunction<String> speed, IntFunction<Integer> errors) {
            this(speed, errors, null);
        }

        /** A fake that counts its own samples, on boot {@code bootId}, with no AER errors. */
        public static FakeSysfs counting(IntFunction<String> speed, String bootId) {
            return new FakeSysfs(speed, n -> 0, bootId);
        }

        private FakeSysfs(IntFunction<String> speed, IntFunction<Integer> errors, String bootId) {
            this.speed = speed;
            this.errors = errors;
            this.bootId = bootId;
        }

        @Override
        public List<String> devices() {
            return List.of(PORT, GPU, "0000:00:1f.3");
        }

        @Override
        public String read(String bdf, String attribute) {
            if (bootId != null && attribute.equals("current_link_speed") && bdf.equals(PORT)) sample++;
            return switch (attribute) {
                case "class" -> bdf.equals(GPU) ? "0x030000\n" : bdf.equals(PORT) ? "0x060400\n" : "0x040300\n";
                case "current_link_speed" -> speed.apply(sample) + "\n";
                case "current_link_width", "max_link_width" -> "16\n";
                case "max_link_speed" -> "8.0 GT/s PCIe\n";
                case "aer_dev_correctable" -> bdf.equals(PORT)
                        ? "RxErr " + errors.apply(sample) + "\nBadTLP 0\nTOTAL_ERR_COR " + errors.apply(sample) + "\n" : null;
                default -> null;
            };
        }

        @Override
        public List<String> path(String bdf) {
            return bdf.equals(GPU) ? List.of(PORT, GPU) : List.of(bdf);
        }

        @Override
        public String bootId() {
            return bootId; // the clock-driven one has none, nor has the capture: the watch is taken as this boot's
        }
    }

    /** nvidia-smi as recorded: its help without a replay field, and the GPU's row per sample. */
    static Commands.Runner smi(FakeSysfs fs, IntFunction<String> row, List<List<String>> calls) {
        return (command, env, dir, timeout) -> {
            calls.add(command);
            if (command.contains("--help-query-gpu")) {
                return new Commands.Outcome(command, 0, "\"pcie.link.gen.current\"\n\"utilization.gpu\"\n", "", false, null);
            }
            return new Commands.Outcome(command, 0, row.apply(fs.sample) + "\n", "", false, null);
        };
    }

    /** A clock that moves by the interval at each wait, and tells the fake sysfs which sample it is. */
    static WatchSampler.Clock clock(FakeSysfs fs) {
        return new WatchSampler.Clock() {
            Instant now = Instant.parse("2026-12-04T13:00:00Z");

            @Override
            public Instant now() {
                return now;
            }

            @Override
            public void sleepUntil(Instant t) {
                if (t.isAfter(now)) now = t;
                fs.sample++;
            }
        };
    }

    CaptureAnalysis watched(FakeSysfs fs, IntFunction<String> smiRow, List<List<String>> calls) throws Exception {
        StringBuilder out = new StringBuilder();
        int n = new WatchSampler(fs, smi(fs, smiRow, calls), clock(fs)).run("xe3", 4, 1, out);
        assertThat(n).isEqualTo(5);
        Path watch = tmp.resolve("watch.txt");
        Files.writeString(watch, out, StandardCharsets.UTF_8);
        return CaptureAnalysis.load(List.of(CAPTURE, watch), false, CaptureAnalysis.Progress.NONE);
    }

    static HopVerdict hop(CaptureAnalysis a) {
        return a.report().hops().stream().filter(h -> h.link().port().bdf().equals(Bdf.parse(PORT))).findFirst()
                .orElseThrow();
    }

    static WatchReport report(CaptureAnalysis a, Path watch) throws Exception {
        ParseResult<WatchRecord> r = WatchRecordParser.parse(watch.toString(), Files.readAllLines(watch));
        return WatchReport.of(a.report(), WatchSummary.of(r.value()));
    }

    /** The link read 2.5 GT/s for two samples, then 8 GT/s while the GPU worked: the idle downshift was power management. */
    @Test
    void aLinkThatClimbsUnderLoadIsOk() throws Exception {
        FakeSysfs fs = new FakeSysfs(i -> i <= 2 ? "2.5 GT/s PCIe" : "8.0 GT/s PCIe", i -> 0);
        List<List<String>> calls = new ArrayList<>();
        CaptureAnalysis a = watched(fs, i -> "00000000:01:00.0, " + (i <= 2 ? 1 : 3) + ", 16, " + (i <= 2 ? 0 : 97),
                calls);
        HopVerdict h = hop(a);
        assertThat(h.verdict()).isEqualTo(LinkVerdict.OK);
        assertThat(h.reason()).contains("climbed to Gen3");
        WatchReport w = report(a, tmp.resolve("watch.txt"));
        assertThat(w.lines().get(0)).startsWith("Watch of xe3: 5 sample(s) every 1 s over 4 s");
        assertThat(w.hops()).hasSize(1);
        assertThat(w.hops().get(0).sentence()).contains("lowest 2.5 GT/s x16 at 13:00:00, highest 8 GT/s x16 at 13:00:02")
                .contains("Under load: ok (it climbed").contains("No error counted during the window.");
        // read-only: nvidia-smi only asked, never a workload started
        assertThat(calls).allMatch(c -> c.get(0).equals("nvidia-smi") && (c.contains("--help-query-gpu")
                || c.get(1).startsWith("--query-gpu=")));
    }

    /** The GPU worked (97 %) and its link stayed at 2.5 GT/s while errors were counted at the port: degraded. */
    @Test
    void aLinkThatStaysLowWhileTheGpuWorksIsDegraded() throws Exception {
        FakeSysfs fs = new FakeSysfs(i -> "2.5 GT/s PCIe", i -> i <= 1 ? 2 : 9);
        CaptureAnalysis a = watched(fs, i -> "00000000:01:00.0, 1, 16, 97", new ArrayList<>());
        HopVerdict h = hop(a);
        assertThat(h.verdict()).isEqualTo(LinkVerdict.SPEED_DEGRADED);
        assertThat(h.reason()).contains("stayed at Gen1 of Gen3").contains("9 correctable error(s) counted at the port");
        WatchReport.Hop w = report(a, tmp.resolve("watch.txt")).hops().get(0);
        assertThat(w.idle()).isFalse();
        assertThat(w.sentence()).contains("2.5 GT/s x16 throughout").contains("stayed below what both ends can do")
                .contains("+7 correctable during the window");
    }

    /** Nothing moved and the GPU never worked: the watch proves nothing, and the verdict stays idle downshift. */
    @Test
    void aGpuThatStayedIdleProvesNothing() throws Exception {
        FakeSysfs fs = new FakeSysfs(i -> "2.5 GT/s PCIe", i -> 0);
        CaptureAnalysis a = watched(fs, i -> "00000000:01:00.0, 1, 16, 0", new ArrayList<>());
        assertThat(hop(a).verdict()).isEqualTo(LinkVerdict.IDLE_DOWNSHIFT);
        WatchReport.Hop w = report(a, tmp.resolve("watch.txt")).hops().get(0);
        assertThat(w.idle()).isTrue();
        assertThat(w.sentence()).contains("Nothing proven: the GPU stayed idle during the window")
                .contains("Verdict stays idle downshift");
    }

    /** A line that cannot be read is named with its file and line; the rest of the watch is read. */
    @Test
    void anUnreadableReadingIsLocated() {
        List<String> lines = List.of(WatchRecordParser.HEADER, "# interval_s: 1",
                "# device: 0000:01:00.0 class=0x030000 path=0000:00:01.0/0000:01:00.0",
                "@ 1 2026-12-04T13:00:00Z",
                "/sys/bus/pci/devices/0000:01:00.0/current_link_speed:8.0 GT/s PCIe",
                "/sys/bus/pci/devices/0000:01:00.0/current_link_width:wide",
                "@ 2 yesterday");
        ParseResult<WatchRecord> r = WatchRecordParser.parse("watch.txt", lines);
        assertThat(r.value().samples()).hasSize(2);
        assertThat(r.value().devices().get(Bdf.parse(GPU)).path()).containsExactly(Bdf.parse(PORT), Bdf.parse(GPU));
        assertThat(r.problems()).extracting(Problem::line).contains(6, 7);
        assertThat(r.problems().stream().map(Problem::toString).toList())
                .anyMatch(p -> p.contains("watch.txt") && p.contains("current_link_width 'wide'"));
        assertThat(WatchSummary.of(r.value()).window()).isEqualTo(Duration.ZERO);
    }
}
