package dev.lanescope.model;

import java.util.Locale;

/**
 * How lanescope writes numbers and units, in one place: link rates in Gb/s as the kernel prints them, byte sizes,
 * counts with thousands separators, rates with two decimals, shares as percentages. Every form uses
 * {@link Locale#ROOT}, so the text is the same on every machine.
 */
public final class Units {

    /** Numbers at or above this are written as Java writes a double, never through a long. */
    private static final double LONG_SAFE = 1e15;

    private Units() {
    }

    /** Mb/s as Gb/s with the kernel's three decimals: 31504 -> "31.504". */
    public static String gbps(long mbps) {
        return String.format(Locale.ROOT, "%d.%03d", mbps / 1000, mbps % 1000);
    }

    /** A transfer size: whole GiB or MiB by name, else bytes with separators: 3145728 -> "3 MiB", 460800 -> "460,800 B". */
    public static String bytes(long bytes) {
        if (bytes >= 1L << 30 && bytes % (1L << 30) == 0) return (bytes >> 30) + " GiB";
        if (bytes >= 1L << 20 && bytes % (1L << 20) == 0) return (bytes >> 20) + " MiB";
        return count(bytes) + " B";
    }

    /** A size in the largest binary unit it fills exactly: 4096 -> "4 KiB", 1000 -> "1000 B". */
    public static String binaryBytes(long bytes) {
        if (bytes >= 1L << 30 && bytes % (1L << 30) == 0) return (bytes >> 30) + " GiB";
        if (bytes >= 1L << 20 && bytes % (1L << 20) == 0) return (bytes >> 20) + " MiB";
        if (bytes >= 1L << 10 && bytes % (1L << 10) == 0) return (bytes >> 10) + " KiB";
        return bytes + " B";
    }

    /** A count with thousands separators: 1234567 -> "1,234,567". */
    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** A rate or ratio with two decimals, "-" when unknown (NaN): 12.345 -> "12.35". */
    public static String twoDecimals(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f", v);
    }

    /** A share as a whole percentage: 0.456 -> "46 %". */
    public static String percent(double share) {
        return String.format(Locale.ROOT, "%.0f %%", share * 100);
    }

    /** A number as short as it is exact: 2.0 -> "2", 0.5 -> "0.5" (Java's shortest form for a fraction). */
    public static String plain(double v) {
        if (v == Math.rint(v) && Math.abs(v) < LONG_SAFE) return Long.toString((long) v);
        return Double.toString(v);
    }

    /** Whole numbers as integers, others to six significant digits without trailing zeros: 2.0 -> "2", 0.55 -> "0.55". */
    public static String sixSignificant(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return String.format(Locale.ROOT, "%d", (long) v);
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.6g", v)).stripTrailingZeros().toPlainString();
    }
}
