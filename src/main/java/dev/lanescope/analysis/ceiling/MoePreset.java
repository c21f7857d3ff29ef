package dev.lanescope.analysis.ceiling;

import java.util.Locale;

/**
 * Real MoE models' routed-expert geometry, from each model's published {@code config.json}; parameters per expert
 * = MoE layers x 3 (gate, up, down projections) x hidden x expert intermediate size. Shared experts (always
 * active, so resident) and attention are left out: they never stream. The bits per weight are an example
 * quantisation, which the user changes.
 *
 * <p>Each preset also carries the decode geometry tensor-parallel scaling needs ({@link Decode}): layers, hidden
 * size, all-reduces per layer (two: after attention and after the feed-forward/MoE block, Megatron-style tensor
 * parallelism), the non-expert parameters every token reads (attention, shared experts, dense layers, the output
 * head), the bits they are stored at, and the published total parameter count (to tell whether the model fits).
 */
public enum MoePreset {
    /**
     * Mixtral-8x7B (mistralai/Mixtral-8x7B-v0.1 config.json; arXiv 2401.04088): hidden_size 4096,
     * intermediate_size 14336, num_hidden_layers 32, num_local_experts 8, num_experts_per_tok 2.
     * 32 x 3 x 4096 x 14336 = 5,637,144,576 parameters per expert.
     */
    MIXTRAL_8X7B("Mixtral-8x7B", "mixtral-8x7b", 8, 2, 32L * 3 * 4096 * 14336, 4.5,
            // num_attention_heads 32, num_key_value_heads 8, head_dim 128, vocab_size 32000, untied output head:
            // attention 32 x 4096 x (4096 + 1024 + 1024 + 4096) = 1,342,177,280; head 32000 x 4096 = 131,072,000.
            // 46.7B parameters in total (model card). A GGUF Q4-class quant stores everything at ~4.5 bits.
            new Decode(32, 4096, 2, 32L * 4096 * (4096 + 1024 + 1024 + 4096) + 32000L * 4096, 4.5,
                    46_700_000_000L)),
    /**
     * Qwen3-30B-A3B (Qwen/Qwen3-30B-A3B config.json): hidden_size 2048, moe_intermediate_size 768,
     * num_hidden_layers 48 (all MoE), num_experts 128, num_experts_per_tok 8. 48 x 3 x 2048 x 768 = 226,492,416.
     */
    QWEN3_30B_A3B("Qwen3-30B-A3B", "qwen3-30b-a3b", 128, 8, 48L * 3 * 2048 * 768, 4.5,
            // num_attention_heads 32, num_key_value_heads 4, head_dim 128, vocab_size 151936, tie_word_embeddings
            // false: attention 48 x 2048 x (4096 + 512 + 512 + 4096) = 905,969,664; head 151936 x 2048 =
            // 311,164,928. 30.5B parameters in total (model card).
            new Decode(48, 2048, 2, 48L * 2048 * (4096 + 512 + 512 + 4096) + 151936L * 2048, 4.5,
                    30_500_000_000L)),
    /**
     * gpt-oss-120b (openai/gpt-oss-120b config.json): hidden_size 2880, intermediate_size 2880, num_hidden_layers
     * 36, num_local_experts 128, experts_per_token 4; experts ship as MXFP4 (4-bit values plus one 8-bit scale per
     * 32 = 4.25 bits). 36 x 3 x 2880 x 2880 = 895,795,200.
     */
    GPT_OSS_120B("gpt-oss-120b", "gpt-oss-120b", 128, 4, 36L * 3 * 2880 * 2880, 4.25,
            // num_attention_heads 64, num_key_value_heads 8, head_dim 64, vocab_size 201088, untied head; only the
            // experts are MXFP4, attention and the head ship as bf16 (16 bits): attention 36 x 2880 x (4096 + 512 +
            // 512 + 4096) = 955,514,880; head 201088 x 2880 = 579,133,440. With the 4 active experts (3.58B) that
            // is the 5.1B active parameters of the model card; 116.8B in total.
            new Decode(36, 2880, 2, 36L * 2880 * (4096 + 512 + 512 + 4096) + 201088L * 2880, 16,
                    116_800_000_000L)),
    /**
     * DeepSeek-V3 (deepseek-ai/DeepSeek-V3 config.json): hidden_size 7168, moe_intermediate_size 2048,
     * num_hidden_layers 61 with first_k_dense_replace 3 (58 MoE layers), n_routed_experts 256,
     * num_experts_per_tok 8. 58 x 3 x 7168 x 2048 = 2,554,331,136.
     */
    DEEPSEEK_V3("DeepSeek-V3", "deepseek-v3", 256, 8, 58L * 3 * 7168 * 2048, 4.5,
            // MLA attention (q_lora_rank 1536, kv_lora_rank 512, qk_nope_head_dim 128, qk_rope_head_dim 64,
            // v_head_dim 128, 128 heads) per layer: 7168x1536 + 1536x(128x192) + 7168x576 + 512x(128x256) +
            // (128x128)x7168 = 187,105,280, x 61 layers; 3 dense layers of intermediate_size 18432 (3 x 3 x 7168 x
            // 18432); one shared expert in each of the 58 MoE layers (58 x 3 x 7168 x 2048); head 129280 x 7168.
            // About 16.1B non-expert parameters per token, 37B active with the 8 routed experts (model card: 37B
            // active, 671B in total).
            new Decode(61, 7168, 2, 61L * 187_105_280 + 3L * 3 * 7168 * 18432 + 58L * 3 * 7168 * 2048
                    + 129280L * 7168, 4.5, 671_000_000_000L));

    private final String label;
    private final String key;
    private final MoeGeometry geometry;
    private final Decode decode;

    MoePreset(String label, String key, int experts, int active, long paramsPerExpert, double bits, Decode decode) {
        this.label = label;
        this.key = key;
        this.geometry = new MoeGeometry(experts, active, paramsPerExpert, bits);
        this.decode = decode;
    }

    /**
     * What batch-1 decode reads and exchanges per token, from the model's {@code config.json}.
     *
     * @param layers             num_hidden_layers
     * @param hiddenSize         hidden_size: one token's activation is this many values
     * @param allReducesPerLayer all-reduces each layer needs under tensor parallelism
     * @param denseParamsPerToken parameters every token reads besides the routed experts (attention, shared experts,
     *                           dense layers, output head)
     * @param denseBits          bits those are stored at in the example quantisation
     * @param totalParams        all parameters (published), for "does it fit in the cards' memory"
     */
    public record Decode(int layers, int hiddenSize, int allReducesPerLayer, long denseParamsPerToken,
                         double denseBits, long totalParams) {
    }

    /** The decode geometry (layers, hidden size, all-reduces per layer, non-expert bytes per token). */
    public Decode decode() {
        return decode;
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
