package dev.lanescope.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.BusRange;
import dev.lanescope.model.Capture;
import dev.lanescope.model.Express;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.PortType;
import dev.lanescope.model.Severity;

/** The hex decode against pciutils' own rendering of the same dumps. */
class HexDumpDecoderTest {

    static final String ARM = "arm-n1sdp-multidomain-plx8749-vvxxx/vv.txt";
    static final String ASUS = "asus-laptop-alderlake-rtx3070ti-gl9755-vvxxxx/vv.txt";

    @TempDir
    Path tmp;

    static Map<Bdf, PciFunction> byBdf(List<PciFunction> fs) {
        return fs.stream().collect(Collectors.toMap(PciFunction::bdf, Function.identity()));
    }

    /** Every register the decoder reads must equal what the lspci that made the capture printed from it. */
    @ParameterizedTest
    @ValueSource(strings = {ARM, ASUS})
    void realDumpsDecodeToWhatLspciPrinted(String sample) {
        List<String> lines = Samples.lines(sample);
        List<PciFunction> text = VerboseParser.parse(sample, lines).value();
        ParseResult<List<PciFunction>> hex = HexDumpDecoder.parse(sample, lines);
        if (sample.equals(ASUS)) {
            // the GL9755 card reader did not answer: lspci printed "Unknown header type 7f" and a dump of ff bytes
            assertThat(hex.problems()).singleElement().satisfies(p -> {
                assertThat(p.line()).isEqualTo(5063);
                assertThat(p.message()).startsWith("0000:2f:00.0: its config space reads all ff");
            });
        } else {
            assertThat(hex.problems()).isEmpty();
        }
        assertThat(hex.value()).extracting(PciFunction::bdf).containsExactlyElementsOf(
                text.stream().map(PciFunction::bdf).toList());
        Map<Bdf, PciFunction> h = byBdf(hex.value());
        int links = 0;
        for (PciFunction t : text) {
            PciFunction d = h.get(t.bdf());
            if (d.vendorId() < 0) continue; // the dead function above
            assertThat(d.vendorId()).as(t.bdf() + " vendor").isIn(-1, d.vendorId());
            assertThat(d.classCode()).as(t.bdf() + " class").isEqualTo(t.classCode());
            assertThat(d.busRange()).as(t.bdf() + " buses").isEqualTo(t.busRange());
            boolean extended = sample.equals(ASUS); // the ARM capture is -xxx: 256 bytes, no extended space
            if (t.acs() != null && extended) assertThat(d.acs()).as(t.bdf() + " ACS").isEqualTo(t.acs());
            if (!t.resizableBars().isEmpty() && extended) {
                assertThat(d.resizableBars()).as(t.bdf() + " ReBAR").isEqualTo(t.resizableBars());
            }
            Express te = t.express();
            if (te == null) continue;
            Express he = d.express();
            assertThat(he).as(t.bdf() + " Express").isNotNull();
            assertThat(he.portType()).isEqualTo(te.portType());
            if (te.lnkSta() != null) {
                links++;
                assertThat(he.lnkCap()).as(t.bdf() + " LnkCap").isEqualTo(te.lnkCap());
                assertThat(he.lnkSta()).as(t.bdf() + " LnkSta").isEqualTo(te.lnkSta());
            }
            if (te.lnkCap2Max() != null) assertThat(he.lnkCap2Max()).as(t.bdf() + " LnkCap2").isEqualTo(te.lnkCap2Max());
            if (te.targetSpeed() != null) assertThat(he.targetSpeed()).as(t.bdf() + " LnkCtl2").isEqualTo(te.targetSpeed());
            if (te.slotNumber() != null) assertThat(he.slotNumber()).as(t.bdf() + " slot").isEqualTo(te.slotNumber());
            for (Function<dev.lanescope.model.Atomics, Boolean> bit : List.<Function<dev.lanescope.model.Atomics, Boolean>>of(
                    dev.lanescope.model.Atomics::routing, dev.lanescope.model.Atomics::completer32,
                    dev.lanescope.model.Atomics::completer64, dev.lanescope.model.Atomics::completer128,
                    dev.lanescope.model.Atomics::requesterEnabled, dev.lanescope.model.Atomics::egressBlocked)) {
                Boolean tb = bit.apply(te.atomics());
                if (tb != null) assertThat(bit.apply(he.atomics())).as(t.bdf() + " AtomicOps").isEqualTo(tb);
            }
        }
        assertThat(links).isGreaterThan(10);
        assertThat(HexTextCheck.compare(sample, lines, text, hex.value())).isEmpty();
    }

