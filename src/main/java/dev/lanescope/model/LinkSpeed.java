package dev.lanescope.model;

import java.util.Locale;

/**
 * PCIe link speeds with the kernel's per-lane rate after line encoding ({@code PCIE_SPEED2MBS_ENC}),
 * so computed figures match the kernel's "available PCIe bandwidth" line to the last digit.
 * {@link #UNKNOWN} stands for a speed the capturing tool could not decode (old lspci "Speed unknown",
 * sysfs "Unknown"): it is a fact about the capture, never a guess.
 */
public enum LinkSpeed {
    GEN1(1, "2.5", 2000),
    GEN2(2, "5", 4000),
    GEN3(3, "8", 7876),
    GEN4(4, "16", 15753),
    GEN5(5, "32", 31507),
    GEN6(6, "64", 64000),
    UNKNOWN(0, "?", 0);

    private final int generation;
    private final String gts;
    private final int mbpsPerLane;

    LinkSpeed(int generation, String gts, int mbpsPerLane) {
        this.generation = generation;
        this.gts = gts;
        this.mbpsPerLane = mbpsPerLane;
    }

    public int generation() {
        return generation;
    }

    /** Per-lane Mb/s after encoding, the kernel's integers (0 when unknown). */
    public int mbpsPerLane() {
        return mbpsPerLane;
    }

    /** GT/s as a number (NaN when unknown). */
    public double gtsValue() {
        return this == UNKNOWN ? Double.NaN : Double.parseDouble(gts);
    }

    /** lspci's spelling: {@code 2.5GT/s}, {@code 16GT/s}. */
    public String lspciText() {
        return this == UNKNOWN ? "unknown" : gts + "GT/s";
    }

    /** The kernel's {@code pci_speed_string()}: {@code 2.5 GT/s PCIe}, {@code 16.0 GT/s PCIe}. */
    public String kernelText() {
        if (this == UNKNOWN) return "Unknown";
        String n = gts.contains(".") ? gts : gts + ".0";
        return n + " GT/s PCIe";
    }

    /** Short human form: {@code 2.5 GT/s} ({@code Gen1}). */
    public String display() {
        return this == UNKNOWN ? "unknown speed" : gts + " GT/s";
    }

    public String genLabel() {
        return this == UNKNOWN ? "Gen?" : "Gen" + generation;
    }

    public boolean isKnown() {
        return this != UNKNOWN;
    }

    public static LinkSpeed ofGeneration(int gen) {
        for (LinkSpeed s : values()) {
            if (s.generation == gen && s != UNKNOWN) return s;
        }
        return UNKNOWN;
    }

    /** The register code (LnkCap/LnkSta/LnkCtl2 speed field): 1 = 2.5 GT/s ... 6 = 64 GT/s. */
    public static LinkSpeed ofCode(int code) {
        return ofGeneration(code);
    }

    /**
     * Reads any spelling: lspci {@code 8GT/s}, kernel {@code 8.0 GT/s PCIe} or pre-5.7 {@code 8 GT/s},
     * {@code unknown}, {@code Unknown speed}. Returns null when the text holds no speed at all.
     */
    public static LinkSpeed parse(String text) {
        if (text == null) return null;
        String t = text.trim();
        if (t.toLowerCase(Locale.ROOT).startsWith("unknown")) return UNKNOWN;
        String number = numberBeforeGts(t);
        if (number == null) return null;
        double v = number.length() > 12 ? Double.NaN : Double.parseDouble(number);
        for (LinkSpeed s : values()) {
            if (s != UNKNOWN && Math.abs(s.gtsValue() - v) < 1e-9) return s;
        }
        return UNKNOWN;
    }

    /**
     * The number ({@code 16}, {@code 2.5}) right before the first {@code GT/s} (blanks allowed between), or null.
     * A scan back from each {@code GT/s}: linear in the text, whatever digit runs it holds (a regular expression
     * searching for digits before {@code GT/s} backtracks quadratically on a long run of digits).
     */
    private static String numberBeforeGts(String t) {
        String lower = t.toLowerCase(Locale.ROOT);
        int from = 0;
        int prevEnd = 0;
        while (true) {
            int k = lower.indexOf("gt/s", from);
            if (k < 0) return null;
            int e = k;
            while (e > prevEnd && Character.isWhitespace(t.charAt(e - 1))) e--;
            int b = e;
            while (b > prevEnd && isDigit(t.charAt(b - 1))) b--;
            if (b < e && b > prevEnd + 1 && t.charAt(b - 1) == '.' && isDigit(t.charAt(b - 2))) {
                int b2 = b - 1;
                while (b2 > prevEnd && isDigit(t.charAt(b2 - 1))) b2--;
                return t.substring(b2, e);
            }
            if (b < e) return t.substring(b, e);
            prevEnd = k + 4;
            from = k + 4;
        }
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    public static LinkSpeed max(LinkSpeed a, LinkSpeed b) {
        if (a == null) return b;
        if (b == null) return a;
        return a.generation >= b.generation ? a : b;
    }

    public static LinkSpeed min(LinkSpeed a, LinkSpeed b) {
        if (a == null) return b;
        if (b == null) return a;
        if (a == UNKNOWN || b == UNKNOWN) return UNKNOWN;
        return a.generation <= b.generation ? a : b;
    }
}
