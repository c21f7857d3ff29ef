package dev.lanescope.model.p2p;

import java.util.Locale;

/** How NCCL/RCCL connected two ranks on one channel, from the {@code via ...} of its INFO lines. */
public enum Transport {
    /** {@code P2P/IPC}: direct peer access, buffers shared between processes. */
    P2P_IPC("direct peer-to-peer (P2P/IPC)", true),
    /** {@code P2P/CUMEM}: direct peer access through CUDA's virtual memory API. */
    P2P_CUMEM("direct peer-to-peer (P2P/CUMEM)", true),
    /** {@code P2P/direct pointer}: direct peer access inside one process. */
    P2P_DIRECT("direct peer-to-peer (P2P/direct pointer)", true),
    /** {@code SHM/...}: staged through host shared memory; no direct GPU-to-GPU path. */
    SHM("through host shared memory (SHM)", false),
    /** {@code NET/...}: through a network adapter (sockets, InfiniBand). */
    NET("through the network (NET)", false),
    /** {@code CollNet}, {@code NVLS} and anything else. */
    OTHER("another transport", false);

    private final String words;
    private final boolean direct;

    Transport(String words, boolean direct) {
        this.words = words;
        this.direct = direct;
    }

    public String words() {
        return words;
    }

    /** True for the direct GPU-to-GPU transports. */
    public boolean direct() {
        return direct;
    }

    /** The transport a {@code via} text names: {@code P2P/IPC/read}, {@code SHM/direct/direct}, {@code NET/IB/0/GDRDMA}. */
    public static Transport of(String via) {
        String v = via == null ? "" : via.strip().toUpperCase(Locale.ROOT);
        if (v.startsWith("P2P/CUMEM")) return P2P_CUMEM;
        if (v.startsWith("P2P/IPC")) return P2P_IPC;
        if (v.startsWith("P2P/DIRECT")) return P2P_DIRECT;
        if (v.startsWith("P2P")) return P2P_IPC;
        if (v.startsWith("SHM")) return SHM;
        if (v.startsWith("NET")) return NET;
        return OTHER;
    }
}
