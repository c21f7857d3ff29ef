package dev.lanescope.analysis.ceiling;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Scale;

/** Any valid input gives finite numbers everywhere a user or the chart can read one. */
class CeilingProperties {

    @Property(tries = 400)
    void validInputsNeverGiveNaNOrInfinity(
            @ForAll @LongRange(min = 1, max = CeilingInputs.MAX_BYTES_PER_TOKEN) long active,
            @ForAll @DoubleRange(min = 0, max = 1) @Scale(6) double hit,
            @ForAll @DoubleRange(min = CeilingInputs.MIN_GB_PER_S, max = CeilingInputs.MAX_LINK_GB_PER_S) @Scale(6) double h2d,
            @ForAll @DoubleRange(min = 0, max = CeilingInputs.MAX_OVERHEAD_US) @Scale(6) double overhead,
            @ForAll @LongRange(min = 1, max = CeilingInputs.MAX_SLAB_BYTES) long slab,
            @ForAll @DoubleRange(min = CeilingInputs.MIN_GB_PER_S, max = CeilingInputs.MAX_RAM_GB_PER_S) @Scale(6) double ram,
            @ForAll @LongRange(min = 1, max = CeilingInputs.MAX_BYTES_PER_TOKEN) long ramBytes) {
        CeilingResult r = Ceiling.evaluate(new CeilingInputs(active, hit, h2d, overhead, slab, ram, ramBytes));
        for (double v : new double[] {r.missedBytesPerToken(), r.transfersPerToken(), r.effectiveLinkGbPerS(),
                r.linkTimePerTokenMs(), r.computeTokensPerS(), r.memoryToLinkRatio(), r.streamingSlowdown(),
                r.overheadShare(), r.streamingTokensPerS().orElse(0), r.crossoverLinkGbPerS().orElse(0),
                r.crossoverHitRate().orElse(0)}) {
            assertThat(v).isFinite().isGreaterThanOrEqualTo(0);
        }
        assertThat(r.overheadShare()).isLessThanOrEqualTo(1);
        assertThat(r.crossoverHitRate().orElse(0)).isBetween(0.0, 1.0);
        assertThat(r.verdict()).isNotBlank().doesNotContain("NaN", "Infinity");
        assertThat(r.notes()).allSatisfy(n -> assertThat(n).doesNotContain("NaN", "Infinity"));

        CeilingSeries s = CeilingSeries.of(r, "measured");
        s.streamingVsLink().forEach(p -> assertThat(p.x()).isFinite().isPositive());
        s.streamingVsLink().forEach(p -> assertThat(p.tokensPerS()).isFinite().isPositive());
        s.streamingVsHit().forEach(p -> assertThat(p.tokensPerS()).isFinite().isPositive());
        s.markers().forEach(m -> assertThat(m.tokensPerS()).isFinite());
    }
}
