package dev.lanescope.model.p2p;

import dev.lanescope.model.Units;

/**
 * One measured GPU-to-GPU copy rate.
 *
 * @param tool          the program that measured it ({@code p2p_bw}, {@code TransferBench})
 * @param engine        what moved the bytes
 * @param initiator     push (the source drives) or pull (the destination drives)
 * @param from          source GPU index as the tool numbered it
 * @param to            destination GPU index
 * @param bidirectional true when both directions ran at once; {@link #gbPerS} is then their sum
 * @param bytes         bytes per copy (per direction), 0 when the tool does not say
 * @param gbPerS        GB/s (10^9 bytes per second)
 * @param peerAccess    whether the driver granted peer access for the pair (null: the tool does not say)
 * @param at            where it was read
 */
public record PeerCopy(String tool, CopyEngine engine, CopyInitiator initiator, int from, int to,
                       boolean bidirectional, long bytes, double gbPerS, Boolean peerAccess, Evidence at) {

    /** True when this copy joins GPUs {@code a} and {@code b}, in either order. */
    public boolean joins(int a, int b) {
        return (from == a && to == b) || (from == b && to == a);
    }

    /** "push a->b, kernel copy (SM/GFX), 64 MiB: 10.29 GB/s" and the like. */
    public String describe() {
        String dir = bidirectional ? from + "<->" + to + " both at once" : from + "->" + to;
        return initiator.words() + " " + dir + ", " + engine.words()
                + (bytes > 0 ? ", " + sizeWords(bytes) : "") + ": " + String.format(java.util.Locale.ROOT, "%.2f GB/s", gbPerS);
    }

    /** "64 MiB", "1 GiB", "4096 B". */
    public static String sizeWords(long bytes) {
        return Units.binaryBytes(bytes);
    }
}
