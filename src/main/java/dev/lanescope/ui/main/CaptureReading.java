package dev.lanescope.ui.main;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import dev.lanescope.layout.TopologyLayouts;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Capture;
import dev.lanescope.model.Topology;
import dev.lanescope.pipeline.CaptureAnalysis;
import dev.lanescope.ui.common.FxTasks;
import dev.lanescope.ui.model.InsightsFactory;
import dev.lanescope.ui.model.PictureFocus;
import dev.lanescope.ui.session.OpenCapture;

/** Opening a capture, the part that runs off the FX thread: read, build, analyse, lay out the first view. */
final class CaptureReading {

    private CaptureReading() {
    }

    /** On the worker: reads, analyses and lays out the capture; with -Dlanescope.timing, prints how long each took. */
    static OpenCapture read(List<Path> in, Bdf select, double vw, double vh, FxTasks.Progress p)
            throws Exception {
        long t0 = System.nanoTime();
        long[] read = new long[1];
        CaptureAnalysis ca = CaptureAnalysis.load(in, false, (fraction, what) -> {
            if (read[0] == 0 && fraction > 0.05) read[0] = System.nanoTime();
            p.update(fraction, what);
        });
        long t1 = read[0] == 0 ? System.nanoTime() : read[0];
        Capture capture = ca.capture();
        Topology topology = ca.topology();
        InsightsFactory.Analysed analysed = InsightsFactory.from(ca);
        long t2 = System.nanoTime();
        p.update(0.75, "Laying out " + topology.functions().size() + " functions …");
        TopologyLayouts.Picture picture = PictureFocus.firstView(analysed, Set.of(), select, vw, vh);
        long t3 = System.nanoTime();
        if (Boolean.getBoolean("lanescope.timing")) {
            System.out.printf("lanescope timing: read %d ms, build+analyse %d ms, layout %d ms (at %d ms after JVM start)%n",
                    (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, (t3 - t2) / 1_000_000,
                    java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime());
        }
        p.update(1.0, "Done");
        return new OpenCapture(in, capture.label(), analysed, picture);
    }
}
