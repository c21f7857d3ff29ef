package dev.lanescope.analysis.ceiling;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import dev.lanescope.model.LinkState;
import dev.lanescope.model.Units;

/**
 * The host-to-device rate the ceiling uses and where it came from: a probe receipt, a typed number, or the
 * capable link x an achievable factor (an assumption the user sees and can change, never a register fact).
 *
 * @param gbPerS     bulk rate (large transfers), GB/s
 * @param overheadUs per-transfer overhead on top of bytes / rate, microseconds
 * @param source     where the numbers came from
 * @param note       one sentence for the user about how far to trust them
 */
public record H2dRate(double gbPerS, double overheadUs, Source source, String note) {

    /** Default achievable share of usable bandwidth: copy engines reach about 80-90% of it (docs/RULES.md §1). */
    public static final double DEFAULT_ACHIEVABLE_FACTOR = 0.85;

    public enum Source { TYPED, LINK_ESTIMATE, RECEIPT }

    public static H2dRate typed(double gbPerS, double overheadUs) {
        return new H2dRate(gbPerS, overheadUs, Source.TYPED, "typed by the user");
    }

    /**
     * A link's usable bandwidth x {@code factor}. Give the link the card is capable of on its path, never the one it
     * trained to while idle (an idle GPU sits at 2.5 GT/s and would read as a slow link).
     */
    public static H2dRate fromLink(LinkState link, double factor, double overheadUs) {
        if (link == null || !link.isKnown()) {
            throw new CeilingInputException("link", "the link is unknown or down (" + link
                    + "): give a measured rate (--h2d or --receipt) instead");
        }
        return fromUsable(link.gigabytesPerSecond(), link.genText(), factor, overheadUs);
    }

    /**
     * A usable rate in GB/s ({@code what} says whose: a link, or a Thunderbolt tunnel's PCIe budget) x {@code factor},
     * labelled as the assumption it is.
     */
    public static H2dRate fromUsable(double usable, String what, double factor, double overheadUs) {
        Check.finiteIn("achievableFactor", factor, 0.01, 1, "",
                "copies cannot beat the usable bandwidth after encoding");
        String note = String.format(Locale.ROOT,
                "%s usable %.3f GB/s x achievable factor %.2f: an assumption (copy engines reach about 0.8-0.9 of "
                        + "usable), not a register fact nor a measurement; a probe receipt replaces it", what, usable, factor);
        return new H2dRate(usable * factor, overheadUs, Source.LINK_ESTIMATE, note);
    }

    /**
     * From a probe's size sweep: the bulk rate is the largest size's rate; the per-transfer overhead is what the
     * size nearest the slab took beyond bytes / bulk rate (0 when the sweep has one size, with a note). With these
     * two numbers, a transfer of the nearest size costs exactly what the probe measured.
     */
    public static H2dRate fromSamples(List<TransferSample> samples, long slabBytes, String what) {
        if (samples == null || samples.isEmpty()) {
            throw new CeilingInputException("receipt", "holds no host-to-device results to read a rate from");
        }
        TransferSample largest = samples.stream().max(Comparator.comparingLong(TransferSample::bytes)
                .thenComparingDouble(TransferSample::gbPerS)).orElseThrow();
        TransferSample nearest = nearest(samples, slabBytes);
        double bulk = largest.gbPerS();
        if (nearest.bytes() == largest.bytes()) {
            return new H2dRate(bulk, 0, Source.RECEIPT, String.format(Locale.ROOT,
                    "%s at %s only (one size near the slab): no per-transfer overhead could be separated",
                    what, Units.bytes(largest.bytes())));
        }
        double idealUs = nearest.bytes() / (bulk * 1e9) * 1e6;
        double overhead = Math.max(0, nearest.medianMs() * 1000 - idealUs);
        return new H2dRate(bulk, overhead, Source.RECEIPT, String.format(Locale.ROOT,
                "%s: bulk %.2f GB/s at %s; %s (nearest the %s slab) took %.1f us against %.1f us ideal, so %.1f us "
                        + "per transfer is overhead", what, bulk, Units.bytes(largest.bytes()), Units.bytes(nearest.bytes()),
                Units.bytes(slabBytes), nearest.medianMs() * 1000, idealUs, overhead));
    }

    /** The sample whose size is nearest the slab on a log scale (a 2x miss counts the same either side). */
    public static TransferSample nearest(List<TransferSample> samples, long slabBytes) {
        return samples.stream().min(Comparator.comparingDouble(
                (TransferSample s) -> Math.abs(Math.log((double) s.bytes() / slabBytes)))
                .thenComparingLong(TransferSample::bytes)).orElseThrow();
    }
}
