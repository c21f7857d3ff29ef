package dev.lanescope.analysis.ceiling;

/**
 * A mixture-of-experts model's shape as far as the link cares.
 *
 * @param experts         routed experts per MoE layer
 * @param activeExperts   routed experts each token uses per layer (top-k)
 * @param paramsPerExpert parameters of one routed expert summed over all MoE layers
 * @param bitsPerWeight   stored bits per weight after quantisation (scales included), e.g. 4.5 for a Q4_K-class quant
 */
public record MoeGeometry(int experts, int activeExperts, long paramsPerExpert, double bitsPerWeight) {

    public MoeGeometry {
        if (experts < 1 || experts > 100_000) {
            throw new CeilingInputException("experts", "must be between 1 and 100000 (got " + experts + ")");
        }
        if (activeExperts < 1 || activeExperts > experts) {
            throw new CeilingInputException("activeExperts",
                    "must be between 1 and the number of experts " + experts + " (got " + activeExperts + ")");
        }
        Check.longIn("paramsPerExpert", paramsPerExpert, 1, 1_000_000_000_000L, "parameters",
                "a trillion parameters in one expert is no model that exists");
        Check.finiteIn("bitsPerWeight", bitsPerWeight, 1, 32, "bits", "weights are stored in at most 32-bit floats");
    }

    /** Expert bytes one token touches: active experts x parameters per expert x bits / 8. */
    public long activeExpertBytesPerToken() {
        return Math.round(activeExperts * (double) paramsPerExpert * bitsPerWeight / 8.0);
    }

    /** All routed expert bytes: what would have to fit in VRAM for the engine to be fully resident. */
    public double totalExpertBytes() {
        return experts * (double) paramsPerExpert * bitsPerWeight / 8.0;
    }

    public MoeGeometry withBits(double bits) {
        return new MoeGeometry(experts, activeExperts, paramsPerExpert, bits);
    }
}
