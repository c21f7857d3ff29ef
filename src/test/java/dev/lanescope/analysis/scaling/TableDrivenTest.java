package dev.lanescope.analysis.scaling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lanescope.analysis.ceiling.MoePreset;

/**
 * A real all_reduce_perf table (two RTX 2080 Ti behind one PCIe switch, peer access off) drives a prediction with no
 * measured tokens/s at all.
 */
class TableDrivenTest {

    /*
     * Qwen3-30B-A3B at 4.5 bits: active = (8 x 226,492,416 + 1,217,134,592) params x 4.5 / 8 = 1.704 GB per token.
     * RTX 2080 Ti: 616 GB/s spec x 0.7 (assumed) = 431.2 GB/s -> one card streams it in 3.952 ms; two: 1.976 ms.
     * Message: hidden 2048 x 2 bytes = 4096 B; the table's out-of-place time at 4096 B over 2 ranks is 11.79 us.
     * Collective: 48 layers x 2 all-reduces x 11.79 us = 1.132 ms. Fixed 0.5 ms (assumed).
     * Tensor split over 2: 1.976 + 1.132 + 0.5 = 3.608 ms -> 277 tokens/s.
     * Stored: 30.5B params, 29.0B routed at 4.5 bits + 1.5B at 4.5 bits = 17.2 GB x 1.1 > 11 GB: needs 2 cards.
     */
    @Test
    void theTableSetsTheCollectiveTermWithoutFitting() {
        GpuPreset g = GpuPreset.byKey("2080ti");
        Scaling.Result r = Scaling.evaluate(new Scaling.Inputs(DecodeModel.of(MoePreset.QWEN3_30B_A3B, null),
                g.memGbPerS() * Scaling.ASSUMED_MEMORY_EFFICIENCY, "spec x 0.7 (assumption)", true, g.vramGb(),
                new AllReduceCost.Table(Fixtures.table()), 2, true, null, List.of(), List.of(1, 2, 4), 4,
                Split.tensor(2)));
        Prediction tp2 = r.predictions().stream().filter(p -> p.split().equals(Split.tensor(2))).findFirst()
                .orElseThrow();
        assertThat(tp2.weightsMs()).isCloseTo(1.976, within(0.005));
        assertThat(tp2.collectiveMs()).isCloseTo(1.132, within(0.001));
        assertThat(tp2.tokensPerS()).isCloseTo(277, within(1.0));
        assertThat(r.fit()).isEmpty();
        assertThat(r.minCards()).isEqualTo(2);
        assertThat(r.cost().evidence()).isEqualTo(AllReduceCost.Evidence.TABLE);
        // 4 cards: the 2-rank table scaled by ring steps (3x), said to be an assumption
        assertThat(r.assumptions()).anyMatch(a -> a.contains("scaled by ring steps"));
        assertThat(r.assumptions()).anyMatch(a -> a.contains("fixed time per token"));
        assertThat(r.verdict()).contains("all_reduce_perf table");
    }

    @Test
    void interpolatesBetweenSizesAndHoldsTheLatencyFloorBelowTheSmallest() {
        AllReduceCost.Table t = new AllReduceCost.Table(Fixtures.table());
        assertThat(t.allReduceUs(4, 2)).isEqualTo(12.25);
        // halfway between 8192 B (13.07 us) and 16384 B (17.11 us)
        assertThat(t.allReduceUs(12288, 2)).isCloseTo(15.09, within(0.001));
        assertThat(t.allReduceUs(4096, 1)).isZero();
    }
}
