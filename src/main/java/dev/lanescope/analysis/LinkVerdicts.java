package dev.lanescope.analysis;

import java.util.ArrayList;
import java.util.List;

import dev.lanescope.model.Link;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.OwnLink;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;

/**
 * The verdicts of a topology's hops. The rules are in {@link HopRules} ("why is this hop red"), the facts they judge
 * in {@link HopFacts}, the words in {@link HopWords}.
 */
public final class LinkVerdicts {

    private LinkVerdicts() {
    }

    /** Every hop of the topology, plus every empty downstream-facing port, in port order. */
    public static List<HopVerdict> all(Topology topology) {
        return all(topology, UnderLoad.none());
    }

    public static List<HopVerdict> all(Topology topology, UnderLoad evidence) {
        List<HopVerdict> out = new ArrayList<>();
        for (Link l : topology.links()) out.add(classify(topology, l, evidence));
        for (TopoNode.FunctionNode n : topology.functions()) {
            if (n.role().isDownstreamFacing() && topology.children(n).isEmpty()) {
                out.add(classify(topology, emptyPortLink(n.function()), evidence));
            }
        }
        out.sort((a, b) -> a.link().port().bdf().compareTo(b.link().port().bdf()));
        return out;
    }

    /** The hop facts of a port with nothing below it (device null). */
    static Link emptyPortLink(PciFunction port) {
        LinkState cap = OwnLink.capable(port);
        LinkState sta = OwnLink.trained(port);
        Link.Source src = sta == null ? Link.Source.NONE
                : "LnkSta".equals(OwnLink.trainedSource(port)) ? Link.Source.PORT_REGISTERS : Link.Source.SYSFS;
        if (sta == null && OwnLink.lnkStaAsPrinted(port) != null) {
            sta = OwnLink.lnkStaAsPrinted(port);
            src = Link.Source.PORT_REGISTERS;
        }
        return new Link(port, null, cap, null, cap, sta,
                port.express() == null ? null : port.express().targetSpeed(), src, null);
    }

    public static HopVerdict classify(Topology topology, Link link) {
        return classify(topology, link, UnderLoad.none());
    }

    /** The hop's facts ({@link HopFacts}), judged by {@link HopRules}, put into words by {@link HopWords}. */
    public static HopVerdict classify(Topology topology, Link link, UnderLoad evidence) {
        HopFacts facts = HopFacts.read(topology, link, evidence);
        HopRules.Decision d = HopRules.decide(facts);
        return new HopVerdict(link, d.verdict(), HopWords.reason(facts, d), d.secondary(), facts);
    }
}
