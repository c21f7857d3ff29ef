package dev.lanescope.analysis.ceiling;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Non-physical input is refused with the field's name and the reason. */
class CeilingInputsTest {

    private static final long B = 1L << 30;

    private static void refused(Executable make, String field, String... why) {
        assertThatThrownBy(make::execute).isInstanceOf(CeilingInputException.class)
                .hasMessageStartingWith(field + ": ").hasMessageContainingAll(why)
                .satisfies(e -> org.assertj.core.api.Assertions.assertThat(((CeilingInputException) e).field())
                        .isEqualTo(field));
    }

    @Test
    void ratesMustBePositiveFiniteAndPhysical() {
        refused(() -> CeilingInputs.of(B, 0, -3, 0, 4096, 96), "h2dGbPerS", "greater than 0", "-3");
        refused(() -> CeilingInputs.of(B, 0, 0, 0, 4096, 96), "h2dGbPerS", "greater than 0");
        refused(() -> CeilingInputs.of(B, 0, Double.NaN, 0, 4096, 96), "h2dGbPerS", "finite");
        refused(() -> CeilingInputs.of(B, 0, 5000, 0, 4096, 96), "h2dGbPerS", "no PCIe link");
        refused(() -> CeilingInputs.of(B, 0, 7, 0, 4096, 0), "ramGbPerS", "greater than 0");
        refused(() -> CeilingInputs.of(B, 0, 7, 0, 4096, Double.POSITIVE_INFINITY), "ramGbPerS", "finite");
        refused(() -> CeilingInputs.of(B, 0, 0.0001, 0, 4096, 96), "h2dGbPerS", "at least 0.001");
    }

    @Test
    void hitRateIsAFraction() {
        refused(() -> CeilingInputs.of(B, 1.5, 7, 0, 4096, 96), "hitRate", "between 0 and 1", "1.5");
        refused(() -> CeilingInputs.of(B, -0.1, 7, 0, 4096, 96), "hitRate", "between 0 and 1");
        refused(() -> CeilingInputs.of(B, Double.NaN, 7, 0, 4096, 96), "hitRate", "finite");
    }

    @Test
    void sizesMustBeRealistic() {
        refused(() -> CeilingInputs.of(0, 0, 7, 0, 4096, 96), "activeExpertBytesPerToken", "greater than 0");
        refused(() -> CeilingInputs.of(20_000_000_000_000L, 0, 7, 0, 4096, 96), "activeExpertBytesPerToken",
                "no model that exists");
        refused(() -> CeilingInputs.of(B, 0, 7, 0, 0, 96), "slabBytes", "greater than 0");
        refused(() -> CeilingInputs.of(B, 0, 7, -1, 4096, 96), "overheadUs", "at least 0");
        refused(() -> new CeilingInputs(B, 0, 7, 0, 4096, 96, -5), "ramBytesPerToken", "greater than 0");
        refused(() -> new MoeGeometry(8, 9, 1000, 4), "activeExperts", "between 1 and the number of experts 8");
        refused(() -> new MoeGeometry(8, 2, 1000, 0), "bitsPerWeight", "greater than 0");
        refused(() -> HostMemoryPreset.byKey("ddr9"), "ramPreset", "ddr4-3200, ddr5-6000, lpddr5x-8000-256");
        refused(() -> H2dRate.fromLink(dev.lanescope.model.LinkState.of(dev.lanescope.model.LinkSpeed.GEN4, 4), 1.2, 0),
                "achievableFactor", "at most 1");
    }
}
