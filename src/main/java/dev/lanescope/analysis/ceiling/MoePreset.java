package dev.lanescope.analysis.ceiling;

import java.util.Locale;

/**
 * Real MoE models' routed-expert geometry, from each model's published {@code config.json}; parameters per expert
 * = MoE layers x 3 (gate, up, down projections) x hidden x expert intermediate size. Shared experts (always
 * active, so resident) and attention are left out: they never stream. The bits per weight are an example
 * quantisation, which the user changes.
 */
public enum MoePreset {
    /**
     * Mixtral-8x7B (mistralai/Mixtral-8x7B-v0.1 config.json; arXiv 2401.04088): hidden_size 4096,
     * intermediate_size 14336, num_hidden_layers 32, num_local_experts 8, num_experts_per_tok 2.
     * 32 x 3 x 4096 x 14336 = 5,637,144,576 parameters per expert.
     */
    MIXTRAL_8X7B("Mixtral-8x7B", "mixtral-8x7b", 8, 2, 32L * 3 * 4096 * 14336, 4.5),
    /**
     * Qwen3-30B-A3B (Qwen/Qwen3-30B-A3B config.json): hidden_size 2048, moe_intermediate_size 768,
     * num_hidden_layers 48 (all MoE), num_experts 128, num_experts_per_tok 8. 48 x 3 x 2048 x 768 = 226,492,416.
     */
    QWEN3_30B_A3B("Qwen3-30B-A3B", "qwen3-30b-a3b", 128, 8, 48L * 3 * 2048 * 768, 4.5),
    /**
     * gpt-oss-120b (openai/gpt-oss-120b config.json): hidden_size 2880, intermediate_size 2880, num_hidden_layers
     * 36, num_local_experts 128, experts_per_token 4; experts ship as MXFP4 (4-bit values plus one 8-bit scale per
     * 32 = 4.25 bits). 36 x 3 x 2880 x 2880 = 895,795,200.
     */
    GPT_OSS_120B("gpt-oss-120b", "gpt-oss-120b", 128, 4, 36L * 3 * 2880 * 2880, 4.25),
    /**
     * DeepSeek-V3 (deepseek-ai/DeepSeek-V3 config.json): hidden_size 7168, moe_intermediate_size 2048,
     * num_hidden_layers 61 with first_k_dense_replace 3 (58 MoE layers), n_routed_experts 256,
     * num_experts_per_tok 8. 58 x 3 x 7168 x 2048 = 2,554,331,136.
     */
    DEEPSEEK_V3("DeepSeek-V3", "deepseek-v3", 256, 8, 58L * 3 * 7168 * 2048, 4.5);

    private final String label;
    private final String key;
    private final MoeGeometry geometry;

    MoePreset(String label, String key, int experts, int active, long paramsPerExpert, double bits) {
        this.label = label;
        this.key = key;
        this.geometry = new MoeGeometry(experts, active, paramsPerExpert, bits);
    }

    public String label() {
        return label;
    }

    public String key() {
        return key;
    }

    /** The geometry with its example bits per weight. */
    public MoeGeometry geometry() {
        return geometry;
    }

    public static MoePreset byKey(String key) {
        String k = key.trim().toLowerCase(Locale.ROOT);
        for (MoePreset p : values()) {
            if (p.key.equals(k) || p.name().equalsIgnoreCase(k)) return p;
        }
        throw new CeilingInputException("model", "unknown model preset '" + key + "' (known: " + keys() + ")");
    }

    public static String keys() {
        return String.join(", ", java.util.Arrays.stream(values()).map(MoePreset::key).toList());
    }

    @Override
    public String toString() {
        return label;
    }
}
