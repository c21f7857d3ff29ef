package dev.lanescope.model.p2p;

/** What moved the bytes of a GPU-to-GPU copy. */
public enum CopyEngine {
    /** The GPU's DMA copy engine (CUDA memcpy engines, AMD SDMA; TransferBench's DMA executor). */
    DMA("copy engine (DMA)"),
    /** A kernel on the GPU's compute units doing loads and stores (CUDA SM copy, TransferBench's GFX executor). */
    KERNEL("kernel copy (SM/GFX)");

    private final String words;

    CopyEngine(String words) {
        this.words = words;
    }

    /** The engine in words for users. */
    public String words() {
        return words;
    }
}
