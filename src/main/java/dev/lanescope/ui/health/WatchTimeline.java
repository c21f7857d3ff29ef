package dev.lanescope.ui.health;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.lanescope.analysis.Report;
import dev.lanescope.analysis.WatchReport;
import dev.lanescope.analysis.WatchSummary;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.Topology;
import dev.lanescope.model.WatchRecord;

/**
 * What the Watch window shows, without the toolkit: a heading, then per watched hop its title, the link state at
 * every sample (a timeline), the lowest and highest state, the verdict colour, and the sentence the command line
 * prints for it ({@link WatchReport}: one home for the words). Without a capture of the same boot to judge against,
 * the rows are the watched functions' own links and say they are not judged.
 *
 * @param heading the first line ("Watch of gpu-7, boot …: 30 sample(s) every 1 s over 29 s …")
 * @param rows    one per hop (or per function when not judged), in address order
 * @param note    what the rows cannot say, in one line ("" when nothing to add): no link files, not judged
 */
public record WatchTimeline(String heading, List<Row> rows, String note) {

    public WatchTimeline {
        rows = List.copyOf(rows);
    }

    /** Said where the watched machine has no GPU, NIC or NVMe link files at all. */
    public static final String NO_LINK_FILES = "No GPU, NIC or NVMe drive link was read: none of them shows"
            + " current_link_speed in /sys/bus/pci/devices here (a virtual machine's virtio devices have no link),"
            + " so there is no timeline to draw.";

    /**
     * One hop (or function) over the window.
     *
     * @param title     "0000:00:01.0 -> 0000:01:00.0" (the hop), or the function's address
     * @param colourKey the hop's verdict colour token (as the picture colours it), or null when not judged
     * @param sentence  the command line's sentence for it
     * @param points    the link state at each sample that read it, in time order
     * @param capable   what both ends can do (the hop's capability, else the function's sysfs maximum), or null
     */
    public record Row(String title, String colourKey, String sentence, List<Point> points, LinkState capable,
                      LinkState lowest, LinkState highest) {
        public Row {
            points = List.copyOf(points);
        }

        /** "2.5 GT/s x16 to 32 GT/s x16", or "16 GT/s x16 throughout", or "not read". */
        public String range() {
            return WatchTimeline.range(lowest, highest);
        }
    }

    static String range(LinkState lowest, LinkState highest) {
        if (lowest == null || highest == null) return "no link state read";
        return lowest.equals(highest) ? lowest.display() + " throughout"
                : "lowest " + lowest.display() + ", highest " + highest.display();
    }

    /** A link state read at {@code seconds} after the first sample. */
    public record Point(double seconds, LinkState state) {
    }

    /** The watch judged against a capture of its own boot (its topology and report, judged with the watch). */
    public static WatchTimeline judged(WatchRecord record, Topology topology, Report report) {
        WatchSummary summary = WatchSummary.of(record);
        WatchReport w = WatchReport.of(topology, report, summary);
        List<Row> rows = new ArrayList<>();
        for (WatchReport.Hop h : w.hops()) {
            LinkState capable = h.verdict().link().capable() != null ? h.verdict().link().capable()
                    : h.seen().capable();
            rows.add(new Row(h.verdict().hopLabel(), h.verdict().verdict().colourKey(), h.sentence(),
                    points(record, h.seen().bdf()), capable, h.seen().lowest(), h.seen().highest()));
        }
        for (WatchReport.OwnLink o : w.ownLinks()) {
            rows.add(new Row(o.bdf().toString(), null, o.sentence(), points(record, o.bdf()), o.seen().capable(),
                    o.seen().lowest(), o.seen().highest()));
        }
        return new WatchTimeline(w.lines().get(0), rows, anyRead(summary) ? "" : NO_LINK_FILES);
    }

    /** The watch alone: each watched function's own link, not judged ({@code why} says why, in one line). */
    public static WatchTimeline unjudged(WatchRecord record, String why) {
        WatchSummary summary = WatchSummary.of(record);
        WatchReport w = new WatchReport(summary, List.of(), List.of());
        List<Row> rows = new ArrayList<>();
        for (WatchSummary.Seen s : summary.seen()) {
            if (s.highest() == null) continue;
            WatchRecord.Device d = record.devices().get(s.bdf());
            String title = s.bdf() + (d == null ? " (a port on a watched path)" : "");
            String sentence = s.bdf() + ": " + range(s.lowest(), s.highest())
                    + (s.capable() == null ? "" : ", its maximum " + s.capable().display()) + ". Not judged.";
            rows.add(new Row(title, null, sentence, points(record, s.bdf()), s.capable(), s.lowest(), s.highest()));
        }
        boolean read = anyRead(summary);
        return new WatchTimeline(w.lines().get(0), rows, read ? why : NO_LINK_FILES);
    }

    private static boolean anyRead(WatchSummary summary) {
        return summary.seen().stream().anyMatch(s -> s.highest() != null);
    }

    /** The function's link state at every sample that read one. */
    static List<Point> points(WatchRecord record, Bdf bdf) {
        List<Point> out = new ArrayList<>();
        Instant start = record.samples().isEmpty() ? null : record.samples().get(0).at();
        for (WatchRecord.Sample s : record.samples()) {
            WatchRecord.Reading r = s.readings().get(bdf);
            LinkState st = r == null ? null : WatchSummary.stateOf(r);
            if (st == null) continue;
            double t = start == null || s.at() == null ? s.index() - 1
                    : Duration.between(start, s.at()).toMillis() / 1000.0;
            out.add(new Point(t, st));
        }
        return out;
    }
}
