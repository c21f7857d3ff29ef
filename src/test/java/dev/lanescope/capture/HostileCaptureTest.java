package dev.lanescope.capture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lanescope.model.Capture;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.Problem;
import dev.lanescope.model.Severity;
import dev.lanescope.parse.CatchAll;
import dev.lanescope.parse.ParseResult;
import dev.lanescope.parse.Samples;
import dev.lanescope.parse.TreeParser;

/**
 * Hostile captures through the loader (issue 13): linear scans, hex rows kept and located, problems located and
 * counted, encodings found. Bounds are a watchdog far above the work (a hang fails; a good run is not timed) and
 * counts of problems and output that must not grow with the input.
 */
class HostileCaptureTest {

    private static final Duration WATCHDOG = Duration.ofSeconds(90);

    @TempDir
    Path tmp;

    private Path write(String name, String text) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void aDeviceNameWithAHugeRunOfSpacesIsReadInLinearTime() {
        // the old name pattern backtracked: 80,000 spaces took 21 s, 400,000 would take minutes
        String line = "-[0000:00]-+-00.0  Intel" + " ".repeat(400_000) + "Host bridge [8086:3e30]";
        ParseResult<List<dev.lanescope.model.TreeEntry>> r = assertTimeoutPreemptively(WATCHDOG,
                () -> TreeParser.parse("tv.txt", List.of(line, "           \\-01.0  Bridge")));
        assertThat(r.value()).hasSize(2);
        assertThat(r.value().get(0).vendorId()).isEqualTo(0x8086);
        assertThat(r.value().get(0).deviceId()).isEqualTo(0x3e30);
    }

    @Test
    void aLongRunOfDigitsIsNoSpeedAndIsReadInLinearTime() {
        // the old speed pattern backtracked: 40,000 digits took 47 s, 100,000 hung
        String digits = "1".repeat(400_000);
        assertThat(assertTimeoutPreemptively(WATCHDOG, () -> LinkSpeed.parse(digits))).isNull();
        assertThat(assertTimeoutPreemptively(WATCHDOG, () -> LinkSpeed.parse(digits + " GT/s")))
                .isEqualTo(LinkSpeed.UNKNOWN);
        assertThat(LinkSpeed.parse("8.0 GT/s PCIe")).isEqualTo(LinkSpeed.GEN3);
        assertThat(LinkSpeed.parse("Speed 2.5GT/s, Width x1")).isEqualTo(LinkSpeed.GEN1);
    }

    @Test
    void anOverlongSysfsValueIsCutWithOneLocatedProblemAndNotEchoedWhole() throws IOException {
        Path sysfs = write("links.txt", "/sys/bus/pci/devices/0000:00:01.0/current_link_speed:" + "9".repeat(100_000)
                + "\n/sys/bus/pci/devices/0000:00:01.0/current_link_width:16\n");
        Capture c = assertTimeoutPreemptively(WATCHDOG, () -> CaptureLoader.load(List.of(sysfs)));
        assertThat(c.problems()).anySatisfy(p -> {
            assertThat(p.line()).isEqualTo(1);
            assertThat(p.message()).contains("longer than 8,192 characters").contains("cut");
        });
        assertThat(c.problems()).allSatisfy(p -> assertThat(p.message().length()).isLessThan(300));
    }

