package dev.lanescope.analysis;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.ErrorCounters;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.PciFunction;

/**
 * A watch read against the hops it covered (docs/RULES.md §12): per hop the lowest and highest state seen and when,
 * the verdict the watch led to, the errors added in the window, and "nothing proven" where the GPU stayed idle.
 */
public record WatchReport(WatchSummary summary, List<Hop> hops, List<OwnLink> ownLinks) {

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    public WatchReport {
        hops = List.copyOf(hops);
        ownLinks = List.copyOf(ownLinks);
    }

    /**
     * One hop the watch read.
     *
     * @param verdict  the hop's verdict with the watch's evidence
     * @param seen     what the watch read on the function whose link status describes the hop (the port, else the device)
     * @param errors   errors added during the window, port and device together (-1 counters: not read twice)
     * @param idle     the watch proves nothing for this GPU hop: its link sat still and the GPU was not seen busy
     * @param sentence the hop in one line of words
     */
    public record Hop(HopVerdict verdict, WatchSummary.Seen seen, ErrorCounters errors, boolean idle, String sentence) {
    }

    /** A watched device with no port above it: its own link over the window, and whether it stayed idle. */
    public record OwnLink(Bdf bdf, WatchSummary.Seen seen, boolean idle, String sentence) {
    }

    /** The hops of {@code report} (judged with the watch's evidence) that the watch read. */
    public static WatchReport of(Report report, WatchSummary summary) {
        return of(null, report, summary);
    }

    /**
     * As {@link #of(Report, WatchSummary)}, plus a line for each watched device that has no port above it in
     * {@code topology} (a cloud VM's passed-through GPU): its own link is all there is to read.
     */
    public static WatchReport of(dev.lanescope.model.Topology topology, Report report, WatchSummary summary) {
        List<Hop> out = new ArrayList<>();
        for (HopVerdict v : report.hops()) {
            if (v.link().device() == null) continue;
            Bdf port = v.link().port().bdf();
            Bdf dev = v.link().device().bdf();
            Optional<WatchSummary.Seen> s = summary.of(port).filter(x -> x.highest() != null).or(() -> summary.of(dev));
            if (s.isEmpty()) continue;
            ErrorCounters errors = add(summary.of(port).map(WatchSummary.Seen::errors).orElse(ErrorCounters.NONE),
                    summary.of(dev).map(WatchSummary.Seen::errors).orElse(ErrorCounters.NONE));
            boolean gpuIdle = v.facts().leadsToGpu() && !s.get().underLoad()
                    && !summary.of(dev).map(WatchSummary.Seen::underLoad).orElse(false);
            out.add(new Hop(v, s.get(), errors, gpuIdle, sentence(v, s.get(), errors, gpuIdle, summary)));
        }
        java.util.Set<Bdf> covered = new java.util.HashSet<>();
        for (Hop h : out) {
            covered.add(h.verdict().link().port().bdf());
            covered.add(h.verdict().link().device().bdf());
        }
        List<OwnLink> own = new ArrayList<>();
        for (dev.lanescope.model.WatchRecord.Device d : summary.record().devices().values()) {
            if (covered.contains(d.bdf()) || d.path().size() > 1) continue;
            summary.of(d.bdf()).filter(s -> s.highest() != null).ifPresent(s -> own.add(new OwnLink(d.bdf(), s,
                    !s.underLoad(), ownLink(topology, d, s))));
        }
        return new WatchReport(summary, out, own);
    }

    /** A device with no port above it: its own link over the window, against its own maximum. */
    private static String ownLink(dev.lanescope.model.Topology topology, dev.lanescope.model.WatchRecord.Device d,
                                  WatchSummary.Seen s) {
        PciFunction f = topology == null ? null : topology.node(d.bdf()).map(n -> n.function()).orElse(null);
        StringBuilder sb = new StringBuilder(d.bdf().toString());
        if (f != null) sb.append(" (").append(Hardware.kind(f)).append(' ').append(Hardware.name(f)).append(')');
        sb.append(": its own link (no port above it in this capture: the host's path is hidden, as in a cloud VM): ");
        sb.append(s.moved() ? "lowest " + s.lowest().display() + at(s.lowestAt()) + ", highest " + s.highest().display()
                + at(s.highestAt()) : s.highest().display() + " throughout");
        if (s.capable() != null) sb.append(", its maximum ").append(s.capable().display());
        sb.append(". ");
        boolean atMax = s.capable() != null && s.highest().mbps() >= s.capable().mbps();
        if (!s.underLoad()) {
            sb.append(s.gpuReading() ? "Nothing proven: the GPU stayed idle during the window."
                    : "Nothing proven: the link never moved and no utilisation was read.");
        } else if (atMax) {
            sb.append("It worked (utilisation up to ").append(Math.max(0, s.maxUtil())).append(" %) at its maximum"
                    + " link: nothing held the link back during the window.");
        } else {
            sb.append("It worked (utilisation up to ").append(Math.max(0, s.maxUtil())).append(" %) below its maximum"
                    + " link: degraded under load.");
        }
        return sb.append(' ').append(errorWords(s.errors())).toString();
    }

