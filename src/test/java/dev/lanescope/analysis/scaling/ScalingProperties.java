package dev.lanescope.analysis.scaling;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

import dev.lanescope.analysis.PathClass;
import dev.lanescope.analysis.ceiling.MoePreset;

/** Whatever physical inputs: no NaN or infinity, and the monotone directions physics demands. */
class ScalingProperties {

    static Scaling.Inputs inputs(MoePreset model, double memGbPerS, double latencyUs, double p2pGbPerS,
                                 double fixedMs, List<Measured> measured, int maxCards) {
        return new Scaling.Inputs(DecodeModel.of(model, null), memGbPerS, "typed", false, null,
                new AllReduceCost.Ring(latencyUs, p2pGbPerS, AllReduceCost.Evidence.PEER_MEASURED, "typed",
                        List.of()), 2, true, measured.isEmpty() ? fixedMs : null, measured, List.of(), maxCards,
                Split.tensor(2));
    }

    @Property(tries = 300)
    void everyPredictionIsAFinitePositiveRate(@ForAll MoePreset model,
                                              @ForAll @DoubleRange(min = 1, max = 10_000) double mem,
                                              @ForAll @DoubleRange(min = 0, max = 5_000) double latency,
                                              @ForAll @DoubleRange(min = 0.01, max = 2_000) double p2p,
                                              @ForAll @DoubleRange(min = 0, max = 1_000) double fixed,
                                              @ForAll @IntRange(min = 1, max = 64) int maxCards) {
        Scaling.Result r = Scaling.evaluate(inputs(model, mem, latency, p2p, fixed, List.of(), maxCards));
        assertThat(r.predictions()).isNotEmpty().allSatisfy(p -> {
            assertThat(p.tokensPerS()).isFinite().isPositive();
            assertThat(p.weightsMs()).isFinite().isPositive();
            assertThat(p.collectiveMs()).isFinite().isNotNegative();
        });
        assertThat(r.verdict()).isNotBlank().doesNotContain("NaN", "Infinity", "?");
    }

    @Property(tries = 300)
    void aFasterCollectiveNeverPredictsFewerTokens(@ForAll MoePreset model,
                                                   @ForAll @DoubleRange(min = 50, max = 5_000) double mem,
                                                   @ForAll @DoubleRange(min = 0, max = 500) double latency,
                                                   @ForAll @DoubleRange(min = 0.1, max = 500) double p2p,
                                                   @ForAll @DoubleRange(min = 0.1, max = 10) double faster) {
        Scaling.Result slow = Scaling.evaluate(inputs(model, mem, latency, p2p, 0.5, List.of(), 8));
        Scaling.Result fast = Scaling.evaluate(inputs(model, mem, latency / (1 + faster), p2p * (1 + faster), 0.5,
                List.of(), 8));
        for (int i = 0; i < slow.predictions().size(); i++) {
            assertThat(fast.predictions().get(i).tokensPerS())
                    .isGreaterThanOrEqualTo(slow.predictions().get(i).tokensPerS());
        }
    }

    @Property(tries = 200)
    void fasterMemoryNeverPredictsFewerTokensAndOneCardNeverPaysACollective(
            @ForAll MoePreset model, @ForAll @DoubleRange(min = 50, max = 5_000) double mem,
            @ForAll @DoubleRange(min = 0.1, max = 10) double faster) {
        Scaling.Result slow = Scaling.evaluate(inputs(model, mem, 10, 20, 0.5, List.of(), 8));
        Scaling.Result fast = Scaling.evaluate(inputs(model, mem * (1 + faster), 10, 20, 0.5, List.of(), 8));
        for (int i = 0; i < slow.predictions().size(); i++) {
            assertThat(fast.predictions().get(i).tokensPerS())
                    .isGreaterThanOrEqualTo(slow.predictions().get(i).tokensPerS());
        }
        assertThat(slow.predictions().get(0).cards()).isEqualTo(1);
        assertThat(slow.predictions().get(0).collectiveMs()).isZero();
    }

    @Property(tries = 300)
    void anyMeasuredPointsFitToFiniteNonNegativeTerms(
            @ForAll MoePreset model, @ForAll @DoubleRange(min = 50, max = 5_000) double mem,
            @ForAll @IntRange(min = 1, max = 16) int a, @ForAll @IntRange(min = 1, max = 16) int b,
            @ForAll @DoubleRange(min = 0.01, max = 10_000) double ta, @ForAll @DoubleRange(min = 0.01, max = 10_000) double tb,
            @ForAll boolean layer) {
        List<Measured> pts = List.of(new Measured(Split.tensor(a), ta),
                new Measured(layer ? Split.layer(b) : Split.tensor(b), tb));
        Scaling.Result r = Scaling.evaluate(inputs(model, mem, 10, 20, 0.5, pts, 8));
        Fit f = r.fit().orElseThrow();
        assertThat(f.fixedMs()).isFinite().isNotNegative();
        if (f.collectiveFitted()) assertThat(f.stepUs()).isFinite().isNotNegative();
        assertThat(f.worstErrorPct()).isFinite();
        assertThat(r.predictions()).allSatisfy(p -> assertThat(p.tokensPerS()).isFinite().isPositive());
        assertThat(r.verdict()).doesNotContain("NaN", "Infinity");
    }

    @Property(tries = 100)
    void anAssumedPathNeverPredictsMoreThanTheWeightsAlone(@ForAll PathClass pc, @ForAll MoePreset model,
                                                           @ForAll @DoubleRange(min = 1, max = 64) double link) {
        AllReduceCost c = AllReduceCost.Ring.assumed(pc, link);
        assertThat(c.assumptions()).isNotEmpty();
        DecodeModel m = DecodeModel.of(model, null);
        for (Split s : Scaling.splits(8)) {
            assertThat(Scaling.collectiveMs(m, s, c, m.hiddenSize() * 2.0)).isFinite().isNotNegative();
        }
    }
}
