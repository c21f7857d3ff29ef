package dev.lanescope.analysis.ladder;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.lanescope.analysis.PeerPair;
import dev.lanescope.analysis.PeerPaths;
import dev.lanescope.model.Bar;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.DeviceKind;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;
import dev.lanescope.model.Vendor;
import dev.lanescope.model.p2p.Evidence;
import dev.lanescope.model.ladder.LadderEvidence;

/** The two devices of a ladder and everything the rungs read about them. */
record Pair(Topology t, LadderEvidence ev, TopoNode.FunctionNode a, TopoNode.FunctionNode b, PeerPair peer) {

    /**
     * The pair with its peer path: taken from {@code peers} (the capture's pairs, computed once and shared) when
     * given, else computed for this pair alone.
     */
    static Pair of(Topology t, LadderEvidence ev, TopoNode.FunctionNode a, TopoNode.FunctionNode b,
                   java.util.Map<List<Bdf>, PeerPair> peers) {
        PeerPair pp = peers == null ? PeerPaths.of(t, a, b) : peers.get(key(a.bdf(), b.bdf()));
        return new Pair(t, ev, a, b, pp);
    }

    /** The pairs of a capture by their two devices, in either order. */
    static java.util.Map<List<Bdf>, PeerPair> byDevices(List<PeerPair> pairs) {
        java.util.Map<List<Bdf>, PeerPair> m = new java.util.HashMap<>();
        for (PeerPair p : pairs) m.put(key(p.a(), p.b()), p);
        return m;
    }

    private static List<Bdf> key(Bdf x, Bdf y) {
        Bdf a = x.device0();
        Bdf b = y.device0();
        return a.compareTo(b) <= 0 ? List.of(a, b) : List.of(b, a);
    }

    List<TopoNode.FunctionNode> both() {
        return List.of(a, b);
    }

    TopoNode.FunctionNode other(TopoNode.FunctionNode n) {
        return n.equals(a) ? b : a;
    }

    String addr(TopoNode.FunctionNode n) {
        return t.address(n.bdf());
    }

    String addr(Bdf bdf) {
        return t.address(bdf);
    }

    boolean isGpu(TopoNode.FunctionNode n) {
        return DeviceKind.of(t, n).isGpu();
    }

    static boolean isAmd(PciFunction f) {
        return Vendor.of(f) == Vendor.AMD_GPU;
    }

    static boolean isNvidia(PciFunction f) {
        return Vendor.of(f) == Vendor.NVIDIA;
    }

    boolean bothAmdGpus() {
        return isGpu(a) && isGpu(b) && isAmd(a.function()) && isAmd(b.function());
    }

    boolean bothNvidiaGpus() {
        return isGpu(a) && isGpu(b) && isNvidia(a.function()) && isNvidia(b.function());
    }

    /** nvidia-smi's NV# between them, or null. */
    String nvlink() {
        return peer == null ? null : peer.nvlink();
    }

    /** The BAR a peer writes into: the largest prefetchable memory BAR (a GPU's VRAM aperture), else the largest memory BAR. */
    static Bar vramBar(PciFunction f) {
        Bar best = null;
        for (int pass = 0; pass < 2 && best == null; pass++) {
            for (Bar bar : f.bars()) {
                if (bar.io() || pass == 0 && !bar.prefetchable()) continue;
                if (best == null || Long.compareUnsigned(bar.sizeBytes(), best.sizeBytes()) > 0) best = bar;
            }
        }
        return best;
    }

    /** The lspci lines of this function's BAR {@code index} (its Region line and its Resizable BAR line). */
    List<Evidence> barLines(PciFunction f, int index) {
        List<Evidence> out = new ArrayList<>();
        List<Evidence> all = ev.barLines().get(f.bdf());
        if (all == null) all = ev.barLines().get(f.bdf().withDomain(0));
        if (all == null) return out;
        String home = f.source() == null ? null : f.source().file();
        if (home != null && all.stream().anyMatch(l -> l.file().equals(home))) {
            all = all.stream().filter(l -> l.file().equals(home)).toList();
        }
        for (Evidence l : all) {
            String s = l.text();
            if (s.startsWith("Region " + index + ":") || s.startsWith("BAR " + index + ": current size")) out.add(l);
        }
        return out;
    }

    /** Where the function's record starts, as evidence when no finer line is known. */
    static Evidence recordLine(PciFunction f) {
        if (f.source() == null) return null;
        return new Evidence(f.source().file(), f.source().line(), f.bdf().shortForm() + " " + f.shortName());
    }

    static String size(long bytes) {
        if (bytes < 0) return "an unknown size";
        String[] units = {"bytes", "KiB", "MiB", "GiB", "TiB"};
        double v = bytes;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%d %s", (long) v, units[u])
                : String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }

    static String address(long addr) {
        double tib = (double) Long.divideUnsigned(addr, 1L << 30) / 1024.0;
        String where = tib >= 1 ? String.format(Locale.ROOT, "%.1f TiB", tib)
                : size(addr).replace("bytes", "B");
        return "0x" + Long.toHexString(addr) + " (" + where + ")";
    }
}