    @Test
    void spotChecksReadByHand() {
        Map<Bdf, PciFunction> arm = byBdf(HexDumpDecoder.parse(ARM, Samples.lines(ARM)).value());
        PciFunction rp = arm.get(Bdf.parse("0000:00:00.0"));
        assertThat(rp.express().portType()).isEqualTo(PortType.ROOT_PORT);
        assertThat(rp.express().lnkCap()).isEqualTo(LinkState.of(LinkSpeed.GEN3, 16));
        assertThat(rp.express().lnkSta()).isEqualTo(LinkState.of(LinkSpeed.GEN2, 16));
        assertThat(rp.busRange()).isEqualTo(new BusRange(0x00, 0x01, 0x19));
        Map<Bdf, PciFunction> asus = byBdf(HexDumpDecoder.parse(ASUS, Samples.lines(ASUS)).value());
        PciFunction gpu = asus.get(Bdf.parse("01:00.0"));
        assertThat(gpu.vendorId()).isEqualTo(0x10de);
        assertThat(gpu.resizableBars()).anySatisfy(b -> {
            assertThat(b.barIndex()).isEqualTo(1);
            assertThat(b.currentBytes()).isEqualTo(8L << 30);
        });
        assertThat(asus.get(Bdf.parse("00:01.0")).express().slotNumber()).isEqualTo(1);
    }

    /** pciutils-versions: the same patched dumps printed by the development head. */
    @ParameterizedTest
    @ValueSource(strings = {"gen5x16", "gen6", "gen4down", "linkdown", "gen7", "rp_down"})
    void syntheticDumpsMatchTheHeadRendering(String name) throws IOException {
        List<String> lines = Samples.lines("pciutils-versions/synthetic/" + name + ".txt");
        PciFunction f = HexDumpDecoder.parse(name, lines).value().get(0);
        String head = headBlock(name);
        Express e = f.express();
        assertThat(head).contains("Express (v2) " + e.portType().lspciName());
        assertThat(head).contains("Speed " + speed(e.lnkCap().speed()) + ", Width x" + e.lnkCap().width() + ",");
        assertThat(head).containsPattern("LnkSta:\\tSpeed " + java.util.regex.Pattern.quote(speed(e.lnkSta().speed()))
                + "( \\(\\w+\\))?, Width x" + e.lnkSta().width() + "\\b");
        assertThat(head).contains("Target Link Speed: " + (e.targetSpeed().isKnown() ? e.targetSpeed().lspciText()
                : "Unknown"));
        if (e.lnkCap2Max() != null && e.lnkCap2Max().isKnown()) {
            String vec = e.lnkCap2Max() == LinkSpeed.GEN1 ? "2.5GT/s" : "2.5-" + e.lnkCap2Max().lspciText();
            assertThat(head).contains("Supported Link Speeds: " + vec + ",");
        }
    }

    private static String speed(LinkSpeed s) {
        return s.isKnown() ? s.lspciText() : "unknown";
    }

    private static String headBlock(String name) throws IOException {
        List<String> all = Samples.lines("pciutils-versions/link-lines-by-version.txt");
        StringBuilder b = new StringBuilder();
        boolean in = false;
        for (String l : all) {
            if (l.startsWith("### ")) in = l.equals("### HEAD " + name);
            else if (in) b.append(l).append('\n');
        }
        assertThat(b).as("HEAD block for " + name).isNotEmpty();
        return b.toString();
    }

    @Test
    void aSixtyFourByteDumpHidesTheCapabilitiesLikeNonRoot() {
        List<String> lines = Samples.lines("pciutils-versions/synthetic/x64.txt");
        PciFunction f = HexDumpDecoder.parse("x64", lines).value().get(0);
        assertThat(f.capabilitiesHidden()).isTrue();
        assertThat(f.express()).isNull();
        assertThat(f.vendorId()).isEqualTo(0x10de);
        assertThat(f.deviceId()).isEqualTo(0x1d10);
        assertThat(f.classCode()).isEqualTo(0x0302);
    }

