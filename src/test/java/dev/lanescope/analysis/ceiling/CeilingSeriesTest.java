package dev.lanescope.analysis.ceiling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** What the chart plots: markers at usable Gen rates, both lines, and where they cross. */
class CeilingSeriesTest {

    private static final CeilingResult R = Ceiling.evaluate(CeilingInputs.of(6_341_787_648L, 0.5, 6.7, 3, 3 << 20, 96));
    private static final CeilingSeries S = CeilingSeries.of(R, "measured");

    @Test
    void markersSitAtTheUsableRatesOfGen3To5() {
        assertThat(S.markers()).extracting(CeilingSeries.Marker::label).containsExactly("Gen3 x4", "Gen3 x8",
                "Gen3 x16", "Gen4 x4", "Gen4 x8", "Gen4 x16", "Gen5 x4", "Gen5 x8", "Gen5 x16");
        CeilingSeries.Marker gen4x16 = S.markers().get(5);
        assertThat(gen4x16.gbPerS()).isCloseTo(31.506, within(0.001));
        assertThat(gen4x16.tokensPerS()).isEqualTo(Ceiling.streamingAt(R.inputs(), 31.506).getAsDouble());
        assertThat(S.measured().gbPerS()).isEqualTo(6.7);
        assertThat(S.measured().tokensPerS()).isEqualTo(R.streamingTokensPerS().getAsDouble());
    }

    @Test
    void theLinesCrossWhereTheCrossoverSays() {
        double x = S.linkCrossover().orElseThrow().x();
        assertThat(Ceiling.streamingAt(R.inputs(), x).getAsDouble()).isCloseTo(R.computeTokensPerS(), within(1e-6));
        assertThat(S.streamingVsLink().get(0).x()).isLessThan(x);
        assertThat(S.streamingVsLink().get(S.streamingVsLink().size() - 1).x()).isGreaterThan(x);
        assertThat(S.computeVsLink()).allSatisfy(p -> assertThat(p.tokensPerS()).isEqualTo(R.computeTokensPerS()));
        double h = S.hitCrossover().orElseThrow().x();
        assertThat(Ceiling.streamingAt(R.inputs().withHitRate(h), 6.7).getAsDouble())
                .isCloseTo(R.computeTokensPerS(), within(1e-6));
    }

    @Test
    void streamingRisesWithLinkRateAndHitRate() {
        for (int i = 1; i < S.streamingVsLink().size(); i++) {
            assertThat(S.streamingVsLink().get(i).tokensPerS()).isGreaterThan(S.streamingVsLink().get(i - 1).tokensPerS());
        }
        assertThat(S.streamingVsHit()).hasSize(CeilingSeries.HIT_POINTS);
        assertThat(S.streamingVsHit().get(S.streamingVsHit().size() - 1).x()).isEqualTo(CeilingSeries.MAX_HIT);
    }

    @Test
    void nothingCrossingLeavesTheStreamingLineEmptyNotInfinite() {
        CeilingResult all = Ceiling.evaluate(CeilingInputs.of(1 << 30, 1, 6.7, 3, 3 << 20, 96));
        CeilingSeries s = CeilingSeries.of(all, "measured");
        assertThat(s.streamingVsLink()).isEmpty();
        assertThat(s.linkCrossover()).isEmpty();
        assertThat(s.streamingVsHit()).isNotEmpty(); // the hit-rate view still shows the rest of the curve
    }
}
