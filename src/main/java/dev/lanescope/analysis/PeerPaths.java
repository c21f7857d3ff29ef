package dev.lanescope.analysis;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import dev.lanescope.model.Bar;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.DeviceKind;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;
import dev.lanescope.model.Vendor;

/** Peer path classes between every pair of GPUs/accelerators and NICs, by JGraphT's lowest common ancestor. */
public final class PeerPaths {

    private PeerPaths() {
    }

    /**
     * The functions peer paths are computed for, one per device (its lowest function): GPU and accelerator cards and
     * data-centre NICs ({@link DeviceKind#isPeer()}), wherever they sit: below a link, or passed through onto a
     * virtual machine's root bus. An iGPU, a BMC's display, a 1 GbE management NIC or Wi-Fi is not a peer.
     */
    static List<TopoNode.FunctionNode> peers(Topology t) {
        List<TopoNode.FunctionNode> out = new ArrayList<>();
        java.util.Set<Bdf> devices = new java.util.HashSet<>();
        for (TopoNode.FunctionNode n : t.functions()) {
            if (!DeviceKind.of(t, n).isPeer()) continue;
            if (devices.add(n.bdf().device0())) out.add(n);
        }
        return out;
    }

    static boolean isGpu(Topology t, TopoNode.FunctionNode n) {
        return DeviceKind.of(t, n).isGpu();
    }

    static int gpuCount(Topology t) {
        return new Capture(t).gpus;
    }

    /**
     * What every pair of one capture shares, read once (docs/RULES.md section 13: cost linear in functions per pair,
     * never a walk over the whole capture per pair): the peers, which of them are GPUs, how many GPUs, the CPU
     * vendor, and nvidia-smi's label of each GPU.
     */
    private static final class Capture {
        final Topology t;
        final List<TopoNode.FunctionNode> peers;
        // identity sets: a node's own hash walks its whole function record
        final Set<TopoNode.FunctionNode> peerSet = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        final Set<TopoNode.FunctionNode> gpuSet = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        final int gpus;
        final PeerAdvice.Host host;
        final java.util.Map<Bdf, String> labels = new java.util.HashMap<>();

        Capture(Topology t) {
            this.t = t;
            this.peers = peers(t);
            this.peerSet.addAll(peers);
            for (TopoNode.FunctionNode n : peers) if (isGpu(t, n)) gpuSet.add(n);
            this.gpus = gpuSet.size();
            this.host = new PeerAdvice.Host(Hardware.isAmdHost(t), Hardware.isIntelHost(t), gpus);
            for (var row : t.capture().nvidiaSmi()) {
                if (row.index() >= 0 && row.busId() != null) labels.putIfAbsent(row.busId().device0(), "GPU" + row.index());
            }
        }
    }

    /**
     * Every pair of peers with a GPU or accelerator in it, each computed once, in address order of the first then the
     * second. Two NICs are no pair: nothing moves data from NIC to NIC through a GPU library, and a capture of
     * many NICs would otherwise grow with the square of its NICs.
     */
    public static List<PeerPair> all(Topology t) {
        Capture c = new Capture(t);
        List<TopoNode.FunctionNode> ps = c.peers;
        List<PeerPair> out = new ArrayList<>();
        for (int i = 0; i < ps.size() && out.size() < MAX_PAIRS; i++) {
            boolean gpu = c.gpuSet.contains(ps.get(i));
            for (int j = i + 1; j < ps.size() && out.size() < MAX_PAIRS; j++) {
                if (gpu || c.gpuSet.contains(ps.get(j))) out.add(pair(c, ps.get(i), ps.get(j)));
            }
        }
        return out;
    }

    /**
     * The most pairs one capture's report works out (about 1,000 GPUs' worth); a capture of more gets the first ones
     * in address order and a sentence saying so, so memory and time stay bounded (docs/RULES.md section 13).
     */
    public static final int MAX_PAIRS = 500_000;

    /** The pair of two devices of the capture (one computed alone: the capture's shared facts are read for it). */
    public static PeerPair of(Topology t, TopoNode.FunctionNode a, TopoNode.FunctionNode b) {
        return pair(new Capture(t), a, b);
    }

    /** Where two ends meet and what lies between them. */
    record Route(PathClass pathClass, List<TopoNode.FunctionNode> between, String where) {
    }