    @Test
    void aPatchedLnkStaByteIsReportedWithFileAndLine() throws IOException {
        List<String> lines = new ArrayList<>(Samples.lines(ARM));
        int row = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("d0: 00 00 02 41")) {
                row = i;
                break;
            }
        }
        assertThat(row).isPositive();
        lines.set(row, lines.get(row).replaceFirst("^d0: 00 00 02 41", "d0: 00 00 01 41")); // LnkSta 5 -> 2.5 GT/s
        Path f = tmp.resolve("vv.txt");
        Files.write(f, lines);
        Capture c = CaptureLoader.load(List.of(f));
        int lnkStaLine = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("LnkSta:")) {
                lnkStaLine = i + 1;
                break;
            }
        }
        int expected = lnkStaLine;
        assertThat(c.problems()).filteredOn(p -> p.severity() == Severity.WARNING).singleElement().satisfies(p -> {
            assertThat(p.file()).isEqualTo(f.toString());
            assertThat(p.line()).isEqualTo(expected);
            assertThat(p.message()).isEqualTo("hex says 2.5GT/s x16, text says 5GT/s x16 (LnkSta of 0000:00:00.0)");
        });
        // the text wins where it spoke
        assertThat(c.functions().get(0).express().lnkSta()).isEqualTo(LinkState.of(LinkSpeed.GEN2, 16));
    }

    @Test
    void hexFillsWhatAnOldLspciCouldNotDecode() throws IOException {
        List<String> lines = new ArrayList<>(Samples.lines(ARM));
        int i = 0;
        while (!lines.get(i).contains("LnkCap:")) i++;
        lines.set(i, lines.get(i).replace("Speed 8GT/s", "Speed unknown"));
        Path f = tmp.resolve("old.txt");
        Files.write(f, lines);
        Capture c = CaptureLoader.load(List.of(f));
        assertThat(c.problems()).filteredOn(p -> p.severity() == Severity.WARNING).isEmpty();
        int line = i + 1;
        assertThat(c.problems()).anySatisfy(p -> {
            assertThat(p.line()).isEqualTo(line);
            assertThat(p.message()).contains("printed the speed as unknown");
        });
        assertThat(c.functions().get(0).express().lnkCap()).isEqualTo(LinkState.of(LinkSpeed.GEN3, 16));
    }

    /** An lspci -xxxx file alone (what any lspci prints) gives the same link facts as the -vv text. */
    @Test
    void aHexOnlyFileReadsLikeTheText() throws IOException {
        List<String> hexOnly = Samples.lines(ASUS).stream()
                .filter(l -> l.isBlank() || !Character.isWhitespace(l.charAt(0)))
                .toList();
        Path f = tmp.resolve("lspci-xxxx.txt");
        Files.write(f, hexOnly);
        Capture fromHex = CaptureLoader.load(List.of(f));
        Capture fromText = CaptureLoader.load(List.of(Samples.path(ASUS)));
        assertThat(fromHex.problems()).filteredOn(p -> p.severity() == Severity.ERROR).isEmpty();
        Map<Bdf, PciFunction> t = byBdf(fromText.functions());
        assertThat(fromHex.functions()).hasSameSizeAs(fromText.functions());
        for (PciFunction h : fromHex.functions()) {
            PciFunction x = t.get(h.bdf());
            if (x.express() == null || x.express().lnkSta() == null) continue;
            assertThat(h.express().lnkSta()).as(h.bdf().toString()).isEqualTo(x.express().lnkSta());
            assertThat(h.express().capable()).as(h.bdf().toString()).isEqualTo(x.express().capable());
        }
    }

    @Test
    void brokenRowsAreLocatedAndTheDumpStops() {
        List<String> lines = List.of("00:01.0 Bridge: X", "00: 86 80 00 00 17 00 10 00 00 00 04 06 00 00 01 00",
                "20: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00", "");
        ParseResult<List<HexRows.Dump>> r = HexRows.read("f", lines);
        assertThat(r.problems()).singleElement().satisfies(p -> {
            assertThat(p.line()).isEqualTo(3);
            assertThat(p.message()).contains("not contiguous");
        });
    }
}
