package dev.lanescope.probe;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.lanescope.model.Units;

/**
 * An engine's effective host-to-device rate at its transfer size against what this link gave the probe at the same
 * size (docs/RULES.md §7: engine against link is the diagnosis, not the raw number). The reading names one limit:
 * <ul>
 * <li>the engine: it gets well under what plain one-by-one copies of that size get (the seed's engine at ~40 % of the
 * link): the wire is not the problem and no hardware change will help;</li>
 * <li>the per-transfer overhead: it gets what one-by-one copies get, and batching the same bytes is clearly faster;</li>
 * <li>the wire: it gets what the copies get and batching would not add much: only a faster or wider link helps.</li>
 * </ul>
 * The probe's rates at the engine's size are the measured ones when the sweep has that size, otherwise the
 * {@link TransferCost} fit's.
 *
 * @param limit       which limit the reading names
 * @param engineGBps  the engine's effective GB/s
 * @param bytes       its transfer size
 * @param oneByOne    the probe's one-by-one GB/s at that size (NaN when unknown)
 * @param batched     the probe's batched GB/s at that size (NaN when unknown)
 * @param measured    true when both came from a swept size, false when from the fit
 * @param sentence    the reading in words
 */
public record EngineVsWire(Limit limit, double engineGBps, long bytes, double oneByOne, double batched,
                           boolean measured, String sentence) {

    /** What limits the engine. */
    public enum Limit { WIRE, PER_TRANSFER, ENGINE, UNKNOWN }

    /** Below this share of the one-by-one rate at the same size, the engine itself is the limit. */
    public static final double ENGINE_SHARE = 0.85;
    /** Batched this much faster than one by one: the per-transfer overhead matters at that size. */
    public static final double BATCH_GAIN = 1.10;

    /** An engine's claim: effective GB/s at a transfer size. */
    public record Claim(double gbps, long bytes) {
    }

    /**
     * Compares a claim with a probe reading. {@code bulkGBps} is the link's rate for large copies (NaN when unknown).
     */
    public static EngineVsWire of(Claim c, BatchReading probe, double bulkGBps) {
        double one = Double.NaN, bat = Double.NaN;
        boolean measured = false;
        Optional<BatchReading.Row> row = probe.at(c.bytes());
        if (row.isPresent()) {
            one = row.get().oneByOne();
            bat = row.get().best();
            measured = true;
        }
        if (Double.isNaN(one) && probe.oneByOne().isPresent()) one = probe.oneByOne().get().gbpsAt(c.bytes());
        if (Double.isNaN(bat) && probe.batched().isPresent()) bat = probe.batched().get().gbpsAt(c.bytes());
        if (Double.isNaN(bat) && !Double.isNaN(bulkGBps)) bat = bulkGBps; // no batched data: the bulk rate bounds it
        String at = LinkMath.size(c.bytes());
        String eng = String.format(Locale.ROOT, "the engine's %s GB/s at %s", Units.twoDecimals(c.gbps()), at);
        String engCap = "T" + eng.substring(1);
        if (Double.isNaN(one)) {
            return new EngineVsWire(Limit.UNKNOWN, c.gbps(), c.bytes(), one, bat, false, engCap + " cannot be judged:"
                    + " this receipt has no pinned host-to-device copies to compare with at that size. Run the probe"
                    + " (lanescope probe, or pcie_bw --sizes " + c.bytes() + ") and compare again.");
        }
        String src = measured ? "measured at that size" : "fitted from the sweep";
        double share = c.gbps() / one;
        String probeWords = String.format(Locale.ROOT, "%s GB/s one by one%s; %s", Units.twoDecimals(one),
                Double.isNaN(bat) ? "" : ", " + Units.twoDecimals(bat) + " batched", src);
        double best = Double.isNaN(bat) ? one : Math.max(one, bat);
        if (c.gbps() > best * 1.10) {
            return new EngineVsWire(Limit.UNKNOWN, c.gbps(), c.bytes(), one, bat, measured, String.format(Locale.ROOT,
                    "%s is more than this link gave the probe at that size (%s): check the units (GB/s, not GiB/s or"
                            + " Gbit/s) and the size, or whether the engine's copies also use other links.",
                    engCap, probeWords));
        }
        if (share < ENGINE_SHARE) {
            return new EngineVsWire(Limit.ENGINE, c.gbps(), c.bytes(), one, bat, measured, String.format(Locale.ROOT,
                    "The engine is the limit: %s is %.0f %% of what plain copies of that size get on this link (%s)."
                            + " The wire is not the problem and no hardware change will help; look at how the engine"
                            + " gathers and issues its copies.", eng, share * 100, probeWords));
        }
        if (!Double.isNaN(bat) && bat >= BATCH_GAIN * one) {
            return new EngineVsWire(Limit.PER_TRANSFER, c.gbps(), c.bytes(), one, bat, measured,
                    String.format(Locale.ROOT, "The per-transfer overhead is the limit: %s matches copies issued one"
                                    + " at a time (%s). Batching the same bytes would reach about %s GB/s (+%.0f %%);"
                                    + " a faster link would not help.", eng, probeWords, Units.twoDecimals(bat), (bat / c.gbps() - 1) * 100));
        }
        return new EngineVsWire(Limit.WIRE, c.gbps(), c.bytes(), one, bat, measured, String.format(Locale.ROOT,
                "The wire is the limit: %s already matches what this link moves at that size (%s), and batching"
                        + " would not add much. Only a faster or wider link, or fewer bytes per step, helps.",
                eng, probeWords));
    }

    // ---- reading a claim typed or pasted by the user

    private static final Pattern RATE = Pattern.compile(
            "(\\d+(?:\\.\\d+)?)\\s*(GB/s|GiB/s|MB/s|MiB/s|GBps|MBps)", Pattern.CASE_INSENSITIVE);
    private static final Pattern SIZE = Pattern.compile(
            "(?<![\\w.])(\\d[\\d,_]*(?:\\.\\d+)?)\\s*(bytes|byte|B|KiB|KB|K|MiB|MB|M|GiB|GB|G)(?![\\w/])",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern TIME = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(µs|us|ms)(?![\\w/])",
            Pattern.CASE_INSENSITIVE);

    /**
     * Reads "12.3 GB/s at 3 MiB" or a log line such as "gather 460800 bytes in 26.1 us (17.7 GB/s)": a rate and a
     * size, or a size and a time. K/M/G and KiB/MiB/GiB are binary, KB/MB/GB decimal; GiB/s and MiB/s are converted to
     * GB/s. Throws IllegalArgumentException with a plain message saying what is missing.
     */
    public static Claim parse(String text) {
        if (text == null || text.isBlank()) throw new IllegalArgumentException("Type the engine's rate and transfer"
                + " size, e.g. \"17.7 GB/s at 460800 B\", or paste a log line that has both.");
        String t = text.strip();
        Matcher r = RATE.matcher(t);
        Double gbps = null;
        int rateStart = -1, rateEnd = -1;
        if (r.find()) {
            double v = Double.parseDouble(r.group(1));
            String u = r.group(2).toLowerCase(Locale.ROOT);
            gbps = switch (u) {
                case "gib/s" -> v * (1L << 30) / 1e9;
                case "mb/s", "mbps" -> v / 1e3;
                case "mib/s" -> v * (1L << 20) / 1e9;
                default -> v;
            };
            rateStart = r.start();
            rateEnd = r.end();
        }
        Long bytes = null;
        Matcher s = SIZE.matcher(t);
        while (s.find()) {
            if (s.start() >= rateStart && s.start() < rateEnd) continue; // the "GB" of "GB/s"
            double v = Double.parseDouble(s.group(1).replace(",", "").replace("_", ""));
            double unit = switch (s.group(2).toLowerCase(Locale.ROOT)) {
                case "kib", "k" -> 1L << 10;
                case "kb" -> 1e3;
                case "mib", "m" -> 1L << 20;
                case "mb" -> 1e6;
                case "gib", "g" -> 1L << 30;
                case "gb" -> 1e9;
                default -> 1;
            };
            bytes = Math.round(v * unit);
            break;
        }
        if (bytes == null || bytes <= 0) throw new IllegalArgumentException("No transfer size found in \"" + t
                + "\": add the size of one copy, e.g. \"at 460800 B\" or \"at 3 MiB\".");
        if (gbps == null) {
            Matcher tm = TIME.matcher(t);
            if (tm.find()) {
                double us = Double.parseDouble(tm.group(1)) * (tm.group(2).equalsIgnoreCase("ms") ? 1e3 : 1);
                if (us > 0) gbps = bytes / 1e3 / us;
            }
        }
        if (gbps == null || !(gbps > 0)) throw new IllegalArgumentException("No rate found in \"" + t
                + "\": add the engine's effective rate, e.g. \"17.7 GB/s\", or the time one copy took (\"26 us\").");
        return new Claim(gbps, bytes);
    }
}
