package dev.lanescope.model.p2p;

import java.util.List;
import java.util.Map;

/**
 * What one GPU-to-GPU bandwidth file held: a p2p_bw run (JSON lines) or a TransferBench output.
 *
 * @param file    the file as the user named it
 * @param tool    {@code p2p_bw} or {@code TransferBench}
 * @param version the tool's version as printed (null when absent)
 * @param busIds  GPU index to PCI address ({@code 0000:19:00.0}) where the tool printed them
 * @param access  the peer-access answers, one per ordered pair (p2p_bw only)
 * @param copies  every measured copy, in file order
 * @param ended   true when the run's end was in the file (p2p_bw's {@code end} line; always true for TransferBench)
 * @param endNote the end line's note or error (null when none)
 */
public record PeerCopyRun(String file, String tool, String version, Map<Integer, String> busIds,
                          List<PeerAccess> access, List<PeerCopy> copies, boolean ended, String endNote) {

    public PeerCopyRun {
        busIds = Map.copyOf(busIds);
        access = List.copyOf(access);
        copies = List.copyOf(copies);
    }

    /** The copies that join GPUs {@code a} and {@code b}. */
    public List<PeerCopy> between(int a, int b) {
        return copies.stream().filter(c -> c.joins(a, b)).toList();
    }

    /** The GPU index whose bus id is {@code busId} ({@code 0000:19:00.0}), or -1. */
    public int indexOf(String busId) {
        if (busId == null) return -1;
        for (var e : busIds.entrySet()) {
            if (e.getValue() != null && e.getValue().equalsIgnoreCase(busId)) return e.getKey();
        }
        return -1;
    }
}
