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
        return new Report(LinkVerdicts.all(topology, evidence), PathCeilings.all(topology, evidence),
                AtomicsChain.all(topology), PeerPaths.all(topology), accelerators(topology),
                new Answers(topology, evidence));
    }

    /**
     * The GPU and accelerator cards (not an iGPU, not a BMC's or a virtual machine's display): the cards whose atomics
     * and peers the summary talks about, and the ones the window counts and steps through.
     */
    private static java.util.Set<dev.lanescope.model.Bdf> accelerators(Topology topology) {
        java.util.Set<dev.lanescope.model.Bdf> out = new java.util.TreeSet<>();
        for (var n : topology.functions()) {
            if (dev.lanescope.model.DeviceKind.of(topology, n).isGpu()) {
                out.add(n.bdf());
            }
        }
        return out;
    }
}
