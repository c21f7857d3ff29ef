package dev.lanescope.analysis.ceiling;

/**
 * Everything the streaming-vs-compute arithmetic needs (docs/RULES.md §11). All sizes in bytes, rates in GB/s
 * (10^9 bytes per second, as the probes print them), overhead in microseconds per transfer.
 *
 * @param activeExpertBytesPerToken expert weight bytes one token touches (all active experts, all MoE layers)
 * @param hitRate                   fraction of those bytes already resident on the GPU (LRU hits), 0..1
 * @param h2dGbPerS                 bulk host-to-device rate the copies reach (large transfers)
 * @param overheadUs                per-transfer cost on top of bytes / rate (engine start-up, doorbells)
 * @param slabBytes                 size of one transfer (one expert slab)
 * @param ramGbPerS                 host RAM bandwidth the CPU can read the offloaded experts at
 * @param ramBytesPerToken          bytes the compute-in-RAM path reads from host RAM per token
 */
public record CeilingInputs(long activeExpertBytesPerToken, double hitRate, double h2dGbPerS, double overheadUs,
                            long slabBytes, double ramGbPerS, long ramBytesPerToken) {

    /** 10 TB per token: more expert bytes than any model in existence touches. */
    public static final long MAX_BYTES_PER_TOKEN = 10_000_000_000_000L;
    /** 1 TB: no single copy is this large. */
    public static final long MAX_SLAB_BYTES = 1_000_000_000_000L;
    /** Host-to-device rates above this are no PCIe link (Gen6 x16 usable is 128 GB/s). */
    public static final double MAX_LINK_GB_PER_S = 2_000;
    /** Host memory faster than this does not exist (HBM3e stacks are ~5 TB/s per GPU). */
    public static final double MAX_RAM_GB_PER_S = 100_000;
    /** Rates below 1 MB/s are a typo (GB/s typed as MB/s?), not a link or a memory. */
    public static final double MIN_GB_PER_S = 0.001;
    /** One second per transfer is a hung copy, not an overhead. */
    public static final double MAX_OVERHEAD_US = 1_000_000;

    /** Default slab: the 3 MiB row is the size that matters for expert streaming (docs/RULES.md §7). */
    public static final long DEFAULT_SLAB_BYTES = 3L << 20;

    public CeilingInputs {
        Check.longIn("activeExpertBytesPerToken", activeExpertBytesPerToken, 1, MAX_BYTES_PER_TOKEN, "bytes",
                "more than 10 TB of expert weights per token is no model that exists");
        if (Double.isNaN(hitRate) || Double.isInfinite(hitRate)) {
            throw new CeilingInputException("hitRate", "must be a finite number (got " + hitRate + ")");
        }
        if (hitRate < 0 || hitRate > 1) {
            throw new CeilingInputException("hitRate",
                    "must be between 0 and 1, the fraction of active expert bytes already resident (got "
                            + Check.fmt(hitRate) + ")");
        }
        Check.finiteIn("h2dGbPerS", h2dGbPerS, MIN_GB_PER_S, MAX_LINK_GB_PER_S, "GB/s",
                "no PCIe link moves that much (Gen6 x16 usable is 128 GB/s)");
        Check.finiteIn("overheadUs", overheadUs, 0, MAX_OVERHEAD_US, "us",
                "a second per transfer is a hung copy, not an overhead");
        Check.longIn("slabBytes", slabBytes, 1, MAX_SLAB_BYTES, "bytes", "no single transfer is larger than 1 TB");
        Check.finiteIn("ramGbPerS", ramGbPerS, MIN_GB_PER_S, MAX_RAM_GB_PER_S, "GB/s",
                "no host memory is that fast (HBM3e is ~5,000 GB/s)");
        Check.longIn("ramBytesPerToken", ramBytesPerToken, 1, MAX_BYTES_PER_TOKEN, "bytes",
                "more than 10 TB read per token is no model that exists");
    }

    /**
     * The usual case: the compute-in-RAM path reads every active expert byte from host RAM
     * (llama.cpp {@code -ot exps=CPU} keeps all experts there), so {@code ramBytesPerToken = activeExpertBytesPerToken}.
     */
    public static CeilingInputs of(long activeExpertBytesPerToken, double hitRate, double h2dGbPerS, double overheadUs,
                                   long slabBytes, double ramGbPerS) {
        return new CeilingInputs(activeExpertBytesPerToken, hitRate, h2dGbPerS, overheadUs, slabBytes, ramGbPerS,
                activeExpertBytesPerToken);
    }

    public CeilingInputs withHitRate(double h) {
        return new CeilingInputs(activeExpertBytesPerToken, h, h2dGbPerS, overheadUs, slabBytes, ramGbPerS,
                ramBytesPerToken);
    }

    public CeilingInputs withH2d(double gbPerS) {
        return new CeilingInputs(activeExpertBytesPerToken, hitRate, gbPerS, overheadUs, slabBytes, ramGbPerS,
                ramBytesPerToken);
    }

    /** Expert bytes that miss the LRU and cross the link per token. */
    public double missedBytesPerToken() {
        return activeExpertBytesPerToken * (1 - hitRate);
    }
}
