package dev.lanescope.probe;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import dev.lanescope.model.Units;

/**
 * A receipt's numbers checked against physics before anything shows them: a time, a size or a rate must not be
 * NaN, infinite or negative, and a host-device copy cannot move data faster than the link it crossed can carry. The one
 * home of these checks: {@link ReceiptReader#read} and {@link H2dReceipt#read} call it; a new measured field
 * (a batched rate, say) joins {@link #RATE_FIELDS} or {@link #TIME_FIELDS}.
 */
public final class ReceiptChecks {

    /** Result fields in GB/s. */
    static final List<String> RATE_FIELDS = List.of("gbPerS", "gbPerSMax");
    /** Result fields in milliseconds. */
    static final List<String> TIME_FIELDS = List.of("medianMs", "minMs", "maxMs");
    /** Share above a link's usable rate still taken as measurement noise. */
    static final double NOISE = 1.05;
    /** The most any PCIe link carries when the receipt does not say which link it was: Gen6 x32. */
    static final double ANY_LINK_GB_PER_S = LinkMath.usableGBps(6, 32);

    private ReceiptChecks() {
    }

    /** The first impossible value of a receipt, as "field: reason", or null when every number is possible. */
    public static String impossible(Receipt r) {
        String link = impossibleLink(r);
        if (link != null) return link;
        double limit = linkLimit(r);
        String what = limitText(r);
        int i = 0;
        for (JsonNode n : r.json().path("results")) {
            String bad = impossible(n, "results[" + i + "]", limit, what);
            if (bad != null) return bad;
            i++;
        }
        return null;
    }

    /** PCIe generations and widths a link can have; a receipt naming another was not written by a probe. */
    private static final int MAX_GENERATION = 6;
    private static final int MAX_WIDTH = 32;

    /** The first link figure of the receipt no PCIe link can have (generation 99, width 64), or null. */
    static String impossibleLink(Receipt r) {
        String bad = link("the link's capable", r.capableGeneration(), r.capableWidth());
        if (bad != null) return bad;
        Receipt.Sampled gpu = r.gpuUnderLoad();
        if (gpu.any() && (bad = link("the GPU's link under load", gpu.genMax(), gpu.widthMax())) != null) return bad;
        Receipt.Sampled port = r.rootPortUnderLoad();
        if (port.any() && (bad = link("the root port's link under load", port.genMax(), port.widthMax())) != null) {
            return bad;
        }
        return null;
    }

    private static String link(String what, int generation, int width) {
        if (generation > MAX_GENERATION) {
            return what + " generation " + generation + " is not a PCIe generation (1 to " + MAX_GENERATION + ")";
        }
        if (width > MAX_WIDTH) return what + " width x" + width + " is wider than any PCIe link (x" + MAX_WIDTH + ")";
        return null;
    }

    /**
     * The first impossible value of one result line, or null. {@code field} names it for the message
     * ({@code results[3]}, {@code line 12}); {@code limitGbPerS} is the most its link carries (NaN: any link).
     */
    static String impossible(JsonNode result, String field, double limitGbPerS, String limitText) {
        if (result == null || !result.isObject()) return null;
        for (String k : TIME_FIELDS) {
            String bad = notPositive(result, k);
            if (bad != null) return field + "." + k + ": " + bad;
        }
        for (String k : RATE_FIELDS) {
            String bad = notPositive(result, k);
            if (bad != null) return field + "." + k + ": " + bad;
        }
        String bytes = notPositive(result, "bytes");
        if (bytes != null) return field + ".bytes: " + bytes;
        if (!crossesLink(result)) return null;
        double limit = Double.isNaN(limitGbPerS) ? ANY_LINK_GB_PER_S : limitGbPerS;
        String over = Double.isNaN(limitGbPerS) ? "faster than any PCIe link carries (Gen6 x32, "
                + gb(ANY_LINK_GB_PER_S) + " GB/s)" : "faster than " + limitText + " can carry (" + gb(limit) + " GB/s)";
        for (String k : RATE_FIELDS) {
            double g = Json.number(result, k);
            if (g > limit * NOISE) return field + "." + k + ": " + gb(g) + " GB/s is " + over;
        }
        double ms = Json.number(result, "medianMs");
        double b = Json.number(result, "bytes");
        if (ms > 0 && b > 0 && b / 1e6 / ms > limit * NOISE) {
            return field + ".medianMs: " + fmt(b) + " bytes in " + ms + " ms is " + gb(b / 1e6 / ms) + " GB/s, " + over;
        }
        return null;
    }

    /**
     * Why a present number is impossible (NaN, infinite, negative), or null. Absent values, nulls and text that is
     * no number at all ("[N/A]") are not impossible: such a line is unusable, and the readers skip and count it.
     */
    private static String notPositive(JsonNode o, String key) {
        JsonNode v = o.get(key);
        if (v == null || v.isNull()) return null;
        double d;
        if (v.isNumber()) {
            d = v.asDouble();
        } else if (v.isTextual()) {
            try {
                d = Double.parseDouble(v.asText().trim());
            } catch (NumberFormatException e) {
                return null;
            }
        } else {
            return null;
        }
        if (Double.isNaN(d)) return "is not a number (NaN), which no measurement is";
        if (Double.isInfinite(d)) return "is infinite, which no measurement is";
        if (d < 0) return fmt(d) + " is negative, which no measurement is";
        return null;
    }

    /** A host-to-device or device-to-host copy: it crosses the PCIe link (device-to-device copies do not). */
    private static boolean crossesLink(JsonNode r) {
        String dir = Json.text(r, "direction");
        String mode = Json.text(r, "mode");
        if (dir != null) return dir.equals("h2d") || dir.equals("d2h");
        return mode != null && (mode.startsWith("h2d") || mode.startsWith("d2h"));
    }

    /** GB/s the fastest link the receipt says the GPU could reach carries; NaN when it says none. */
    static double linkLimit(Receipt r) {
        int[] l = bestLink(r);
        return l == null ? Double.NaN : LinkMath.usableGBps(l[0], l[1]);
    }

    private static String limitText(Receipt r) {
        int[] l = bestLink(r);
        return l == null ? "any PCIe link" : "the receipt's link (" + LinkMath.link(l[0], l[1]) + ")";
    }

    /** {generation, width} of the fastest link the receipt reports for the GPU (capability or trained), or null. */
    private static int[] bestLink(Receipt r) {
        int gen = r.capableGeneration();
        int width = r.capableWidth();
        for (String phase : new String[] {"before", "after"}) {
            Receipt.Hop h = r.hop(phase, "gpu");
            if (h == null) continue;
            if (h.currentSpeed() != null && h.currentSpeed().isKnown()) gen = Math.max(gen, h.currentSpeed().generation());
            width = Math.max(width, Math.max(h.currentWidth(), h.maxWidth()));
        }
        return gen < 1 || gen > 6 || width < 1 || width > 32 ? null : new int[] {gen, width};
    }

    private static String gb(double v) {
        return Units.twoDecimals(v);
    }

    private static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e18 ? Long.toString((long) v) : Double.toString(v);
    }

}
