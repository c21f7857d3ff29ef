package dev.lanescope.probe;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import dev.lanescope.model.Units;

/**
 * One-by-one copies against the same bytes issued together (pcie_bw's batched modes, pinned memory), read in words:
 * what an engine that issues its copies one at a time leaves on the table, and whether a faster link would help. Also
 * the per-transfer cost fitted over the sweep ({@link TransferCost}), one by one and batched. The batched modes'
 * names and words live here and nowhere else.
 *
 * @param rows     per transfer size that has a one-by-one result: its rate and each batched mode's
 * @param oneByOne the fit over the one-by-one series (pinned {@code h2d_async}), if it can be fitted
 * @param batched  the fit over the best batched rate per size, if it can be fitted
 */
public record BatchReading(List<Row> rows, Optional<TransferCost> oneByOne, Optional<TransferCost> batched) {

    /** The one-by-one series batching is compared with. */
    public static final String ONE_BY_ONE = "h2d_async";
    /** The batched modes, in the order the words list them. */
    public static final List<String> MODES = List.of("h2d_coalesced", "h2d_batch", "h2d_graph");

    /** One size: GB/s one by one and per batched mode (those measured), with the runtime call each used. */
    public record Row(long bytes, double oneByOne, Map<String, Double> batchedGbps, Map<String, String> api) {

        /** The fastest batched mode, or empty when none was measured at this size. */
        public Optional<String> bestMode() {
            return batchedGbps.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey);
        }

        /** GB/s of the fastest batched mode, NaN when none. */
        public double best() {
            return bestMode().map(batchedGbps::get).orElse(Double.NaN);
        }

