package dev.lanescope.analysis.ceiling;

import java.util.Optional;

import dev.lanescope.analysis.PathCeiling;
import dev.lanescope.analysis.LinkVerdict;
import dev.lanescope.analysis.LinkVerdicts;
import dev.lanescope.analysis.PathCeilings;
import dev.lanescope.analysis.Tunnel;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Link;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;

/**
 * What a capture can say about a card's host-to-device rate without a probe: the link its path is capable of
 * (the narrowest hop's capability, as the path ceiling computes it), never the link it trained to at capture time,
 * which an idle GPU drops to 2.5 GT/s. A card on a virtual root bus (no link above it) offers its own LnkCap.
 *
 * @param card    the card
 * @param capable the capability the estimate starts from
 * @param trained what that hop trained to when captured (null when not read): shown, never used
 * @param where   where {@code capable} was read, in words ("narrowest hop 0000:00:01.0", "its own LnkCap")
 * @param tunnel  the Thunderbolt/USB4 tunnel the card sits behind, or null: then the tunnel's PCIe budget, not the
 *                tunnel port's reported link, caps the rate (docs/RULES.md §11)
 * @param usableMbps what the path can carry: the capable link, or behind a tunnel the lesser of its budget and the
 *                links that are not the tunnel
 */
public record CapableLink(Bdf card, LinkState capable, LinkState trained, String where, Tunnel tunnel,
                          long usableMbps) {

    public CapableLink(Bdf card, LinkState capable, LinkState trained, String where) {
        this(card, capable, trained, where, null, capable.mbps());
    }

    /** The lowest Thunderbolt generation's budget, used (and said) when the routers' names do not tell which. */
    static final long LOWEST_TUNNEL_MBPS = 22_000;

    /** The card's capable link, or empty when the capture does not show one (then the rate must come from a probe). */
    public static Optional<CapableLink> of(Topology topology, Bdf card) {
        Optional<TopoNode.FunctionNode> node = topology.node(card);
        if (node.isEmpty()) return Optional.empty();
        Optional<Tunnel> tunnel = Tunnel.of(topology, node.get());
        if (tunnel.isPresent()) return behindTunnel(topology, node.get(), tunnel.get());
        PathCeiling pc = PathCeilings.of(topology, node.get());
        if (pc.pathCapableMbps() > 0) {
            // the hop the path ceiling found narrowest; on a tie the one nearest the card, as the list runs upward
            for (Link l : topology.linksUpward(node.get())) {
                if (l.capable() != null && l.capable().isKnown() && l.capable().mbps() == pc.pathCapableMbps()) {
                    boolean own = l.device() != null && l.device().bdf().equals(card);
                    return Optional.of(new CapableLink(card, l.capable(), l.trained(),
                            own ? "its link to " + l.port().bdf() : "narrowest hop " + l.port().bdf()));
                }
            }
        }
        if (topology.linksUpward(node.get()).isEmpty() && pc.capableLink() != null && pc.capableLink().isKnown()) {
            LinkState own = pc.steps().isEmpty() ? null : pc.steps().get(0).state();
            return Optional.of(new CapableLink(card, pc.capableLink(), own,
                    "its own LnkCap: no link above it is visible (a virtual machine hides the host's path)"));
        }
        return Optional.empty();
    }

    /**
     * Behind a tunnel: the links that are not the tunnel (inside the enclosure, the card's own) and the tunnel's PCIe
     * budget, the lesser decides; the tunnel hop's reported link (often 2.5 GT/s x4) is not the wire and is not used.
     */
    private static Optional<CapableLink> behindTunnel(Topology t, TopoNode.FunctionNode node, Tunnel tunnel) {
        long budget = tunnel.budgetMbps() > 0 ? tunnel.budgetMbps() : LOWEST_TUNNEL_MBPS;
        Link narrowest = null;
        for (Link l : t.linksUpward(node)) {
            if (LinkVerdicts.classify(t, l).verdict() == LinkVerdict.TUNNELLED) continue;
            if (l.capable() == null || !l.capable().isKnown()) continue;
            if (narrowest == null || l.capable().mbps() < narrowest.capable().mbps()) narrowest = l;
        }
        if (narrowest == null) return Optional.empty();
        long usable = Math.min(budget, narrowest.capable().mbps());
        return Optional.of(new CapableLink(node.bdf(), narrowest.capable(), narrowest.trained(), "narrowest hop"
                + " that is not the tunnel " + narrowest.port().bdf(), tunnel, usable));
    }

    /** "capable Gen4 x16 (narrowest hop 0000:00:01.0); trained Gen1 x16 when captured, not used: ...". */
    public String describe() {
        String s = "capable " + capable.genText() + " (" + where + ")";
        if (tunnel != null) {
            s += "; behind the Thunderbolt/USB4 tunnel at " + tunnel.port() + ": " + (tunnel.budgetMbps() > 0
                    ? tunnel.budgetWords() : "its generation is not in the capture, so the lowest, about 22 Gb/s of"
                    + " PCIe on Thunderbolt 3, is used") + "; the tunnel port's reported link is not the wire"
                    + (usableMbps < capable.mbps() ? ", and the tunnel is the limit" : "");
        }
        if (trained != null && trained.isKnown() && trained.mbps() < capable.mbps()) {
            s += "; trained " + trained.genText() + " when captured, not used: an idle card trains down, and a probe"
                    + " under load shows what it really reaches";
        }
        return s;
    }
}
