package dev.lanescope.ui.png;

import java.nio.file.Path;
import java.util.List;

import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Topology;
import dev.lanescope.model.TopologyBuilder;

/** What the CLI's {@code export --png} does, as a plain main: run in a fresh JVM by {@link PngHeadlessTest}. */
public final class HeadlessRenderMain {

    private HeadlessRenderMain() {
    }

    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        Topology t = TopologyBuilder.build(CaptureLoader.load(List.of(Path.of(args[0]))));
        Path out = PngExporter.renderHeadless(t, Path.of(args[1]), args.length > 2 ? Bdf.parse(args[2]) : null);
        System.out.println("wrote " + out + " in " + (System.nanoTime() - t0) / 1_000_000 + " ms");
        System.exit(0);
    }
}
