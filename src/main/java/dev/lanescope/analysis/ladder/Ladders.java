package dev.lanescope.analysis.ladder;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.DeviceKind;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;
import dev.lanescope.model.ladder.LadderEvidence;
import dev.lanescope.model.p2p.RungStatus;

/**
 * The P2P acceptance ladder (docs/RULES.md §9): for a pair of devices, nine rungs from the firmware to the
 * framework, each PASS, FAIL or NOT_PROVEN with its evidence, its rule, and the next step for a rung not passed.
 */
public final class Ladders {

    private Ladders() {
    }

    /** The ladder of one pair; the two functions must be in the topology. */
    public static Ladder of(Topology t, LadderEvidence ev, Bdf a, Bdf b) {
        TopoNode.FunctionNode na = t.node(a).orElseThrow(() -> new IllegalArgumentException(a + " is not in the capture"));
        TopoNode.FunctionNode nb = t.node(b).orElseThrow(() -> new IllegalArgumentException(b + " is not in the capture"));
        if (na.bdf().device0().equals(nb.bdf().device0())) {
            throw new IllegalArgumentException(a + " and " + b + " are functions of one device, not a pair");
        }
        Pair p = Pair.of(t, ev == null ? LadderEvidence.none() : ev, na, nb);
        List<Rung> rungs = new ArrayList<>();
        rungs.add(FirmwareRung.of(p));
        rungs.add(LinkRung.of(p));
        rungs.add(DmaRung.of(p));
        Rung kernel = KernelRung.of(p);
        Rung driver = DriverRung.of(p);
        if (kernel.status() == RungStatus.NOT_PROVEN && p.bothNvidiaGpus() && driver.passed()) {
            kernel = new Rung(4, kernel.name(), RungStatus.PASS, kernel.finding() + " It did: peer access is"
                    + " allowed.", kernel.evidence(), kernel.rule(), null);
        }
        rungs.add(kernel);
        rungs.add(driver);
        rungs.addAll(MeasuredRungs.of(p));
        rungs.add(FrameworkRung.of(p));
        return new Ladder(na.bdf(), nb.bdf(), na.function().shortName(), nb.function().shortName(), rungs);
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

    /** A ladder for every pair of GPUs. */
    public static List<Ladder> allGpuPairs(Topology t, LadderEvidence ev) {
        List<TopoNode.FunctionNode> g = gpus(t);
        List<Ladder> out = new ArrayList<>();
        for (int i = 0; i < g.size(); i++) {
            for (int j = i + 1; j < g.size(); j++) out.add(of(t, ev, g.get(i).bdf(), g.get(j).bdf()));
        }
        return out;
    }
}
