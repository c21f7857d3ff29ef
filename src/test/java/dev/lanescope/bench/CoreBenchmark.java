package dev.lanescope.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import dev.lanescope.analysis.Analyzer;
import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.model.Capture;
import dev.lanescope.model.Topology;
import dev.lanescope.model.TopologyBuilder;
import dev.lanescope.parse.ParseResult;
import dev.lanescope.parse.VerboseParser;

/**
 * Read + build + analyse throughput (run with scripts/bench-core.sh, results in docs/bench/core.md).
 * Targets from the core issue: at least 100 MB/s of -vv text; 10,000 functions in under 0.5 s; under 256 MB heap
 * (the script runs the fork with -Xmx256m, so exceeding it fails the run).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx256m"})
public class CoreBenchmark {

    private List<String> largest;
    private List<String> tenThousand;
    private Path tenThousandFile;

    @Setup
    public void setUp() throws IOException {
        largest = Files.readAllLines(SyntheticCapture.largestSample(), StandardCharsets.UTF_8);
        tenThousand = SyntheticCapture.withAtLeast(SyntheticCapture.largestSample(), 10_000);
        tenThousandFile = Files.createTempFile("lanescope-bench-10k", ".txt");
        Files.write(tenThousandFile, tenThousand, StandardCharsets.UTF_8);
    }

    /** Parsing alone, largest real sample: divide its size by the time for MB/s. */
    @Benchmark
    public void parseLargestSample(Blackhole bh) {
        ParseResult<?> r = VerboseParser.parse("vv.txt", largest);
        bh.consume(r);
    }

    /** Parse, build the graph and run every analysis on the largest real sample. */
    @Benchmark
    public void readBuildAnalyseLargestSample(Blackhole bh) {
        bh.consume(analyse(VerboseParser.parse("vv.txt", largest)));
    }

    /** The same on 10,000+ functions (the largest sample replicated into separate domains). */
    @Benchmark
    public void readBuildAnalyseTenThousand(Blackhole bh) {
        bh.consume(analyse(VerboseParser.parse("vv-10k.txt", tenThousand)));
    }

    /** From a file on disk through the capture loader (role detection included). */
    @Benchmark
    public void loadFileBuildAnalyseTenThousand(Blackhole bh) {
        Capture c = CaptureLoader.load(List.of(tenThousandFile));
        Topology t = TopologyBuilder.build(c);
        bh.consume(Analyzer.analyze(t));
    }

    private static Object analyse(ParseResult<List<dev.lanescope.model.PciFunction>> parsed) {
        Capture c = new Capture("bench", List.of(), parsed.value(), List.of(), List.of(), List.of(), null,
                java.util.Map.of(), parsed.problems());
        Topology t = TopologyBuilder.build(c);
        return Analyzer.analyze(t);
    }
}
