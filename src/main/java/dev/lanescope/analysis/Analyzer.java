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
                AtomicsChain.all(topology), PeerPaths.all(topology));
    }
}
