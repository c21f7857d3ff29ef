package dev.lanescope.analysis;

import dev.lanescope.model.Topology;

/** Runs every rule over a topology. */
public final class Analyzer {

    private Analyzer() {
    }

    public static Report analyze(Topology topology) {
        return analyze(topology, UnderLoad.none());
    }

    public static Report analyze(Topology topology, UnderLoad evidence) {
        return new Report(LinkVerdicts.all(topology, evidence), PathCeilings.all(topology),
                AtomicsChain.all(topology), PeerPaths.all(topology), accelerators(topology));
    }

    /** GPUs and accelerators below a link: the cards whose atomics and peers the summary talks about. */
    private static java.util.Set<dev.lanescope.model.Bdf> accelerators(Topology topology) {
        java.util.Set<dev.lanescope.model.Bdf> out = new java.util.TreeSet<>();
        for (var n : topology.functions()) {
            if (n.function().isGpuOrAccelerator() && n.role() != dev.lanescope.model.TopoNode.Role.INTEGRATED) {
                out.add(n.bdf());
            }
        }
        return out;
    }
}
