package dev.lanescope.analysis;

import java.util.List;
import java.util.Locale;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.DeviceKind;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;
import dev.lanescope.model.Vendor;

/**
 * What two peers can do and what to set for it, per vendor and per platform (docs/RULES.md §5): the one home of "no
 * direct P2P" (the peer list, the ladder's first answer and the scaling model all ask here) and of the NCCL level
 * advice. No figure measured on another machine is ever part of it.
 */
public final class PeerAdvice {

    private PeerAdvice() {
    }

    /**
     * Why two devices cannot do direct P2P, said before anything else.
     *
     * @param reason the sentence after "no direct P2P between A and B:", ending with where the data goes instead
     * @param brief  the reason in two or three words ("different vendors", "different sockets"), for lists and levels
     */
    public record NoDirect(String reason, String brief) {
    }

    /** The vendor as users say it: NVIDIA, AMD, Intel, else the first word of the name pci.ids gives. */
    public static String vendorWord(PciFunction f) {
        switch (Vendor.of(f)) {
            case NVIDIA:
                return "NVIDIA";
            case AMD_GPU:
            case AMD:
                return "AMD";
            case INTEL:
                return "Intel";
            default:
                String n = f.vendorDeviceName() == null ? "" : f.vendorDeviceName().trim();
                int sp = n.indexOf(' ');
                return sp > 0 ? n.substring(0, sp) : n.isEmpty() ? "unknown vendor" : n;
        }
    }

    /**
     * Why {@code a} and {@code b} cannot do direct P2P, or null when nothing in the capture rules it out:
     * two GPUs of different vendors (no driver maps another vendor's memory), or a pair on different sockets of an
     * Intel host (NUMA nodes, or nvidia-smi's SYS), where peer traffic over QPI/UPI is slow or refused and NCCL keeps
     * P2P off on purpose.
     */
    public static NoDirect noDirect(Topology t, TopoNode.FunctionNode a, TopoNode.FunctionNode b) {
        return noDirect(t, Host.of(t), a, b, PeerPaths.topoCell(t, a.bdf(), b.bdf()));
    }

    /** As above, with the capture's host facts read once by the caller and nvidia-smi's cell for the pair. */
    static NoDirect noDirect(Topology t, Host host, TopoNode.FunctionNode a, TopoNode.FunctionNode b, String cell) {
        PciFunction fa = a.function();
        PciFunction fb = b.function();
        if (DeviceKind.of(t, a).isGpu() && DeviceKind.of(t, b).isGpu() && !DeviceKind.sameVendor(fa, fb)) {
            return new NoDirect("they are cards of two vendors (" + vendorWord(fa) + " and " + vendorWord(fb)
                    + "), and no driver maps another vendor's memory, so data between them goes through host memory"
                    + " (no NCCL or RCCL level and no firmware setting changes that)", "different vendors");
        }
        String sockets = intelSockets(t, host, a, b, cell);
        if (sockets != null) {
            return new NoDirect("they sit on different sockets of an Intel host (" + sockets + "): peer traffic over"
                    + " QPI/UPI is slow or refused there, and NCCL keeps P2P off across sockets on purpose, so data"
                    + " between them goes through host memory (do not force it with NCCL_P2P_LEVEL=SYS)",
                    "different sockets");
        }
        return null;
    }

    /**
     * What every pair of one capture shares, read once per capture (docs/RULES.md section 13): the CPU vendor and
     * how many GPUs it has.
     */
    record Host(boolean amdHost, boolean intelHost, int gpus) {
        static Host of(Topology t) {
            return new Host(Hardware.isAmdHost(t), Hardware.isIntelHost(t), PeerPaths.gpuCount(t));
        }
    }

    /**
     * "NUMA node 0 (root bus 0000:00) and NUMA node 1 (root bus 0000:80)" when the pair is on two sockets of an
     * Intel host by the capture's NUMA nodes or nvidia-smi's SYS ({@code cell}); null otherwise.
     */
    static String intelSockets(Topology t, Host host, TopoNode.FunctionNode a, TopoNode.FunctionNode b, String cell) {
        if (!host.intelHost() || host.amdHost()) return null;
        int na = PeerPaths.numa(t, a);
        int nb = PeerPaths.numa(t, b);
        boolean numaApart = na >= 0 && nb >= 0 && na != nb && !t.rootOf(a).equals(t.rootOf(b));
        boolean smiApart = "SYS".equals(cell);
        if (!numaApart && !smiApart) return null;
        String where = (na >= 0 && nb >= 0 ? "NUMA node " + na + ", root bus " + bus(t.rootOf(a)) + "; NUMA node " + nb
                + ", root bus " + bus(t.rootOf(b)) : "root buses " + bus(t.rootOf(a)) + " and " + bus(t.rootOf(b)));
        return smiApart ? where + "; nvidia-smi topo -m says SYS" : where;
    }

    private static String bus(TopoNode.RootComplex rc) {
        return String.format(Locale.ROOT, "%04x:%02x", rc.domain(), rc.bus());
    }

    /** What NCCL needs for the pair, and the explanation the peer list shows. */
    record Advice(String level, String text) {
    }