        /** Share of the batched rate an engine issuing one copy at a time does not get: 1 - oneByOne / best. */
        public double leftOnTable() {
            return 1 - oneByOne / best();
        }
    }

    public BatchReading {
        rows = List.copyOf(rows);
    }

    /** Reads the pinned host-to-device results (several runs of one size: the faster median is kept). */
    public static BatchReading of(List<ProbeResult> results) {
        Map<Long, Map<String, ProbeResult>> by = new TreeMap<>();
        for (ProbeResult r : results) {
            if (!"pinned".equals(r.memory()) || r.mode() == null || r.bytes() <= 0 || !(r.gbPerS() > 0)) continue;
            if (!ONE_BY_ONE.equals(r.mode()) && !MODES.contains(r.mode())) continue;
            by.computeIfAbsent(r.bytes(), k -> new LinkedHashMap<>()).merge(r.mode(), r,
                    (a, b) -> a.gbPerS() >= b.gbPerS() ? a : b);
        }
        List<Row> rows = new ArrayList<>();
        List<ProbeResult> plain = new ArrayList<>();
        List<ProbeResult> best = new ArrayList<>();
        by.forEach((bytes, m) -> {
            ProbeResult one = m.get(ONE_BY_ONE);
            if (one == null) return;
            Map<String, Double> g = new LinkedHashMap<>();
            Map<String, String> api = new LinkedHashMap<>();
            for (String mode : MODES) {
                ProbeResult b = m.get(mode);
                if (b == null) continue;
                g.put(mode, b.gbPerS());
                api.put(mode, b.api());
            }
            rows.add(new Row(bytes, one.gbPerS(), g, api));
            plain.add(timed(one));
            MODES.stream().map(m::get).filter(x -> x != null).max(Comparator.comparingDouble(ProbeResult::gbPerS))
                    .ifPresent(x -> best.add(timed(x)));
        });
        return new BatchReading(rows, TransferCost.fit(plain), best.size() == plain.size() ? TransferCost.fit(best)
                : Optional.empty());
    }

    /** A result whose median time agrees with its GB/s (lines that carry only GB/s get the time from it). */
    private static ProbeResult timed(ProbeResult r) {
        double ms = r.medianMs() > 0 ? r.medianMs() : r.bytes() / 1e9 / r.gbPerS() * 1e3;
        return new ProbeResult(r.memory(), r.mode(), r.bytes(), ms, r.gbPerS());
    }

    /**
     * The fit as a receipt records it ({@code transferCost}): {@code oneByOne} and {@code batched}, each
     * {@code {overheadUs, wireGBps, sizes}} or null, and per size the one-by-one and best batched GB/s with the mode
     * that won.
     */
    public com.fasterxml.jackson.databind.node.ObjectNode toJson() {
        var f = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance;
        var o = f.objectNode();
        o.put("method", "time = overheadUs + bytes / wireGBps, least squares on relative error, medians per size");
        for (var e : Map.of("oneByOne", oneByOne, "batched", batched).entrySet()) {
            if (e.getValue().isEmpty()) {
                o.putNull(e.getKey());
                continue;
            }
            TransferCost c = e.getValue().get();
            o.putObject(e.getKey()).put("overheadUs", round(c.overheadUs())).put("wireGBps", round(c.wireGBps()))
                    .put("sizes", c.sizes());
        }
        var bySize = o.putArray("bySize");
        for (Row r : rows) {
            var n = bySize.addObject().put("bytes", r.bytes()).put("oneByOneGBps", r.oneByOne());
            if (r.bestMode().isPresent()) n.put("batchedGBps", r.best()).put("batchedMode", r.bestMode().get());
        }
        return o;
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    /** True when at least one size has a batched result. */
    public boolean hasBatched() {
        return rows.stream().anyMatch(r -> !r.batchedGbps().isEmpty());
    }

    /** The row measured at this size (within 0.5 %), if any. */
    public Optional<Row> at(long bytes) {
        return rows.stream().filter(r -> Math.abs(r.bytes() - bytes) <= bytes * 0.005).findFirst();
    }

    /** Words for a batched mode: "one cudaMemcpyBatchAsync call", "a captured graph of the copies", ... */
    public static String words(String mode, String api) {
        return switch (mode) {
            case "h2d_batch" -> "one " + (api == null ? "batched-copy" : api) + " call";
            case "h2d_graph" -> "a captured graph of the copies";
            case "h2d_coalesced" -> "merged into large copies";
            default -> mode;
        };
    }

    /**
     * The sentences: at the smallest size with a batched result, one by one against batched (and which way won);
     * then the fitted per-transfer cost. {@code bulkGBps} is the large-size rate (NaN when unknown), used to say
     * whether batching reaches the link's rate, in which case a faster link would not help small copies.
     */
    public List<String> sentences(double bulkGBps) {
        List<String> s = new ArrayList<>();
        Row row = rows.stream().filter(r -> !r.batchedGbps().isEmpty()).findFirst().orElse(null);
        if (row != null) {
            String best = row.bestMode().orElseThrow();
            StringBuilder how = new StringBuilder(words(best, row.api().get(best)));
            List<String> others = new ArrayList<>();
            for (String m : MODES) {
                if (m.equals(best) || !row.batchedGbps().containsKey(m)) continue;
                others.add(words(m, row.api().get(m)) + " " + Units.twoDecimals(row.batchedGbps().get(m)));
            }
            if (!others.isEmpty()) how.append("; ").append(String.join(", ", others));
            String head = String.format(Locale.ROOT, "At %s this GPU gets %s GB/s one by one and %s batched (%s)",
                    LinkMath.size(row.bytes()), Units.twoDecimals(row.oneByOne()), Units.twoDecimals(row.best()), how);
            double lost = row.leftOnTable();
            if (lost >= 0.05) {
                boolean linkBound = !Double.isNaN(bulkGBps) && row.best() >= 0.95 * bulkGBps;
                s.add(head + String.format(Locale.ROOT, ": an engine issuing these copies one at a time leaves %.0f %%"
                        + " on the table%s.", lost * 100, linkBound ? "; a faster link would not help" : ""));
            } else {
                s.add(head + ": batching gains little at this size; the copies already run near the rate the link"
                        + " gives batched copies.");
            }
        }
        oneByOne.ifPresent(f -> {
            String b = batched.map(x -> String.format(Locale.ROOT, "; batched, %.1f µs", x.overheadUs())).orElse("");
            s.add("Fixed cost of a copy, one by one: " + f.describe() + b + ".");
        });
        return s;
    }
}
