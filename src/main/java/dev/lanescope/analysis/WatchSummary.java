package dev.lanescope.analysis;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.lanescope.model.DeviceKind;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.ErrorCounters;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.WatchRecord;

/**
 * What a watch proves, function by function, like a receipt (docs/RULES.md §12): the lowest and the highest link
 * state seen and when, the errors added during the window, and whether the GPU worked. A link that moved during the
 * window, or whose GPU was seen busy, was under load, and its highest state is under-load evidence for its hop; a link
 * that sat still beside an idle GPU proves nothing ("the GPU stayed idle").
 */
public record WatchSummary(WatchRecord record, List<Seen> seen) {

    /** A GPU counts as busy from this utilisation on (percent, nvidia-smi utilization.gpu). */
    public static final int BUSY_PERCENT = 5;

    public WatchSummary {
        seen = List.copyOf(seen);
    }

    /**
     * One function over the window.
     *
     * @param lowest     the lowest link state read (sysfs current_link_*, else nvidia-smi), or null
     * @param highest    the highest link state read, or null
     * @param capable    the function's sysfs max_link_*, or null
     * @param errors     the counters added during the window (-1: not read twice)
     * @param busy       the function, or a GPU below it, was seen busy
     * @param gpuReading the function is a GPU that nvidia-smi read (utilisation known)
     * @param maxUtil    the highest utilisation read, percent (-1: none)
     */
    public record Seen(Bdf bdf, LinkState lowest, Instant lowestAt, LinkState highest, Instant highestAt,
                       LinkState capable, ErrorCounters errors, boolean busy, boolean gpuReading, int samples,
                       int maxUtil) {

        /** The link changed state during the window: something drove it. */
        public boolean moved() {
            return lowest != null && highest != null && !lowest.equals(highest);
        }

        /** Under load: it moved, or its GPU worked. */
        public boolean underLoad() {
            return moved() || busy;
        }
    }

    /** Reads a watch. */
    public static WatchSummary of(WatchRecord r) {
        Map<Bdf, Acc> acc = new LinkedHashMap<>();
        Map<Bdf, Boolean> busy = new LinkedHashMap<>();
        for (WatchRecord.Sample s : r.samples()) {
            for (Map.Entry<Bdf, WatchRecord.Reading> e : s.readings().entrySet()) {
                acc.computeIfAbsent(e.getKey(), k -> new Acc()).add(s, e.getValue());
                if (e.getValue().utilization() >= BUSY_PERCENT) busy.put(e.getKey(), true);
            }
        }
        List<Seen> out = new ArrayList<>();
        for (Map.Entry<Bdf, Acc> e : acc.entrySet()) {
            Bdf bdf = e.getKey();
            Acc a = e.getValue();
            boolean b = busy.containsKey(bdf) || busyBelow(r, bdf, busy);
            out.add(new Seen(bdf, a.lowest, a.lowestAt, a.highest, a.highestAt, a.capable,
                    a.last == null || a.first == null ? ErrorCounters.NONE : a.last.since(a.first), b, a.gpu, a.n,
                    a.maxUtil));
        }
        out.sort((x, y) -> x.bdf().compareTo(y.bdf()));
        return new WatchSummary(r, out);
    }

    /** A GPU whose path from its root port passes through {@code port} was busy. */
    private static boolean busyBelow(WatchRecord r, Bdf port, Map<Bdf, Boolean> busy) {
        for (WatchRecord.Device d : r.devices().values()) {
            if (busy.containsKey(d.bdf()) && d.path().contains(port)) return true;
        }
        return false;
    }

    /** The window's length, first sample to last (zero with one sample). */
    public Duration window() {
        List<WatchRecord.Sample> s = record.samples();
        if (s.size() < 2 || s.get(0).at() == null || s.get(s.size() - 1).at() == null) return Duration.ZERO;
        return Duration.between(s.get(0).at(), s.get(s.size() - 1).at());
    }

    /** "a 60 s watch (2026-12-04T13:00:00Z)". */
    public String describe() {
        return "a " + window().toSeconds() + " s watch" + (record.started() == null ? "" : " (" + record.started() + ")");
    }

    /** The highest state of every function that was under load, as evidence for its hop; counters as last read. */
    public UnderLoad evidence() {
        UnderLoad ev = UnderLoad.none();
        for (Seen s : seen) {
            if (!s.underLoad() || s.highest() == null || !s.highest().speed().isKnown()) continue;
            ev = ev.with(s.bdf(), s.highest().speed().generation(), s.highest().width(), describe() + " while it worked");
        }
        return ev.withErrors(lastCounters());
    }

    /** Each function's counters in the last sample that read them (since boot). */
    public Map<Bdf, ErrorCounters> lastCounters() {
        Map<Bdf, ErrorCounters> m = new LinkedHashMap<>();
        for (WatchRecord.Sample s : record.samples()) {
            s.readings().forEach((k, v) -> {
                if (v.errors().read() || v.errors().rootCorrectable() >= 0) m.put(k, v.errors());
            });
        }
        return m;
    }

    /** The summary of one function, if it was sampled. */
    public java.util.Optional<Seen> of(Bdf bdf) {
        return seen.stream().filter(s -> s.bdf().equals(bdf)).findFirst();
    }

    /**
     * The link state one reading shows: sysfs {@code current_link_*}, else nvidia-smi's current generation and width;
     * null when neither was read.
     */
    public static LinkState stateOf(WatchRecord.Reading r) {
        LinkState st = r.current();
        if ((st == null || !st.speed().isKnown()) && r.nvGeneration() > 0) {
            st = LinkState.of(LinkSpeed.ofGeneration(r.nvGeneration()), Math.max(0, r.nvWidth()));
        }
        return st != null && st.speed().isKnown() ? st : null;
    }

    /** Whether the function is one the watch follows for itself (a GPU, NIC or NVMe drive), by its class. */
    public static boolean watched(int classCode) {
        PciFunction.Builder b = PciFunction.builder(new Bdf(0, 0, 0, 0));
        b.classCode = classCode;
        DeviceKind k = DeviceKind.of(b.build());
        return k.isDisplayOrAccelerator() && k != DeviceKind.MANAGEMENT_DISPLAY || k == DeviceKind.NIC
                || k == DeviceKind.DATACENTRE_NIC || k == DeviceKind.NVME;
    }

    private static final class Acc {
        LinkState lowest;
        Instant lowestAt;
        LinkState highest;
        Instant highestAt;
        LinkState capable;
        ErrorCounters first;
        ErrorCounters last;
        boolean gpu;
        int n;
        int maxUtil = -1;

        void add(WatchRecord.Sample s, WatchRecord.Reading r) {
            n++;
            LinkState st = stateOf(r);
            if (r.utilization() >= 0) gpu = true;
            maxUtil = Math.max(maxUtil, r.utilization());
            if (r.max() != null) capable = r.max();
            if (st != null && st.speed().isKnown()) {
                if (lowest == null || st.mbps() < lowest.mbps()) {
                    lowest = st;
                    lowestAt = s.at();
                }
                if (highest == null || st.mbps() > highest.mbps()) {
                    highest = st;
                    highestAt = s.at();
                }
            }
            if (r.nvGeneration() > 0 && highest != null && r.nvGeneration() > highest.speed().generation()) {
                highest = LinkState.of(LinkSpeed.ofGeneration(r.nvGeneration()), Math.max(highest.width(), r.nvWidth()));
                highestAt = s.at();
            }
            if (r.errors().read() || r.errors().rootCorrectable() >= 0) {
                if (first == null) first = r.errors();
                last = r.errors();
            }
        }
    }
}
