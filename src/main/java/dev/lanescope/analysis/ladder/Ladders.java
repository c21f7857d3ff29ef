package dev.lanescope.analysis.ladder;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.lanescope.analysis.PeerAdvice;
import dev.lanescope.analysis.PeerPair;
import dev.lanescope.analysis.PeerPaths;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.DeviceKind;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;
import dev.lanescope.model.ladder.LadderEvidence;

/**
 * The P2P acceptance ladder (docs/RULES.md §9): for a pair of devices, nine rungs from the firmware to the
 * framework, each PASS, FAIL or NOT_PROVEN with its evidence, its rule, and the next step for a rung not passed.
 */
public final class Ladders {

    private Ladders() {
    }

    /** The ladder of one pair; the two functions must be in the topology. */
    public static Ladder of(Topology t, LadderEvidence ev, Bdf a, Bdf b) {
        return of(t, ev, a, b, null);
    }

    /** The ladder of one pair, its peer path taken from the capture's pairs computed once (by device), or null. */
    private static Ladder of(Topology t, LadderEvidence ev, Bdf a, Bdf b, Map<List<Bdf>, PeerPair> peers) {
        TopoNode.FunctionNode na = t.node(a).orElseThrow(() -> new IllegalArgumentException(a + " is not in the capture"));
        TopoNode.FunctionNode nb = t.node(b).orElseThrow(() -> new IllegalArgumentException(b + " is not in the capture"));
        if (na.bdf().device0().equals(nb.bdf().device0())) {
            throw new IllegalArgumentException(a + " and " + b + " are functions of one device, not a pair");
        }
        Pair p = Pair.of(t, ev == null ? LadderEvidence.none() : ev, na, nb, peers);
        List<Rung> rungs = new ArrayList<>();
        rungs.add(FirmwareRung.of(p));
        rungs.add(LinkRung.of(p));
        rungs.add(DmaRung.of(p));
        rungs.add(KernelRung.of(p));
        rungs.add(DriverRung.of(p));
        rungs.addAll(MeasuredRungs.of(p));
        rungs.add(FrameworkRung.of(p));
        PeerAdvice.NoDirect no = p.nvlink() == null ? PeerAdvice.noDirect(t, na, nb) : null;
        if (no != null) {
            // the pair stops before rung 1: every rung but the link (whose facts still describe the host-memory path)
            // waits on a direct path that cannot exist
            String why = "Not applicable: no direct P2P between these two (" + no.brief() + ").";
            rungs.replaceAll(r -> r.rung() == 2 ? r : r.notApplicable(why));
        }
        return new Ladder(na.bdf(), nb.bdf(), na.function().shortName(), nb.function().shortName(), t.address(na.bdf()),
                t.address(nb.bdf()), no == null ? null : no.reason(), rungs);
    }

    /** The GPUs (one function per card) in address order. */
    public static List<TopoNode.FunctionNode> gpus(Topology t) {
        List<TopoNode.FunctionNode> out = new ArrayList<>();
        Set<Bdf> seen = new HashSet<>();
        for (TopoNode.FunctionNode n : t.functions()) {
            if (DeviceKind.of(t, n).isGpu() && seen.add(n.bdf().device0())) out.add(n);
        }
        return out;
    }

    /** A ladder for every pair of GPUs, their peer paths computed once. */
    public static List<Ladder> allGpuPairs(Topology t, LadderEvidence ev) {
        return allGpuPairs(t, ev, PeerPaths.all(t));
    }

    /** A ladder for every pair of GPUs, their peer paths taken from the capture's pairs (its report's peers). */
    public static List<Ladder> allGpuPairs(Topology t, LadderEvidence ev, List<PeerPair> peers) {
        return allGpuPairs(t, ev, peers, Integer.MAX_VALUE);
    }

    /** The ladders of the first {@code limit} GPU pairs in address order. */
    public static List<Ladder> allGpuPairs(Topology t, LadderEvidence ev, List<PeerPair> peers, int limit) {
        List<TopoNode.FunctionNode> g = gpus(t);
        Map<List<Bdf>, PeerPair> byDevices = Pair.byDevices(peers);
        List<Ladder> out = new ArrayList<>();
        for (int i = 0; i < g.size(); i++) {
            for (int j = i + 1; j < g.size() && out.size() < limit; j++) {
                out.add(of(t, ev, g.get(i).bdf(), g.get(j).bdf(), byDevices));
            }
        }
        return out;
    }
}
