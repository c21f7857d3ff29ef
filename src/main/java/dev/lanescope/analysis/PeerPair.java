package dev.lanescope.analysis;

import java.util.List;

import dev.lanescope.model.Bdf;

/**
 * The peer-to-peer path between two GPUs/accelerators/NICs (docs/RULES.md §5).
 *
 * @param acsRedirectAt  bridges on the path whose ACSCtl sends peer traffic to the root complex (docs/RULES.md §5)
 * @param ncclP2pLevel   what NCCL needs for this pair: {@code default (PXB)} when the default covers it, else the
 *                       setting, e.g. {@code NCCL_P2P_LEVEL=PHB}; for GPU-NIC pairs the GPUDirect RDMA setting
 * @param barsAbove44Bit BARs of either end at or above 2^44, e.g. {@code 0000:03:00.0 BAR 0 at 0x380000000000 (56 TiB)}
 * @param throughChipset the path crosses an Intel PCH / AMD chipset bridge
 * @param nvlink         what {@code nvidia-smi topo -m} prints for this pair when it is an NVLink ({@code NV18}); null
 *                       when the capture has no matrix, or the matrix shows a PCIe class for them
 */
public record PeerPair(Bdf a, Bdf b, PathClass pathClass, List<Bdf> acsRedirectAt, String ncclP2pLevel,
                       List<String> barsAbove44Bit, boolean throughChipset, String explanation, String nvlink) {
    public PeerPair {
        acsRedirectAt = List.copyOf(acsRedirectAt);
        barsAbove44Bit = List.copyOf(barsAbove44Bit);
    }

    public PeerPair(Bdf a, Bdf b, PathClass pathClass, List<Bdf> acsRedirectAt, String ncclP2pLevel,
                    List<String> barsAbove44Bit, boolean throughChipset, String explanation) {
        this(a, b, pathClass, acsRedirectAt, ncclP2pLevel, barsAbove44Bit, throughChipset, explanation, null);
    }

    /** The PCIe class, with nvidia-smi's NVLink beside it when there is one: {@code PHB, NV18 by nvidia-smi}. */
    public String classText() {
        return nvlink == null ? String.valueOf(pathClass) : pathClass + " over PCIe, " + nvlink + " by nvidia-smi";
    }

    /** Something on this pair needs the user's attention (ACS redirect, BARs past 44 bits, a level to set). */
    public boolean needsAttention() {
        return !acsRedirectAt.isEmpty() || !barsAbove44Bit.isEmpty() || ncclP2pLevel.startsWith("NCCL_");
    }
}
