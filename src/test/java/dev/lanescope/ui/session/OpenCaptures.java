package dev.lanescope.ui.session;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import dev.lanescope.layout.TopologyLayouts;
import dev.lanescope.pipeline.CaptureAnalysis;
import dev.lanescope.ui.model.InsightsFactory;

/** For view-model tests without the toolkit: a session with a capture from the test resources open in it. */
public final class OpenCaptures {

    private OpenCaptures() {
    }

    /** The capture read, analysed and laid out (the whole machine), as the window would open it. */
    public static OpenCapture of(Path... inputs) {
        List<Path> in = List.of(inputs);
        CaptureAnalysis ca = CaptureAnalysis.load(in);
        InsightsFactory.Analysed a = InsightsFactory.from(ca);
        return new OpenCapture(in, ca.capture().label(), a, TopologyLayouts.of(a.topology(), Set.of()));
    }

    /** A session with the capture open and nothing selected. */
    public static Session sessionOn(Path... inputs) {
        Session s = new Session();
        s.show(of(inputs));
        return s;
    }
}
