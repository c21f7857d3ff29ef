package dev.lanescope.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The per-transfer cost fitted over a sweep, on the worked figures of docs/RULES.md §11 and on the H200's measured ones. */
class TransferCostTest {

    static final long[] SWEEP = {460_800, 2_459_136, 3L << 20, 16L << 20, 64L << 20, 256L << 20, 1L << 30};

    /** A pinned h2d_async series whose copies take {@code overheadUs + bytes / wire}, each time off by {@code noise}. */
    static List<ProbeResult> series(String mode, double overheadUs, double wireGBps, double... noise) {
        List<ProbeResult> out = new ArrayList<>();
        for (int i = 0; i < SWEEP.length; i++) {
            double us = (overheadUs + SWEEP[i] / wireGBps / 1e3) * (1 + (noise.length > i ? noise[i] : 0));
            out.add(new ProbeResult("pinned", mode, SWEEP[i], us / 1e3, SWEEP[i] / 1e3 / us));
        }
        return out;
    }

    @Test
    void seedFiguresGiveTheFixedCostAndTheWire() {
        // docs/RULES.md §11: 2.345 MiB takes ~106 µs against ~78 µs ideal, i.e. a 31.5 GB/s wire and ~28 µs per copy.
        // Half a percent of noise on each size, of alternating sign, as a real sweep has.
        TransferCost f = TransferCost.fit(series("h2d_async", 28, 31.5, 0.005, -0.005, 0.005, -0.005, 0.005,
                -0.005, 0.005)).orElseThrow();
        assertThat(f.overheadUs()).isCloseTo(28, within(1.5));
        assertThat(f.wireGBps()).isCloseTo(31.5, within(0.3));
        assertThat(f.microsAt(2_459_136)).isCloseTo(106, within(2.0));
        assertThat(2_459_136 / f.wireGBps() / 1e3).isCloseTo(78, within(1.0));
        assertThat(f.overheadShareAt(2_459_136)).isCloseTo(0.26, within(0.02));
        assertThat(f.sizes()).isEqualTo(7);
        assertThat(f.describe()).startsWith("28.").contains("µs per transfer on top of a 31.").contains("460,800 B to 1 GiB");
    }

    @Test
    void h200SweepGivesAFewMicroseconds() {
        // pinned h2d_async medians measured on the H200 (docs/bench/probe-h200-batched.md, round 2), GB/s per size
        double[] gbps = {42.60, 52.09, 52.77, 54.95, 55.37, 55.42, 55.45};
        List<ProbeResult> s = new ArrayList<>();
        for (int i = 0; i < SWEEP.length; i++) {
            s.add(new ProbeResult("pinned", "h2d_async", SWEEP[i], SWEEP[i] / gbps[i] / 1e6, gbps[i]));
        }
        TransferCost f = TransferCost.fit(s).orElseThrow();
        assertThat(f.wireGBps()).isBetween(55.0, 55.8);
        assertThat(f.overheadUs()).isBetween(2.0, 3.2);
    }

    @Test
    void noFixedCostFitsTheWireAlone() {
        TransferCost f = TransferCost.fit(series("h2d_coalesced", 0, 55.4, 0.004, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0))
                .orElseThrow();
        assertThat(f.overheadUs()).isGreaterThanOrEqualTo(0).isLessThan(0.3);
        assertThat(f.wireGBps()).isCloseTo(55.4, within(0.3));
    }

    @Test
    void tooFewOrTooCloseSizesGiveNoFit() {
        assertThat(TransferCost.fit(List.of(new ProbeResult("pinned", "h2d_async", 460_800, 0.011, 42)))).isEmpty();
        assertThat(TransferCost.fit(List.of(new ProbeResult("pinned", "h2d_async", 3_000_000, 0.06, 50),
                new ProbeResult("pinned", "h2d_async", 3_145_728, 0.062, 50.7)))).isEmpty();
        assertThat(TransferCost.fit(List.of())).isEmpty();
    }
}
