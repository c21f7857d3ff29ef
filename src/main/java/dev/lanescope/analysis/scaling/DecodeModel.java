package dev.lanescope.analysis.scaling;

import dev.lanescope.analysis.ceiling.MoeGeometry;
import dev.lanescope.analysis.ceiling.MoePreset;

/**
 * What one decode step at batch 1 reads and exchanges: the bytes of weights every token streams from memory, and
 * the all-reduces tensor parallelism adds (layers x all-reduces per layer, each of one token's activation:
 * hidden size x activation bytes).
 *
 * @param activeBytesPerToken weight bytes one token reads (active experts plus everything else it touches)
 * @param storedBytes         all weight bytes stored (to tell whether the model fits the cards' memory)
 */
public record DecodeModel(String label, int layers, int hiddenSize, int allReducesPerLayer,
                          double activeBytesPerToken, double storedBytes) {

    public DecodeModel {
        if (layers < 1 || hiddenSize < 1 || allReducesPerLayer < 0 || !(activeBytesPerToken > 0)
                || !Double.isFinite(activeBytesPerToken) || !(storedBytes >= activeBytesPerToken)
                || !Double.isFinite(storedBytes)) {
            throw new IllegalArgumentException("decode model " + label + " is not physical");
        }
    }

    /**
     * A preset at its example quantisation, or at {@code bits} for the quantised weights (weights the preset keeps
     * in 16-bit, such as gpt-oss's attention, stay so).
     */
    public static DecodeModel of(MoePreset p, Double bits) {
        MoeGeometry g = bits == null ? p.geometry() : p.geometry().withBits(bits);
        MoePreset.Decode d = p.decode();
        boolean denseFollows = d.denseBits() == p.geometry().bitsPerWeight();
        double denseBits = denseFollows ? g.bitsPerWeight() : d.denseBits();
        double active = g.activeExpertBytesPerToken() + d.denseParamsPerToken() * denseBits / 8.0;
        double routedParams = g.experts() * (double) g.paramsPerExpert();
        double stored = g.totalExpertBytes() + Math.max(0, d.totalParams() - routedParams) * denseBits / 8.0;
        return new DecodeModel(p.label(), d.layers(), d.hiddenSize(), d.allReducesPerLayer(), active,
                Math.max(stored, active));
    }

    /** All-reduces one token needs with tensor groups of more than one card. */
    public int allReducesPerToken() {
        return layers * allReducesPerLayer;
    }
}
