package dev.lanescope.model.p2p;

/**
 * The driver's answer for one ordered GPU pair ({@code cudaDeviceCanAccessPeer} / {@code hipDeviceCanAccessPeer}).
 *
 * @param performanceRank CUDA's relative P2P performance rank (-1 when not given)
 * @param nativeAtomics   whether the pair supports native atomics over the link (null when not given)
 */
public record PeerAccess(int from, int to, String fromBusId, String toBusId, boolean canAccess, int performanceRank,
                         Boolean nativeAtomics, Evidence at) {
}
