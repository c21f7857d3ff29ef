package dev.lanescope.ui.session;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.lanescope.layout.TopologyLayouts;
import dev.lanescope.model.Topology;
import dev.lanescope.ui.model.Insights;
import dev.lanescope.ui.model.InsightsFactory;

/**
 * What is open: the files read, the capture's label, its analysis (with any evidence applied) and the picture laid
 * out for it.
 */
public record OpenCapture(List<Path> inputs, String label, InsightsFactory.Analysed analysed,
                          TopologyLayouts.Picture picture) {

    public OpenCapture {
        inputs = List.copyOf(inputs);
    }

    public Topology topology() {
        return analysed.topology();
    }

    public Insights insights() {
        return analysed.insights();
    }

    /** The same capture and analysis drawn as {@code p} (a group opened or folded, the focus changed). */
    public OpenCapture withPicture(TopologyLayouts.Picture p) {
        return new OpenCapture(inputs, label, analysed, p);
    }

    /** The same capture and picture with a new analysis (e.g. with a probe receipt's evidence). */
    public OpenCapture withAnalysis(InsightsFactory.Analysed a) {
        return new OpenCapture(inputs, label, a, picture);
    }

    /** "label · host H · captured T": which machine and when, as the window's header and the PNG's title say it. */
    public String captureLine() {
        return captureLine(label, topology());
    }

    /** As {@link #captureLine()}, for a capture that is not open in a window (the command line's PNG). */
    public static String captureLine(String label, Topology t) {
        Map<String, String> md = t.capture().metadata();
        StringBuilder sb = new StringBuilder(label);
        String host = md.getOrDefault("host", md.get("hostname"));
        if (host != null) sb.append(" · host ").append(host);
        String time = md.getOrDefault("captured", md.getOrDefault("capture-time", md.getOrDefault("date", md.get("time"))));
        if (time != null) sb.append(" · captured ").append(time);
        return sb.toString();
    }
}