    /**
     * The route between two attachment points. {@code a} and {@code b} are the nodes (or, for a card being moved,
     * the port it would hang from; {@code extraSwitchesA} counts the card's own switch that travels with it).
     */
    static Route route(Topology t, TopoNode a, int extraSwitchesA, boolean aIsPort, TopoNode b) {
        Optional<TopoNode> lca = t.lowestCommonAncestor(a, b);
        List<TopoNode.FunctionNode> between = new ArrayList<>();
        if (lca.isEmpty()) {
            if (a instanceof TopoNode.FunctionNode fa) {
                if (aIsPort) between.add(fa);
                between.addAll(t.ancestors(a));
            }
            between.addAll(t.ancestors(b));
            int na = numa(t, a);
            int nb = numa(t, b);
            String rcs = t.rootOf(a).id() + " and " + t.rootOf(b).id();
            if (na >= 0 && nb >= 0) {
                return na == nb
                        ? new Route(PathClass.NODE, between, "different host bridges (" + rcs + ") in NUMA node " + na)
                        : new Route(PathClass.SYS, between, "different host bridges (" + rcs + ") in NUMA nodes "
                        + na + " and " + nb);
            }
            if (na < 0 && nb < 0) {
                return new Route(PathClass.NODE, between, "different host bridges (" + rcs + "); the capture"
                        + " records no NUMA node for either (single-socket hosts report none, and NCCL then puts"
                        + " both on one CPU node), so lanescope assumes NODE; on a multi-socket host this pair may"
                        + " be SYS");
            }
            return new Route(PathClass.SYS, between, "different host bridges (" + rcs + "); only one end has a NUMA"
                    + " node recorded (" + Math.max(na, nb) + "), so lanescope assumes SYS, the farther class, as"
                    + " NCCL would place them on different CPU nodes");
        }
        TopoNode l = lca.get();
        int switches = extraSwitchesA;
        for (TopoNode.FunctionNode n : upTo(t, a, l, aIsPort)) {
            between.add(n);
            if (n.role() == TopoNode.Role.SWITCH_UPSTREAM) switches++;
        }
        for (TopoNode.FunctionNode n : upTo(t, b, l, false)) {
            between.add(n);
            if (n.role() == TopoNode.Role.SWITCH_UPSTREAM) switches++;
        }
        if (l instanceof TopoNode.RootComplex rc && between.isEmpty()) {
            return new Route(PathClass.PHB, between, "both sit directly on root bus "
                    + String.format(Locale.ROOT, "%04x:%02x", rc.domain(), rc.bus()) + " with no bridge between them"
                    + " (as a virtual machine shows passed-through cards), so traffic between them goes through the"
                    + " host bridge");
        }
        if (l instanceof TopoNode.RootComplex rc) {
            return new Route(PathClass.PHB, between, "different root ports of root complex "
                    + String.format(Locale.ROOT, "%04x:%02x", rc.domain(), rc.bus()) + ", through the host bridge");
        }
        TopoNode.FunctionNode lf = (TopoNode.FunctionNode) l;
        between.add(lf);
        if (lf.role() == TopoNode.Role.SWITCH_UPSTREAM) switches++;
        String where = "they meet at " + lf.bdf() + " (" + Hardware.kind(lf.function()) + "), "
                + switches + (switches == 1 ? " switch" : " switches") + " on the path";
        return new Route(switches <= 1 ? PathClass.PIX : PathClass.PXB, between, where);
    }

    /** Function nodes from {@code from} (exclusive unless includeFrom) up to {@code stop} (exclusive). */
    private static List<TopoNode.FunctionNode> upTo(Topology t, TopoNode from, TopoNode stop, boolean includeFrom) {
        List<TopoNode.FunctionNode> out = new ArrayList<>();
        if (includeFrom && from instanceof TopoNode.FunctionNode f && !from.equals(stop)) out.add(f);
        for (TopoNode.FunctionNode n : t.ancestors(from)) {
            if (n.equals(stop)) break;
            out.add(n);
        }
        return out;
    }

    static int numa(Topology t, TopoNode n) {
        if (n instanceof TopoNode.FunctionNode f && f.function().numaNode() >= 0) return f.function().numaNode();
        for (TopoNode.FunctionNode a : t.ancestors(n)) {
            if (a.function().numaNode() >= 0) return a.function().numaNode();
        }
        return -1;
    }

    /**
     * The bridges between two functions whose ACS sends their peer traffic up to the root complex: the kernel's walk
     * (docs/RULES.md §5), from each end up to and including their common upstream bridge (or up to the root ports
     * when they share none), every bridge checked, root ports and switch ports alike, in walk order. The peer list,
     * its JSON and the ladder's kernel rung all ask here.
     */
    public static List<Bdf> acsRedirectsBetween(Topology t, TopoNode.FunctionNode a, TopoNode.FunctionNode b) {
        Optional<TopoNode> lca = t.lowestCommonAncestor(a, b);
        List<Bdf> out = new ArrayList<>();
        for (TopoNode.FunctionNode end : List.of(a, b)) {
            for (TopoNode.FunctionNode up : t.ancestors(end)) {
                PciFunction f = up.function();
                if (f.acs() != null && f.acs().redirectsPeerTraffic() && !out.contains(f.bdf())) out.add(f.bdf());
                if (lca.isPresent() && up.equals(lca.get())) break;
            }
        }
        return out;
    }