    @Test
    void oneBadAddressInAHexDumpLosesOnlyItsOwnRowsAndIsReportedAtItsLine() throws IOException {
        List<String> lines = new ArrayList<>(Samples.lines("asus-laptop-alderlake-rtx3070ti-gl9755-vvxxxx/vv.txt"));
        int headers = 0;
        int badLine = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).matches("^[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7] .*") && ++headers == 2) {
                lines.set(i, "00:3f.0" + lines.get(i).substring(7)); // device 3f does not exist
                badLine = i + 1;
            }
        }
        assertThat(badLine).isPositive();
        Path f = write("vvxxx.txt", String.join("\n", lines) + "\n");
        Capture c = CaptureLoader.load(List.of(f));
        CatchAll.assertNone(c.problems());
        int at = badLine;
        assertThat(c.problems()).anySatisfy(p -> {
            assertThat(p.line()).isEqualTo(at);
            assertThat(p.message()).contains("'00:3f.0' is not a PCI address").doesNotContain("Exception");
        });
        assertThat(c.functions()).hasSizeGreaterThanOrEqualTo(headers - 1);
    }

    @Test
    void tenThousandRepeatedRecordsAreOneProblemWithTheCountAndTheFirstPlaces() throws IOException {
        StringBuilder b = new StringBuilder("-[0000:00]-+-00.0  Host bridge\n");
        for (int i = 0; i < 10_000; i++) b.append("           +-01.0  The same bridge again\n");
        b.append("           \\-02.0  Last\n");
        Capture c = CaptureLoader.load(List.of(write("tv.txt", b.toString())));
        assertThat(c.tree()).hasSize(3);
        List<Problem> twice = c.problems().stream().filter(p -> p.message().contains("appears twice")).toList();
        assertThat(twice).singleElement().satisfies(p -> {
            assertThat(p.line()).isEqualTo(3);
            assertThat(p.message()).startsWith("0000:00:01.0 appears twice (first at line 2)")
                    .contains("9,999 times in this file: lines 3, 4, 5, 6, 7, ...");
        });
        assertThat(c.problems()).hasSizeLessThan(5);
    }

    @Test
    void functionsTwoFilesDisagreeOnAreLocatedInBoth() throws IOException {
        String vv = String.join("\n", Samples.lines("dell-optiplex-xe3-i7-8700-quadro-p2000/vv.txt")) + "\n";
        Path a = write("a.txt", vv);
        Path b = write("b.txt", vv.replace("Width x16", "Width x8"));
        Capture c = CaptureLoader.load(List.of(a, b));
        assertThat(c.problems()).anySatisfy(p -> {
            assertThat(p.file()).isEqualTo(b.toString());
            assertThat(p.line()).isPositive();
            assertThat(p.message()).contains("also in " + a).containsPattern("at line \\d+ here, line \\d+ there");
        });
    }

    @Test
    void anUnusableCaptureIsNamedByItsFileNotItsLabel() throws IOException {
        Path f = write("notes.txt", "nothing to see here\n");
        Capture c = CaptureLoader.load(List.of(f));
        assertThat(c.problems()).filteredOn(p -> p.severity() == Severity.ERROR)
                .anySatisfy(p -> assertThat(p.file()).isEqualTo(f.toString()));
    }

    @Test
    void utf16CapturesAreReadAndTheEncodingIsSaid() throws IOException {
        String tree = String.join("\n", Samples.lines("amd-ryzen-embedded-picasso-pericom-switch/tv.txt")) + "\n";
        int expected = CaptureLoader.load(List.of(write("plain.txt", tree))).tree().size();
        Path bom = tmp.resolve("le-bom.txt");
        byte[] le = tree.getBytes(StandardCharsets.UTF_16LE);
        byte[] withBom = new byte[le.length + 2];
        withBom[0] = (byte) 0xff;
        withBom[1] = (byte) 0xfe;
        System.arraycopy(le, 0, withBom, 2, le.length);
        Files.write(bom, withBom);
        Path be = tmp.resolve("be.txt");
        Files.write(be, tree.getBytes(StandardCharsets.UTF_16BE));
        for (Path p : List.of(bom, be)) {
            Capture c = CaptureLoader.load(List.of(p));
            assertThat(c.tree()).as(p.toString()).hasSize(expected);
            assertThat(c.problems()).anySatisfy(x -> assertThat(x.message()).startsWith("read as UTF-16"));
        }
        Path u32 = tmp.resolve("u32.txt");
        byte[] b32 = new byte[] {(byte) 0xff, (byte) 0xfe, 0, 0, '-', 0, 0, 0};
        Files.write(u32, b32);
        Capture c = CaptureLoader.load(List.of(u32));
        assertThat(c.problems()).anySatisfy(x -> {
            assertThat(x.file()).isEqualTo(u32.toString());
            assertThat(x.message()).contains("UTF-32").contains("iconv");
        });
    }
}
