package dev.lanescope.ui.health;

import dev.lanescope.analysis.Analyzer;
import dev.lanescope.analysis.Report;
import dev.lanescope.analysis.UnderLoad;
import dev.lanescope.analysis.WatchSummary;
import dev.lanescope.model.Topology;
import dev.lanescope.model.WatchRecord;
import dev.lanescope.pipeline.CaptureAnalysis;

/**
 * A watch against the capture open in the main window, without the toolkit: the capture's topology, the report it
 * shows, the evidence that report was judged with, and its boot id. A watch kept in the capture is shown with the
 * report as it is (the capture was judged with it when read, as {@code analyze} does); a watch of this machine taken
 * now adds its evidence and judges the capture again, which recolours the picture, but only when the capture is a
 * read of this very boot; otherwise the links are shown as read, not judged.
 */
public record WatchOnCapture(String label, Topology topology, Report report, UnderLoad evidence, String bootId) {

    /**
     * What to show, and the report to show in the picture (null when the picture does not change).
     *
     * @param evidence the evidence {@code report} was judged with (null with it)
     */
    public record Judged(WatchTimeline timeline, Report report, UnderLoad evidence) {
    }

    /** No capture open: a watch of this machine is shown as read. */
    public static final WatchOnCapture NONE = new WatchOnCapture(null, null, null, UnderLoad.none(), null);

    /** The watch kept in the capture (collect.sh --watch, lanescope watch), as the command line shows it. */
    public Judged kept(WatchRecord w) {
        if (topology == null) {
            return new Judged(WatchTimeline.unjudged(w, "No capture to judge it against."), null, null);
        }
        if (!CaptureAnalysis.sameBoot(bootId, w)) {
            return new Judged(WatchTimeline.unjudged(w, "This watch was taken on boot " + w.bootId()
                    + ", the capture on boot " + bootId + ": a watch of another boot does not judge this one's links."),
                    null, null);
        }
        return new Judged(WatchTimeline.judged(w, topology, report), null, null);
    }

    /** A watch of this machine taken now: judged with the capture when the capture is a read of this boot. */
    public Judged live(WatchRecord w) {
        if (topology == null || bootId == null || w.bootId() == null || !CaptureAnalysis.sameBoot(bootId, w)) {
            return new Judged(WatchTimeline.unjudged(w, notThisBoot(w)), null, null);
        }
        UnderLoad ev = evidence.and(WatchSummary.of(w).evidence());
        Report judged = Analyzer.analyze(topology, ev);
        return new Judged(WatchTimeline.judged(w, topology, judged), judged, ev);
    }

    private String notThisBoot(WatchRecord w) {
        String why = topology == null ? "No capture is open"
                : bootId == null ? "The open capture (" + label + ") names no boot, so it cannot be told to be this"
                + " machine's" : "The open capture (" + label + ") is of boot " + bootId + ", this machine is on boot "
                + (w.bootId() == null ? "unknown" : w.bootId());
        return why + ": the links are shown as read, without verdicts. To judge them and colour the picture, read"
                + " this machine first (File ▸ Read this machine now), then watch.";
    }
}
