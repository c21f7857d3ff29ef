package dev.lanescope.analysis.ceiling;

import java.util.Optional;

import dev.lanescope.analysis.PathCeiling;
import dev.lanescope.analysis.PathCeilings;
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
 */
public record CapableLink(Bdf card, LinkState capable, LinkState trained, String where) {

    /** The card's capable link, or empty when the capture does not show one (then the rate must come from a probe). */
    public static Optional<CapableLink> of(Topology topology, Bdf card) {
        Optional<TopoNode.FunctionNode> node = topology.node(card);
        if (node.isEmpty()) return Optional.empty();
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

    /** "capable Gen4 x16 (narrowest hop 0000:00:01.0); trained Gen1 x16 when captured, not used: ...". */
    public String describe() {
        String s = "capable " + capable.genText() + " (" + where + ")";
        if (trained != null && trained.isKnown() && trained.mbps() < capable.mbps()) {
            s += "; trained " + trained.genText() + " when captured, not used: an idle card trains down, and a probe"
                    + " under load shows what it really reaches";
        }
        return s;
    }
}
