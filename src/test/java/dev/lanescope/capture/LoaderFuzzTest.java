package dev.lanescope.capture;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import com.code_intelligence.jazzer.junit.FuzzTest;

import dev.lanescope.analysis.Analyzer;
import dev.lanescope.analysis.Report;
import dev.lanescope.model.Capture;
import dev.lanescope.model.Problem;
import dev.lanescope.model.Topology;
import dev.lanescope.model.TopologyBuilder;
import dev.lanescope.parse.CatchAll;

/**
 * The loader and every analysis on any bytes: no exception, no parser throwing into a last-resort handler, every
 * problem inside the file. {@code mvn verify} replays the seeds (real
 * captures, under {@code src/test/resources/.../LoaderFuzzTestInputs/}); {@code scripts/fuzz.sh} fuzzes.
 */
class LoaderFuzzTest {

    @FuzzTest(maxDuration = "30s")
    void loaderAndAnalysis(byte[] data) {
        Capture c = CaptureLoader.loadBytes("fuzz.txt", data);
        long lines = 1 + new String(data, StandardCharsets.ISO_8859_1).chars().filter(ch -> ch == '\n').count();
        CatchAll.assertNone(c.problems());
        for (Problem p : c.problems()) {
            assertThat(p.file()).as(p.toString()).isEqualTo("fuzz.txt");
            assertThat((long) p.line()).as(p.toString()).isBetween(0L, lines + 1);
        }
        if (c.functions().isEmpty() && c.tree().isEmpty()) return;
        Topology t = TopologyBuilder.build(c);
        Report r = Analyzer.analyze(t);
        assertThat(r.hops()).isNotNull();
    }

    /** Entry point of the standalone fuzzer ({@code scripts/fuzz.sh}). */
    public static void fuzzerTestOneInput(byte[] data) {
        new LoaderFuzzTest().loaderAndAnalysis(data);
    }
}