    static PeerPair pair(Topology t, TopoNode.FunctionNode a, TopoNode.FunctionNode b) {
        return of(t, a, b);
    }

    private static PeerPair pair(Capture c, TopoNode.FunctionNode a, TopoNode.FunctionNode b) {
        Topology t = c.t;
        Route r = route(t, a, 0, false, b);
        List<Bdf> acs = new ArrayList<>(acsRedirectsBetween(t, a, b));
        boolean chipset = false;
        Set<TopoNode.FunctionNode> seen = new LinkedHashSet<>(r.between());
        for (TopoNode.FunctionNode n : seen) {
            if (DeviceKind.isChipset(n.function())) chipset = true;
        }
        acs.sort(null);
        boolean gpuA = c.peerSet.contains(a) ? c.gpuSet.contains(a) : isGpu(t, a);
        boolean gpuB = c.peerSet.contains(b) ? c.gpuSet.contains(b) : isGpu(t, b);
        // the 44-bit trap is the DMA mask of the GPU that reaches the peer's BAR: amdgpu's; NVIDIA GPUs and NICs
        // address far more, so their BARs above 16 TiB are no trap for them
        List<String> bars = new ArrayList<>();
        if (gpuB && isAmd(b.function())) bars.addAll(highBars(a.function()));
        if (gpuA && isAmd(a.function())) bars.addAll(highBars(b.function()));
        String cell = topoCell(t, c.labels.get(a.bdf().device0()), c.labels.get(b.bdf().device0()));
        PeerAdvice.Advice advice = PeerAdvice.advise(t, c.host, a, b, r, cell, acs, bars, chipset);
        String nv = cell != null && cell.matches("NV\\d+") ? cell : null;
        return new PeerPair(a.bdf(), b.bdf(), r.pathClass(), acs, advice.level(), bars, chipset, advice.text(), nv);
    }

    /**
     * The {@code NV#} cell of nvidia-smi's matrix for two GPUs, found through the capture's nvidia-smi PCIe query
     * (its index column names the matrix's GPU labels); null when either is missing or the cell is a PCIe class.
     */
    static String nvlink(Topology t, Bdf a, Bdf b) {
        String cell = topoCell(t, a, b);
        return cell != null && cell.matches("NV\\d+") ? cell : null;
    }

    /** The cell of nvidia-smi's topo -m matrix for two GPUs ({@code NV18}, {@code SYS}, ...), or null when not there. */
    static String topoCell(Topology t, Bdf a, Bdf b) {
        return topoCell(t, gpuLabel(t, a), gpuLabel(t, b));
    }

    private static String topoCell(Topology t, String la, String lb) {
        var topo = t.capture().topo();
        if (topo == null) return null;
        if (la == null || lb == null) return null;
        var row = topo.cells().get(la);
        return row == null ? null : row.get(lb);
    }

    /** nvidia-smi's label ({@code GPU0}) of a GPU, through the capture's nvidia-smi PCIe query; null when not there. */
    public static String gpuLabel(Topology t, Bdf bdf) {
        for (var row : t.capture().nvidiaSmi()) {
            if (row.index() >= 0 && row.busId() != null && row.busId().device0().equals(bdf.device0())) {
                return "GPU" + row.index();
            }
        }
        return null;
    }

    private static boolean isAmd(PciFunction f) {
        return Vendor.of(f) == Vendor.AMD_GPU;
    }

    static List<String> highBars(PciFunction f) {
        List<String> out = new ArrayList<>();
        for (Bar bar : f.bars()) {
            if (bar.atOrAbove44Bit()) {
                out.add(f.bdf() + " BAR " + bar.index() + " at 0x" + bar.addressHex() + " (" + tib(bar.address())
                        + ")");
            }
        }
        return out;
    }

    static String tib(long address) {
        double t = Long.compareUnsigned(address, 0) < 0 ? 0 : (double) Long.divideUnsigned(address, 1L << 30) / 1024.0;
        return t == Math.rint(t) ? String.format(Locale.ROOT, "%d TiB", (long) t)
                : String.format(Locale.ROOT, "%.1f TiB", t);
    }
}
