package dev.lanescope.capture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import com.code_intelligence.jazzer.junit.FuzzTest;

import dev.lanescope.analysis.Analyzer;
import dev.lanescope.analysis.ladder.Ladders;
import dev.lanescope.analysis.scaling.GpuPreset;
import dev.lanescope.analysis.scaling.Scaling;
import dev.lanescope.analysis.scaling.ScalingRequest;
import dev.lanescope.model.AllReduceTable;
import dev.lanescope.model.Capture;
import dev.lanescope.model.Problem;
import dev.lanescope.model.Topology;
import dev.lanescope.model.TopologyBuilder;
import dev.lanescope.model.ladder.LadderEvidence;
import dev.lanescope.model.p2p.P2pEvidence;
import dev.lanescope.parse.AllReducePerfParser;
import dev.lanescope.parse.CatchAll;
import dev.lanescope.parse.ParseResult;
import dev.lanescope.parse.p2p.P2pEvidenceReader;

/**
 * The readers added after the capture loader, fed as users feed them: an evidence file beside a two-GPU capture (the
 * P2P ladder's every reader, then the ladder of the pair), an all_reduce table (then the scaling model on it), and a
 * collector bundle's folder with a MANIFEST, peer-evidence files and a sysfs listing. Each fails on any exception and
 * on any problem marked as a fault (a reader that threw into a last-resort handler), whatever its message says;
 * every problem names the file it came from. {@code mvn verify} replays the seeds under
 * {@code ReadersFuzzTestInputs/}; {@code scripts/fuzz.sh} fuzzes with inputs up to 1 MiB.
 */
class ReadersFuzzTest {

    private static final Path X99 = Path.of("src/test/resources/ladder/x99-two-r9700-reconstructed");
    private static Topology x99;

    private static synchronized Topology x99() {
        if (x99 == null) x99 = TopologyBuilder.build(CaptureLoader.load(List.of(X99)));
        return x99;
    }

    @FuzzTest(maxDuration = "30s")
    void evidenceAndLadder(byte[] data) {
        LadderEvidence ev = LadderEvidenceLoader.loadBytes("evidence.log", data);
        located(ev.problems(), "evidence.log");
        TextLines.Text text = TextLines.read("evidence.log", data);
        if (text != null) {
            ParseResult<P2pEvidence> r = P2pEvidenceReader.read("evidence.log", text.lines());
            located(r.problems(), "evidence.log");
        }
        Topology t = x99();
        assertThat(Ladders.allGpuPairs(t, ev)).singleElement()
                .satisfies(l -> assertThat(l.rungs()).hasSize(9));
    }

    @FuzzTest(maxDuration = "30s")
    void allReduceTableAndScaling(byte[] data) {
        TextLines.Text text = TextLines.read("all_reduce_perf.txt", data);
        if (text == null) return;
        ParseResult<AllReduceTable> r = AllReducePerfParser.parse("all_reduce_perf.txt", text.lines());
        located(r.problems(), "all_reduce_perf.txt");
        if (r.value() == null) return;
        ScalingRequest q = new ScalingRequest();
        q.model = dev.lanescope.analysis.ceiling.MoePreset.byKey("gpt-oss-120b"); // the user names it; no default
        q.gpu = GpuPreset.byKey("mi50");
        q.table = r.value();
        Scaling.Result s = Scaling.evaluate(q.toInputs());
        assertThat(s.verdict()).isNotBlank();
    }

    /**
     * A collect.sh bundle's folder: the input, cut at lines {@code =====}, is the MANIFEST's entries, the sysfs link
     * listing, the DMA-mask listing and the drivers' peer lines, beside a real lspci -vv of two GPUs.
     */
    @FuzzTest(maxDuration = "30s")
    void bundleFolderWithManifest(byte[] data) throws IOException {
        String[] parts = new String(data, StandardCharsets.ISO_8859_1).split("\n=====\n", 4);
        Path dir = Files.createTempDirectory("lanescope-fuzz-bundle-");
        try {
            Path top = Files.createDirectories(dir.resolve("lanescope-n7"));
            String[] names = {"MANIFEST", "sysfs-links.txt", "sysfs-p2p.txt", "kernel-p2p.txt"};
            for (int i = 0; i < parts.length; i++) {
                String text = i == 0 ? "# lanescope collect.sh 1\n" + parts[0] : parts[i];
                Files.write(top.resolve(names[i]), text.getBytes(StandardCharsets.ISO_8859_1));
            }
            Files.copy(X99.resolve("lspci-vv-nn.txt"), top.resolve("lspci-vv.txt"));
            Capture c = CaptureLoader.load(List.of(top));
            located(c.problems(), "lanescope-n7/");
            Topology t = TopologyBuilder.build(c);
            Analyzer.analyze(t);
            LadderEvidence ev = LadderEvidenceLoader.load(List.of(top));
            located(ev.problems(), "lanescope-n7/");
            Ladders.allGpuPairs(t, ev);
        } finally {
            try (Stream<Path> s = Files.walk(dir)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> {
                    try {
                        Files.delete(p);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            }
        }
    }

    private static void located(List<Problem> problems, String file) {
        CatchAll.assertNone(problems);
        for (Problem p : problems) assertThat(p.file()).as(p.toString()).contains(file);
    }

    /** Entry points of the standalone fuzzer ({@code scripts/fuzz.sh}). */
    public static final class Evidence {
        public static void fuzzerTestOneInput(byte[] data) {
            new ReadersFuzzTest().evidenceAndLadder(data);
        }
    }

    public static final class Table {
        public static void fuzzerTestOneInput(byte[] data) {
            new ReadersFuzzTest().allReduceTableAndScaling(data);
        }
    }

    public static final class Bundle {
        public static void fuzzerTestOneInput(byte[] data) throws IOException {
            new ReadersFuzzTest().bundleFolderWithManifest(data);
        }
    }
}