    /** The first lines: what was watched, then one line per hop. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        var r = summary.record();
        out.add("Watch of " + (r.host() == null ? "this machine" : r.host()) + (r.bootId() == null ? ""
                : ", boot " + r.bootId()) + ": " + r.samples().size() + " sample(s)"
                + (r.intervalSeconds() > 0 ? " every " + trim(r.intervalSeconds()) + " s" : "") + " over "
                + summary.window().toSeconds() + " s" + (r.started() == null ? "" : ", from " + r.started()) + ".");
        if (hops.isEmpty() && ownLinks.isEmpty()) out.add("No hop of the capture was read by the watch.");
        for (Hop h : hops) out.add(h.sentence());
        for (OwnLink o : ownLinks) out.add(o.sentence());
        return out;
    }

    private static String sentence(HopVerdict v, WatchSummary.Seen s, ErrorCounters errors, boolean idle,
                                   WatchSummary summary) {
        StringBuilder sb = new StringBuilder(v.hopLabel());
        PciFunction dev = v.link().device();
        sb.append(" (").append(Hardware.kind(dev)).append(' ').append(Hardware.name(dev)).append("): ");
        if (!s.moved() && s.lowest() != null) {
            sb.append(s.lowest().display()).append(" throughout");
        } else if (s.lowest() != null) {
            sb.append("lowest ").append(s.lowest().display()).append(at(s.lowestAt())).append(", highest ")
                    .append(s.highest().display()).append(at(s.highestAt()));
        } else {
            sb.append("no link state read");
        }
        LinkState capable = v.link().capable();
        if (capable != null) sb.append(", both ends can do ").append(capable.display());
        sb.append(". ");
        if (idle) {
            sb.append("Nothing proven: the GPU stayed idle during the window (its link never moved").append(s.gpuReading()
                    ? " and nvidia-smi never showed it busy" : " and no utilisation was read").append("); run the job"
                    + " beside the watch. Verdict stays ").append(v.verdict().words()).append('.');
        } else {
            sb.append(s.underLoad() ? "Under load: " : "").append(v.verdict().words());
            if (s.underLoad() && v.facts().climbedUnderLoad()) sb.append(" (it climbed: the low reading was idle power"
                    + " management)");
            else if (s.underLoad() && v.facts().loadGenerationRead() && v.verdict().isFault()) {
                sb.append(" (it stayed below what both ends can do while working)");
            }
            sb.append('.');
        }
        sb.append(' ').append(errorWords(errors));
        return sb.toString();
    }

    /** "No error counted during the window." / "+3 correctable errors during the window." / counters not read. */
    static String errorWords(ErrorCounters d) {
        if (!d.read()) return "Error counters were not read twice (no AER counters in sysfs, or one sample).";
        List<String> parts = new ArrayList<>();
        if (d.correctable() > 0) parts.add("+" + d.correctable() + " correctable");
        if (d.nonFatal() > 0) parts.add("+" + d.nonFatal() + " non-fatal");
        if (d.fatal() > 0) parts.add("+" + d.fatal() + " fatal");
        if (d.replays() > 0) parts.add("+" + d.replays() + " replays");
        return parts.isEmpty() ? "No error counted during the window."
                : String.join(", ", parts) + " during the window: the link erred while watched.";
    }

    private static ErrorCounters add(ErrorCounters a, ErrorCounters b) {
        return new ErrorCounters(sum(a.correctable(), b.correctable()), sum(a.nonFatal(), b.nonFatal()),
                sum(a.fatal(), b.fatal()), sum(a.replays(), b.replays()), sum(a.rootCorrectable(), b.rootCorrectable()),
                sum(a.rootNonFatal(), b.rootNonFatal()), sum(a.rootFatal(), b.rootFatal()));
    }

    private static long sum(long a, long b) {
        return a < 0 ? b : b < 0 ? a : a + b;
    }

    private static String at(Instant t) {
        return t == null ? "" : " at " + CLOCK.format(t);
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