    /**
     * The level to set and the sentences after the path class, per vendor and platform: NVLink first; then "no direct
     * P2P"; then NCCL's default level (PXB; SYS on an AMD host with at most two GPUs) against the pair's class; ACS,
     * BARs past 44 bits and the chipset uplink as they apply.
     */
    static Advice advise(Topology t, Host host, TopoNode.FunctionNode a, TopoNode.FunctionNode b, PeerPaths.Route r,
                         String cell, List<Bdf> acs, List<String> bars, boolean chipset) {
        String nv = cell != null && cell.matches("NV\\d+") ? cell : null;
        boolean gpuA = DeviceKind.of(t, a).isGpu();
        boolean gpuB = DeviceKind.of(t, b).isGpu();
        String level;
        StringBuilder ex = new StringBuilder();
        ex.append(a.bdf()).append(" and ").append(b.bdf()).append(": ").append(r.pathClass())
                .append(" (").append(r.pathClass().legend()).append("): ").append(r.where()).append('.');
        NoDirect no = nv == null ? noDirect(t, host, a, b, cell) : null;
        if (gpuA && gpuB && nv != null) {
            level = "default (" + nv + ")";
            ex.append(" nvidia-smi topo -m shows ").append(nv).append(" between them: a bonded set of ")
                    .append(nv.substring(2)).append(" NVLinks, which NCCL takes for this pair whatever NCCL_P2P_LEVEL"
                            + " says; over PCIe alone it would be ").append(r.pathClass()).append('.');
        } else if (no != null) {
            level = "none (" + no.brief() + ")";
            ex.append(" No direct P2P: ").append(no.reason()).append('.');
        } else if (gpuA && gpuB) {
            level = gpuPairLevel(host, a, r, ex);
        } else if (gpuA || gpuB) {
            if (r.pathClass().isNearerOrEqual(PathClass.PXB)) {
                level = "default (PXB)";
                ex.append(" GPUDirect RDMA's default level (PXB) covers this GPU-NIC pair.");
            } else {
                level = "NCCL_NET_GDR_LEVEL=" + r.pathClass();
                ex.append(" GPUDirect RDMA is off by default past PXB: set ").append(level)
                        .append(" to use it across this path.");
            }
        } else {
            level = "n/a (two NICs)";
        }
        pathNotes(ex, acs, bars, chipset && no == null);
        return new Advice(level, ex.toString());
    }

    /**
     * Two GPUs with direct P2P possible: NCCL's default level (PXB; SYS on an AMD host with at most two GPUs) against
     * the pair's class, and what the vendor's driver and library add; the sentences go to {@code ex}.
     */
    private static String gpuPairLevel(Host host, TopoNode.FunctionNode a, PeerPaths.Route r, StringBuilder ex) {
        boolean amdHost = host.amdHost();
        int gpus = host.gpus();
        PathClass def = amdHost && gpus <= 2 ? PathClass.SYS : PathClass.PXB;
        String defWhy = amdHost && gpus <= 2 ? "SYS on an AMD CPU with at most two GPUs" : "PXB";
        if (r.pathClass() == PathClass.SYS && amdHost) {
            ex.append(" Across sockets on an AMD host the peer traffic crosses the sockets' Infinity Fabric"
                    + " (xGMI): direct P2P works, but slower than between two cards of one socket.");
        }
        if (r.pathClass().isNearerOrEqual(def)) {
            ex.append(" NCCL's default P2P level (").append(defWhy).append(") covers it.");
            return "default (" + def + ")";
        }
        String level = "NCCL_P2P_LEVEL=" + r.pathClass();
        ex.append(" NCCL's default P2P level (").append(defWhy).append(") does not cover ")
                .append(r.pathClass()).append(": set ").append(level).append(" for direct P2P");
        boolean nvidia = "NVIDIA".equals(vendorWord(a.function()));
        boolean amdGpus = "AMD".equals(vendorWord(a.function()));
        if (nvidia) {
            ex.append(", where NVIDIA's driver allows it (nvidia-smi topo -p2p r shows OK; GeForce cards"
                    + " often answer NS, not supported, and then no level helps).");
        } else {
            ex.append('.');
        }
        if (amdGpus && host.intelHost()) {
            ex.append(" On an Intel host RCCL 2.27.7 also needed a patch so the user's level is not"
                    + " overridden by the platform default; confirm 'via P2P/IPC' in its log.");
        }
        return level;
    }

    /** What the path adds whatever the level: ACS redirect, BARs past 44 bits, a shared chipset uplink. */
    private static void pathNotes(StringBuilder ex, List<Bdf> acs, List<String> bars, boolean chipsetShared) {
        if (!acs.isEmpty()) {
            ex.append(" ACS redirects peer traffic up to the root complex at ").append(join(acs))
                    .append(" (ACSCtl ReqRedir+, CmpltRedir+ or EgressCtrl+): P2P is slow or hangs until ACS is disabled on that"
                            + " port (NCCL's troubleshooting guide).");
        }
        if (!bars.isEmpty()) {
            ex.append(" BAR at or above 2^44 (16 TiB): ").append(String.join(", ", bars))
                    .append(": a 44-bit DMA engine cannot reach it (firmware with only Above-4G decoding has placed BARs"
                            + " near 56 TiB); lspci looking normal does not mean P2P works.");
        }
        if (chipsetShared) {
            ex.append(" The path crosses the chipset: it shares the chipset's uplink to the CPU with everything else"
                    + " behind it, so P2P here is slower than between two CPU-lane slots of the same class; how much"
                    + " slower is measured on this machine with the peer probe (lanescope ladder, copy engines rung).");
        }
    }

    private static String join(List<Bdf> l) {
        StringBuilder s = new StringBuilder();
        for (Bdf b : l) s.append(s.length() == 0 ? "" : ", ").append(b);
        return s.toString();
    }
}
