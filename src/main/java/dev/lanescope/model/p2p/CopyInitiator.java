package dev.lanescope.model.p2p;

/** Which side of a GPU-to-GPU copy drives it. */
public enum CopyInitiator {
    /** The source GPU writes into its peer's memory (remote write; TransferBench "Local read / Remote write"). */
    PUSH("push"),
    /** The destination GPU reads from its peer's memory (remote read; TransferBench "Remote read / Local write"). */
    PULL("pull");

    private final String words;

    CopyInitiator(String words) {
        this.words = words;
    }

    public String words() {
        return words;
    }
}
