package dev.lanescope.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.ui.png.PngExporter;
import dev.lanescope.layout.SyntheticTopologies;
import dev.lanescope.layout.TopologyLayouts;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Topology;
import dev.lanescope.model.TopologyBuilder;

/**
 * Benchmark of the window's slow parts (not a test; see docs/bench/ui-bench.md for how it is run):
 * a 1,000-function layout, and PNG export of the default sample (first and warm).
 */
public final class UiBench {

    private UiBench() {
    }

    public static void main(String[] args) throws Exception {
        Topology big = SyntheticTopologies.build(1000, 24);
        Set<String> all = TopologyLayouts.of(big, Set.of()).nodes().values().stream()
                .filter(n -> n.groupKey() != null).map(TopologyLayouts.NodeView::groupKey).collect(Collectors.toSet());
        System.out.printf("synthetic capture: %d functions, %d links%n", big.functions().size(), big.links().size());
        for (int i = 0; i < 6; i++) {
            long t0 = System.nanoTime();
            TopologyLayouts.Picture p = TopologyLayouts.of(big, all);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            System.out.printf("layout, every function its own box (%d boxes): run %d: %d ms%n", p.nodes().size(), i + 1, ms);
        }
        for (int i = 0; i < 3; i++) {
            long t0 = System.nanoTime();
            TopologyLayouts.Picture p = TopologyLayouts.of(big, Set.of());
            System.out.printf("layout, identical siblings folded (%d boxes): run %d: %d ms%n", p.nodes().size(), i + 1,
                    (System.nanoTime() - t0) / 1_000_000);
        }
        Path sample = Path.of("samples/hp-laptop-coffeelake-gtx1650-titanridge");
        Topology t = TopologyBuilder.build(CaptureLoader.load(List.of(sample)));
        Path dir = Files.createTempDirectory("lanescope-bench-");
        for (int i = 0; i < 5; i++) {
            long a0 = System.nanoTime();
            dev.lanescope.ui.model.InsightsFactory.analyse(t);
            TopologyLayouts.of(t, Set.of());
            System.out.printf("  of which analysis + layout alone: %d ms%n", (System.nanoTime() - a0) / 1_000_000);
            long t0 = System.nanoTime();
            Path out = PngExporter.renderHeadless(t, dir.resolve("b" + i + ".png"), Bdf.parse("0000:01:00.0"));
            System.out.printf("PNG export of the sample (analysis + layout + snapshot + encode + write, %d bytes): run %d: %d ms%n",
                    Files.size(out), i + 1, (System.nanoTime() - t0) / 1_000_000);
        }
        System.exit(0);
    }
}
