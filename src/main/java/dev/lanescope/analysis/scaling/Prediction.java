package dev.lanescope.analysis.scaling;

/**
 * Predicted batch-1 decode for one way of sharing the model: time per token = weights + collective + fixed.
 *
 * @param weightsMs    streaming the weights one token reads, shared across a tensor group
 * @param collectiveMs all-reduces (tensor groups) plus hand-offs between pipeline groups
 * @param fixedMs      what does not depend on the card count (launches, sampling, host work)
 * @param fits         whether the model fits the cards' memory; null when the card's memory is unknown
 */
public record Prediction(Split split, double weightsMs, double collectiveMs, double fixedMs, Boolean fits) {

    public int cards() {
        return split.cards();
    }

    public double totalMs() {
        return weightsMs + collectiveMs + fixedMs;
    }

    public double tokensPerS() {
        return 1000.0 / totalMs();
    }

    public boolean possible() {
        return fits == null || fits;
    }
}
