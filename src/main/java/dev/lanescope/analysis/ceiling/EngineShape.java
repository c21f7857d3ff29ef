package dev.lanescope.analysis.ceiling;

import java.util.List;

/**
 * How an inference engine places MoE expert weights, which decides what crosses PCIe per token and so whether
 * the link matters at all (docs/RULES.md §11).
 */
public enum EngineShape {
    STREAMS_WEIGHTS("streams weights (expert LRU, paging)",
            "the missed expert weights: active expert bytes x (1 - LRU hit rate), ~GB per token",
            "yes, decisive: the link time per token is the ceiling"),
    COMPUTES_IN_RAM("computes offloaded weights in host RAM (llama.cpp -ot exps=CPU)",
            "activations only, ~KB per token",
            "no: host RAM bandwidth decides"),
    RESIDENT("everything resident in GPU memory",
            "nothing",
            "no");

    private final String label;
    private final String crossesPciePerToken;
    private final String linkMatters;

    EngineShape(String label, String crossesPciePerToken, String linkMatters) {
        this.label = label;
        this.crossesPciePerToken = crossesPciePerToken;
        this.linkMatters = linkMatters;
    }

    public String label() {
        return label;
    }

    /** The label without its parenthesised examples, for a closed picker ("streams weights"). */
    public String shortLabel() {
        int p = label.indexOf(" (");
        return p < 0 ? label : label.substring(0, p);
    }

    /** What crosses PCIe for every generated token with this shape. */
    public String crossesPciePerToken() {
        return crossesPciePerToken;
    }

    /** Whether the PCIe link sets this engine's speed. */
    public String linkMatters() {
        return linkMatters;
    }

    /** One row of the "what crosses PCIe per token" table. */
    public record Row(EngineShape shape, String engine, String crossesPcie, String linkMatters) {
    }

    /** The table the panel and the CLI print, in the seed's order. */
    public static List<Row> table() {
        return java.util.Arrays.stream(values())
                .map(s -> new Row(s, s.label, s.crossesPciePerToken, s.linkMatters))
                .toList();
    }
}
