package dev.lanescope.probe;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The cost of one host-to-device copy fitted over a size sweep: {@code time(bytes) = overhead + bytes / wire}. The
 * fixed part is what each transfer pays whatever its size (starting the copy engine, the runtime call); the wire is
 * the rate the link moves payload at once a copy runs. Batching recovers the fixed part; a faster link only the wire
 * part (docs/RULES.md §7: per-transfer overhead is recoverable only by batching, not by a faster link).
 *
 * <p>The fit is least squares on the relative error of each size's median time (weights 1/t²): with absolute errors
 * the 1 GiB point, whose run-to-run noise is larger than a whole small copy, would decide the intercept alone.
 *
 * @param overheadUs fixed cost per transfer, microseconds (never below 0)
 * @param wireGBps   payload rate of the wire, GB/s (bytes / 1e9 / s)
 * @param sizes      how many transfer sizes the fit used
 * @param smallest   the smallest size in the fit, bytes
 * @param largest    the largest size in the fit, bytes
 */
public record TransferCost(double overheadUs, double wireGBps, int sizes, long smallest, long largest) {

    /** Microseconds one transfer of {@code bytes} takes by this fit. */
    public double microsAt(long bytes) {
        return overheadUs + bytes / wireGBps / 1e3;
    }

    /** GB/s one transfer of {@code bytes} achieves by this fit. */
    public double gbpsAt(long bytes) {
        return bytes / 1e3 / microsAt(bytes);
    }

    /** Share of a transfer's time that is the fixed cost, 0..1. */
    public double overheadShareAt(long bytes) {
        return overheadUs / microsAt(bytes);
    }

    /**
     * Fits over one series (one result per size, {@code medianMs} per transfer). Empty with fewer than two sizes,
     * when the sizes do not spread (largest under twice the smallest), or when the data give no positive wire rate.
     */
    public static Optional<TransferCost> fit(List<ProbeResult> bySize) {
        List<ProbeResult> pts = bySize.stream().filter(r -> r.bytes() > 0 && r.medianMs() > 0
                && Double.isFinite(r.medianMs())).toList();
        if (pts.size() < 2) return Optional.empty();
        long lo = pts.stream().mapToLong(ProbeResult::bytes).min().orElse(0);
        long hi = pts.stream().mapToLong(ProbeResult::bytes).max().orElse(0);
        if (hi < 2 * lo) return Optional.empty();
        // weighted least squares of t = a + b * x with w = 1 / t^2 (x in bytes, t in microseconds)
        double sw = 0, swx = 0, swy = 0, swxx = 0, swxy = 0;
        for (ProbeResult r : pts) {
            double x = r.bytes(), y = r.medianMs() * 1e3, w = 1 / (y * y);
            sw += w;
            swx += w * x;
            swy += w * y;
            swxx += w * x * x;
            swxy += w * x * y;
        }
        double det = sw * swxx - swx * swx;
        if (det <= 0) return Optional.empty();
        double b = (sw * swxy - swx * swy) / det;
        double a = (swy - b * swx) / sw;
        if (!(b > 0)) return Optional.empty();
        if (a < 0) {
            // no measurable fixed cost: the wire alone, fitted through the origin
            b = swxy / swxx;
            a = 0;
        }
        return Optional.of(new TransferCost(a, 1e-3 / b, pts.size(), lo, hi));
    }

    /** "2.6 µs per transfer on top of a 55.4 GB/s wire (fitted over 7 sizes, 460,800 B to 1 GiB)". */
    public String describe() {
        return String.format(Locale.ROOT, "%.1f µs per transfer on top of a %.1f GB/s wire (fitted over %d sizes, %s"
                + " to %s)", overheadUs, wireGBps, sizes, LinkMath.size(smallest), LinkMath.size(largest));
    }
}
