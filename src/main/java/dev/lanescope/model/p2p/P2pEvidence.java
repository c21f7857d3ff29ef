package dev.lanescope.model.p2p;

import java.util.List;

/**
 * Everything one evidence file held for the P2P ladder. One file can hold several kinds: an nccl-tests run with
 * {@code NCCL_DEBUG=INFO} prints both its table and the library's channel lines. Absent kinds are null (lists empty).
 *
 * @param file   the file as the user named it
 * @param copies GPU-to-GPU copy figures (p2p_bw or TransferBench)
 * @param tables nccl-tests / rccl-tests tables
 * @param log    the NCCL/RCCL INFO lines (channels, ranks, isAllDirectP2p)
 * @param probe  a collective probe receipt
 */
public record P2pEvidence(String file, PeerCopyRun copies, List<CollectiveTable> tables, NcclLog log,
                          CollectiveProbeRun probe) {

    public P2pEvidence {
        tables = List.copyOf(tables);
    }

    /** True when nothing usable was read. */
    public boolean empty() {
        return copies == null && tables.isEmpty() && log == null && probe == null;
    }
}
