package dev.lanescope.probe;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import dev.lanescope.model.Units;

/**
 * A receipt read in words (docs/RULES.md §7): the link state first (a number without
 * it is not a claim; a link recorded below what it can do voids the timings), then what the sweep says: how close
 * the link came to its usable bandwidth, whether pinning is a lever, whether async ≈ sync (link-limited), the fixed
 * cost per transfer at small sizes (engine vs link at the same size), and the achieved/usable ratio per size.
 */
public record ReceiptReading(List<String> sentences, List<Row> rows, int trainedGen, int trainedWidth,
                             String trainedFrom, int capableGen, int capableWidth, boolean voidTimings,
                             boolean claimable) {

    /** The eight series a chart shows (memory, mode). */
    public static final List<String> SERIES = List.of("pinned h2d_async", "pinned h2d_sync", "pinned d2h",
            "pageable h2d_async", "pageable h2d_sync", "pageable d2h", "pinned single", "pageable single");

    /** One transfer size: GB/s per series, usable at the trained and the capable link, achieved/usable ratios. */
    public record Row(long bytes, Map<String, Double> gbps, double usableTrained, double usableCapable) {
        public double gbps(String series) {
            Double d = gbps.get(series);
            return d == null ? Double.NaN : d;
        }

        /** Best pinned H2D (async or sync) over usable at the trained link. */
        public double ratioTrained() {
            return bestPinnedH2d() / usableTrained;
        }

        public double ratioCapable() {
            return bestPinnedH2d() / usableCapable;
        }

        /** The fastest of the batched modes (pinned), NaN when none was measured at this size. */
        public double bestBatched() {
            return BatchReading.MODES.stream().mapToDouble(m -> gbps("pinned " + m)).filter(v -> !Double.isNaN(v))
                    .max().orElse(Double.NaN);
        }

        public double bestPinnedH2d() {
            double a = gbps("pinned h2d_async"), s = gbps("pinned h2d_sync");
            if (Double.isNaN(a)) return s;
            if (Double.isNaN(s)) return a;
            return Math.max(a, s);
        }
    }

    public ReceiptReading {
        sentences = List.copyOf(sentences);
        rows = List.copyOf(rows);
    }

    /** The best pinned host-to-device GB/s of any size (the link's bulk rate as measured), NaN when none. */
    public double peakPinnedH2d() {
        return rows.stream().mapToDouble(Row::bestPinnedH2d).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
    }

    /** The reading as one paragraph per sentence. */
    public String text() {
        return String.join("\n", sentences);
    }

    public static ReceiptReading of(Receipt r) {
        List<String> s = new ArrayList<>();
        // ---- link state ----
        int capGen = r.capableGeneration();
        int capWidth = r.capableWidth();
        Recorded rec = recorded(r);
        int trGen = rec.gen();
        int trWidth = rec.width();
        double usableTr = LinkMath.usableGBps(trGen, trWidth);
        double usableCap = LinkMath.usableGBps(capGen, capWidth);
        String gpu = (r.gpuName() == null ? "GPU" : r.gpuName()) + (r.gpuBusId() == null ? "" : " " + r.gpuBusId());
        boolean claim = r.claimable();
        boolean low = trGen > 0 && capGen > 0 && (trGen < capGen || (trWidth > 0 && capWidth > 0 && trWidth < capWidth));

        List<Row> rows = rows(r, usableTr, usableCap);
        Row big = rows.isEmpty() ? null : rows.get(rows.size() - 1);
        double peak = Double.NaN;
        long peakAt = -1;
        for (Row row : rows) {
            double v = row.bestPinnedH2d();
            if (!Double.isNaN(v) && (Double.isNaN(peak) || v > peak)) {
                peak = v;
                peakAt = row.bytes();
            }
        }

        s.add(gpu + " on " + nz(r.hostname()) + ", " + nz(r.startedAt()) + ": " + r.results().size() + " results."
                + " Link recorded: " + LinkMath.link(trGen, trWidth) + " (" + rec.from() + "), capable "
                + LinkMath.link(capGen, capWidth) + ".");
        if (low) {
            s.add("The link trained low (" + LinkMath.link(trGen, trWidth) + " of " + LinkMath.link(capGen, capWidth)
                    + " capable): these timings are void. They measure the fault, not the code; reboot, check that"
                    + " the link reads full speed, and run again.");
        }
        if (!claim) s.add(notAClaim(r, trGen));
        if (!Double.isNaN(peak)) peak(s, peak, peakAt, usableTr, trGen, trWidth, trWidth > 0 ? trWidth : capWidth);
        pinnedAndAsync(s, rows, big);
        smallTransfers(s, r, rows, peak, peakAt);
        deviceToHostAndNuma(s, r, big);
        List<String> missing = r.missing();
        if (!missing.isEmpty()) s.add("Missing from the receipt: " + String.join("; ", missing) + ".");
        return new ReceiptReading(s, rows, trGen, trWidth, rec.from(), capGen, capWidth, low, claim);
    }

    /** The trained link recorded beside the numbers ({@code gen} and {@code width} -1 when none) and where from. */
    private record Recorded(int gen, int width, String from) {
    }

    /** The root port polled under load first, then nvidia-smi under load, then sysfs right after the run. */
    private static Recorded recorded(Receipt r) {
        Receipt.Sampled load = r.gpuUnderLoad();
        Receipt.Sampled rpLoad = r.rootPortUnderLoad();
        if (rpLoad.any()) {
            return new Recorded(rpLoad.genMax(), rpLoad.widthMax(), "root port " + r.rootPort()
                    + " polled under load (" + rpLoad.count() + " samples)");
        }
        if (load.any()) {
            return new Recorded(load.genMax(), load.widthMax(), "nvidia-smi under load (" + load.count()
                    + " samples, Gen" + load.genMin() + ".." + load.genMax() + ", x" + load.widthMin() + "..x"
                    + load.widthMax() + ")");
        }
        Receipt.Hop h = r.hop("after", "gpu");
        if (h == null) h = r.hop("before", "gpu");
        if (h != null && h.currentSpeed() != null && h.currentSpeed().isKnown()) {
            return new Recorded(h.currentSpeed().generation(), h.currentWidth(),
                    "sysfs right after the run (not sampled under load)");
        }
        return new Recorded(-1, -1, "not recorded");
    }

    private static String notAClaim(Receipt r, int trGen) {
        List<String> why = new ArrayList<>();
        if (!r.probeOk()) why.add("the probe did not finish cleanly (exit " + r.probeExitCode() + ")");
        if (!Boolean.TRUE.equals(r.sameBoot())) why.add(r.sameBoot() == null ? "the boot id was not recorded"
                : "the boot changed during the run");
        if (trGen < 0) why.add("no link state was recorded beside the numbers");
        if (r.results().isEmpty()) why.add("there are no results");
        return "Not a claim: " + String.join(", ", why) + ". A number without its link state is not a claim.";
    }

    /**
     * The pinned host-to-device peak against the trained link, and the slowest link of {@code w} lanes (the trained
     * width, else the capable one) that could carry it.
     */
    private static void peak(List<String> s, double peak, long peakAt, double usableTr, int trGen, int trWidth,
                             int w) {
        String of = Double.isNaN(usableTr) ? "" : " = " + Units.percent(peak / usableTr) + " of the "
                + Units.twoDecimals(usableTr) + " GB/s a " + LinkMath.link(trGen, trWidth) + " link carries";
        s.add("Pinned host-to-device peaks at " + Units.twoDecimals(peak) + " GB/s (" + LinkMath.size(peakAt) + ")" + of
                + ".");
        int g = LinkMath.lowestGenerationCarrying(peak, w);
        if (w > 0 && g > 1) {
            s.add("Achieved bandwidth is itself proof of the trained link: " + Units.twoDecimals(peak)
                    + " GB/s only exists at Gen" + g + " x" + w + " or faster (Gen" + (g - 1) + " x" + w
                    + " carries at most " + Units.twoDecimals(LinkMath.usableGBps(g - 1, w)) + ").");
        }
    }

    /** Pinned against pageable at the large sizes, then async against sync at the largest. */
    private static void pinnedAndAsync(List<String> s, List<Row> rows, Row big) {
        List<Row> large = rows.stream().filter(x -> x.bytes() >= 64L << 20).toList();
        if (large.isEmpty() && big != null) large = List.of(big);
        double pin = avg(large, "pinned h2d_async");
        double pag = Math.max(avg(large, "pageable h2d_async"), avg(large, "pageable h2d_sync"));
        if (!Double.isNaN(pin) && !Double.isNaN(pag) && pin > 0) {
            double q = pag / pin;
            String where = large.size() == 1 ? "at " + LinkMath.size(large.get(0).bytes())
                    : "from " + LinkMath.size(large.get(0).bytes()) + " up";
            if (q >= 0.85) {
                s.add("Pinned ≈ pageable " + where + " (" + Units.twoDecimals(pag) + " vs " + Units.twoDecimals(pin)
                        + " GB/s): pinning is not a lever here.");
            } else {
                s.add("Pinning is a lever: pageable host-to-device reaches " + Units.percent(q) + " of pinned " + where
                        + " (" + Units.twoDecimals(pag) + " vs " + Units.twoDecimals(pin) + " GB/s).");
            }
        }
        if (big == null) return;
        double a = big.gbps("pinned h2d_async"), y = big.gbps("pinned h2d_sync");
        if (!Double.isNaN(a) && !Double.isNaN(y) && a > 0) {
            if (Math.abs(y - a) / a <= 0.05) {
                s.add("Async ≈ sync at " + LinkMath.size(big.bytes()) + " (" + Units.twoDecimals(a) + " vs "
                        + Units.twoDecimals(y) + " GB/s): link-limited; overlapping copies will not raise the ceiling.");
            } else {
                s.add("Async and sync differ at " + LinkMath.size(big.bytes()) + " (" + Units.twoDecimals(a) + " vs "
                        + Units.twoDecimals(y) + " GB/s): not simply link-limited; the way copies are issued matters.");
            }
        }
    }

    /** Engine against link at the same size: the small-transfer cost, one by one and batched. */
    private static void smallTransfers(List<String> s, Receipt r, List<Row> rows, double peak, long peakAt) {
        BatchReading batch = BatchReading.of(r.results());
        if (batch.hasBatched()) {
            s.addAll(batch.sentences(peak));
            return;
        }
        if (rows.isEmpty() || Double.isNaN(peak)) return;
        Row small = rows.get(0);
        double a = small.gbps("pinned h2d_async");
        if (!Double.isNaN(a) && a > 0 && small.bytes() < peakAt) {
            double us = small.bytes() / a / 1e3;
            double ideal = small.bytes() / peak / 1e3;
            s.add(String.format(Locale.ROOT, "At %s a pinned copy takes %.1f µs against %.1f µs at the %s GB/s"
                            + " ceiling: %.1f µs of fixed cost per transfer, which batching recovers and a faster"
                            + " link would not. Judge an engine by comparing its effective rate at the same"
                            + " transfer size with this row (%s GB/s), not with the bulk ceiling.",
                    LinkMath.size(small.bytes()), us, ideal, Units.twoDecimals(peak), us - ideal, Units.twoDecimals(a)));
        }
        batch.oneByOne().ifPresent(f -> s.add("Fixed cost of a copy, one by one: " + f.describe() + "."));
    }

    /** Device-to-host against host-to-device at the largest size, and host buffers on the GPU's NUMA node. */
    private static void deviceToHostAndNuma(List<String> s, Receipt r, Row big) {
        if (big != null) {
            double d = big.gbps("pinned d2h"), h = big.bestPinnedH2d();
            if (!Double.isNaN(d) && !Double.isNaN(h) && h > 0) {
                s.add("Device-to-host at " + LinkMath.size(big.bytes()) + ": " + Units.twoDecimals(d) + " GB/s ("
                        + (Math.abs(d - h) / h <= 0.05 ? "symmetric with" : Units.percent(d / h) + " of")
                        + " host-to-device).");
            }
        }
        Integer gn = r.gpuNumaNode();
        List<Integer> hn = r.hostBufferNumaNodes();
        if (gn != null && gn >= 0 && !hn.isEmpty() && !hn.contains(gn)) {
            s.add("The pinned buffers sat on NUMA node " + hn + " while the GPU hangs off node " + gn
                    + ": host-to-device crossed the socket link; bind the probe to node " + gn + " and compare.");
        }
    }

    static List<Row> rows(Receipt r, double usableTr, double usableCap) {
        Map<Long, Map<String, Double>> by = new TreeMap<>();
        for (ProbeResult x : r.results()) {
            if (x.bytes() <= 0 || Double.isNaN(x.gbPerS())) continue;
            by.computeIfAbsent(x.bytes(), k -> new LinkedHashMap<>()).put(x.series(), x.gbPerS());
        }
        List<Row> out = new ArrayList<>();
        by.forEach((b, m) -> out.add(new Row(b, m, usableTr, usableCap)));
        return out;
    }

    private static double avg(List<Row> rows, String series) {
        double sum = 0;
        int n = 0;
        for (Row r : rows) {
            double v = r.gbps(series);
            if (!Double.isNaN(v)) {
                sum += v;
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    private static String nz(String s) {
        return s == null ? "(unknown)" : s;
    }

    /** A fixed-width table: size, the main series (the fastest batched way when measured), usable, ratio. */
    public String table() {
        boolean batched = rows.stream().anyMatch(r -> !Double.isNaN(r.bestBatched()));
        StringBuilder sb = new StringBuilder();
        List<String> head = new ArrayList<>(List.of("size", "pin-h2dA"));
        if (batched) head.add("pin-batch");
        head.addAll(List.of("pin-h2dS", "pin-d2h", "pag-h2dA", "pag-h2dS", "usable", "ratio"));
        line(sb, head);
        for (Row row : rows) {
            List<String> c = new ArrayList<>(List.of(LinkMath.size(row.bytes()), Units.twoDecimals(row.gbps("pinned h2d_async"))));
            if (batched) c.add(Units.twoDecimals(row.bestBatched()));
            c.addAll(List.of(Units.twoDecimals(row.gbps("pinned h2d_sync")), Units.twoDecimals(row.gbps("pinned d2h")),
                    Units.twoDecimals(row.gbps("pageable h2d_async")), Units.twoDecimals(row.gbps("pageable h2d_sync")),
                    Units.twoDecimals(row.usableTrained()),
                    Double.isNaN(row.ratioTrained()) ? "-" : String.format(Locale.ROOT, "%.3f", row.ratioTrained())));
            line(sb, c);
        }
        return sb.toString();
    }

    private static void line(StringBuilder sb, List<String> cells) {
        sb.append(String.format(Locale.ROOT, "%-12s", cells.get(0)));
        for (int i = 1; i < cells.size(); i++) sb.append(String.format(Locale.ROOT, " %9s", cells.get(i)));
        sb.append(System.lineSeparator());
    }
}
