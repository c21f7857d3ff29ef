package dev.lanescope.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.DeviceKind;
import dev.lanescope.model.Link;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.OwnLink;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;

/**
 * The places a card could go and what each would give (docs/RULES.md §6): which downstream-facing ports are a place
 * for it, the predicted ceiling there, the AtomicOps chain and the peer classes from there, best first.
 */
final class MoveCandidates {

    private MoveCandidates() {
    }

    /** The card being placed and what every candidate place is judged against. */
    private record Card(Topology t, TopoNode.FunctionNode node, PciFunction card, Link cardLink, LinkState cardCap,
                        long internalMbps, Optional<TopoNode.FunctionNode> ownSwitch,
                        TopoNode.FunctionNode currentPort, Set<TopoNode.FunctionNode> inCard,
                        List<TopoNode.FunctionNode> internalBridges, List<TopoNode.FunctionNode> otherGpus) {
    }

    /** Every place for the card, its current one included (marked current), best predicted ceiling first. */
    static List<MoveCandidate> of(Topology t, TopoNode.FunctionNode node, PciFunction card, Link cardLink,
                                  LinkState cardCap, long internalMbps, Optional<TopoNode.FunctionNode> ownSwitch) {
        TopoNode.FunctionNode currentPort = t.node(cardLink.port().bdf()).orElseThrow();
        TopoNode.FunctionNode cardTop = ownSwitch.orElse(t.node(cardLink.device().bdf()).orElse(node));
        Set<TopoNode.FunctionNode> inCard = new LinkedHashSet<>(t.descendants(cardTop));
        inCard.add(cardTop);
        // the card's own switch ports travel with it (nearest first, as the atomics walk wants)
        List<TopoNode.FunctionNode> internalBridges = new ArrayList<>();
        for (TopoNode.FunctionNode a : t.ancestors(node)) {
            if (a.equals(currentPort)) break;
            internalBridges.add(a);
        }
        List<TopoNode.FunctionNode> otherGpus = new ArrayList<>();
        // the same peers the peer analysis uses: GPUs below a PCIe link (an iGPU on the root bus is nobody's peer)
        for (TopoNode.FunctionNode f : PeerPaths.peers(t)) {
            if (DeviceKind.of(t, f).isGpu() && !inCard.contains(f) && !f.equals(node)) otherGpus.add(f);
        }
        Card c = new Card(t, node, card, cardLink, cardCap, internalMbps, ownSwitch, currentPort, inCard,
                internalBridges, otherGpus);
        List<MoveCandidate> out = new ArrayList<>();
        for (TopoNode.FunctionNode p : t.functions()) {
            if (!p.role().isDownstreamFacing() || inCard.contains(p)) continue;
            MoveCandidate m = candidate(c, p);
            if (m != null) out.add(m);
        }
        out.sort(Comparator.comparingLong(MoveCandidate::predictedMbps).reversed()
                .thenComparing(m -> !m.current())
                .thenComparing(MoveCandidate::port));
        return out;
    }

    /** The card at downstream-facing port {@code p}, or null when {@code p} is no place for it. */
    private static MoveCandidate candidate(Card c, TopoNode.FunctionNode p) {
        Topology t = c.t();
        boolean current = p.equals(c.currentPort());
        List<TopoNode> kids = t.children(p);
        boolean empty = kids.isEmpty();
        PciFunction pf = p.function();
        TopoNode.FunctionNode occupantNode = kids.stream().filter(k -> k instanceof TopoNode.FunctionNode)
                .map(k -> (TopoNode.FunctionNode) k).findFirst().orElse(null);
        if (!current && !isPlaceFor(t, c.node(), p, occupantNode)) return null;
        LinkState portCap = OwnLink.capable(pf);
        LinkState hop = LinkState.min(portCap, c.cardCap());
        Prediction at = predict(c, p, portCap, hop);
        Bdf chipsetAt = chipsetAt(t, p);
        List<String> cnotes = new ArrayList<>();
        if (chipsetAt != null) {
            cnotes.add("behind the chipset (" + chipsetAt + "): it shares the chipset uplink with everything"
                    + " else on the chipset");
        }
        if (Hardware.isTunnelPort(pf)) cnotes.add("a Thunderbolt/USB4 tunnel: the figure is not the wire");
        Bdf occupant = null;
        String occupantName = null;
        if (!empty && !current && occupantNode != null) {
            Optional<TopoNode.FunctionNode> g = Hardware.cardBehindOwnSwitch(t, occupantNode);
            TopoNode.FunctionNode shown = g.orElse(occupantNode);
            occupant = shown.bdf();
            occupantName = Hardware.kind(shown.function()) + " " + Hardware.name(shown.function());
        }
        boolean twin = identical(c.card(), occupantNode, t);
        String why = current ? "where it is now" : empty
                ? "an empty " + (Hardware.isSlot(pf) ? "slot" : "port")
                : "a swap: it holds " + occupantName + " " + occupant + ", which would go to "
                + Hardware.portLabel(c.currentPort()) + " (" + c.currentPort().bdf() + ")"
                + (twin ? ", an identical card: the machine as a whole gains nothing" : "");
        why += "; " + placeWords(t, p, current ? null : t.rootOf(c.currentPort()));
        return new MoveCandidate(pf.bdf(), Hardware.portLabel(p), current, why, !current && twin, occupant,
                occupantName, chipsetAt != null, portCap, hop, at.mbps(), at.limitedBy(), atomicsThere(c, p, current),
                peersFrom(c, p, occupant), cnotes);
    }

    /** The predicted ceiling at a place (-1 when unknown) and what sets it, in words. */
    private record Prediction(long mbps, String limitedBy) {
    }

    private static Prediction predict(Card c, TopoNode.FunctionNode p, LinkState portCap, LinkState hop) {
        long hopMbps = Hardware.known(hop) ? hop.mbps() : -1;
        long aboveMbps = Long.MAX_VALUE;
        Link aboveLimit = null;
        boolean aboveUnknown = false;
        for (Link l : c.t().linksUpward(p)) {
            if (l.capable() == null || !l.capable().isKnown()) {
                aboveUnknown = true;
                continue;
            }
            if (l.capable().mbps() < aboveMbps) {
                aboveMbps = l.capable().mbps();
                aboveLimit = l;
            }
        }
        if (hopMbps < 0 || aboveUnknown) {
            return new Prediction(-1, "unknown (" + (hopMbps < 0 ? "the port's or the card's LnkCap"
                    : "a link above the port") + " was not captured)");
        }
        long internalMbps = c.internalMbps();
        LinkState cardCap = c.cardCap();
        long predicted = Math.min(hopMbps, Math.min(aboveMbps, internalMbps));
        String limitedBy;
        if (aboveLimit != null && aboveMbps < hopMbps && aboveMbps <= internalMbps) {
            limitedBy = "the uplink " + aboveLimit.port().bdf() + " -> " + aboveLimit.device().bdf() + " ("
                    + aboveLimit.capable().display() + ")";
        } else if (internalMbps < hopMbps) {
            limitedBy = "the card's internal link";
        } else if (portCap == null) {
            limitedBy = "the card (" + (cardCap == null ? "?" : cardCap.display()) + ") at most: the port's own"
                    + " capability is not in this capture, so this is an upper bound";
        } else if (cardCap != null && portCap.mbps() < cardCap.mbps()) {
            limitedBy = "the port (" + portCap.display() + ")";
        } else {
            limitedBy = "the card (" + (cardCap == null ? "?" : (OwnLink.ownCapabilityIsLowerBound(c.card())
                    && c.cardLink().device() == c.card() ? "at least " : "") + cardCap.display()) + ")";
        }
        return new Prediction(predicted, limitedBy);
    }

    /** The chipset function at or nearest above the port, or null when the port is not behind the chipset. */
    private static Bdf chipsetAt(Topology t, TopoNode.FunctionNode p) {
        if (DeviceKind.isChipset(p.function())) return p.bdf();
        for (TopoNode.FunctionNode a : t.ancestors(p)) {
            if (DeviceKind.isChipset(a.function())) return a.bdf();
        }
        return null;
    }

    /** AtomicOps if the card sat here: its own switch ports, then this port and everything above it. */
    private static AtomicsVerdict atomicsThere(Card c, TopoNode.FunctionNode p, boolean current) {
        if (c.card().portType() == null || !c.card().portType().isEndpointLike()) return null;
        List<TopoNode.FunctionNode> bridges = new ArrayList<>(c.internalBridges());
        bridges.add(p);
        bridges.addAll(c.t().ancestors(p));
        return AtomicsChain.evaluate(c.t(), c.node(), bridges, current ? "" : " from " + p.function().bdf());
    }

    /** The peer class to every other GPU from this place; in a swap the occupant moves to the card's current port. */
    private static List<String> peersFrom(Card c, TopoNode.FunctionNode p, Bdf occupant) {
        Topology t = c.t();
        List<String> peers = new ArrayList<>();
        if (!DeviceKind.of(t, c.node()).isGpu()) return peers;
        int extra = c.ownSwitch().isPresent() ? 1 : 0;
        for (TopoNode.FunctionNode g : c.otherGpus()) {
            if (occupant != null && (g.bdf().equals(occupant) || t.descendants(p).contains(g))) {
                PeerPaths.Route r = PeerPaths.route(t, p, extra, true, c.currentPort());
                peers.add(r.pathClass() + " to " + g.bdf() + " (after the swap)");
                continue;
            }
            PeerPaths.Route r = PeerPaths.route(t, p, extra, true, g);
            peers.add(r.pathClass() + " to " + g.bdf());
        }
        return peers;
    }

    /**
     * Whether a user can plug the card into port {@code p} (docs/RULES.md §6): not a port of a Thunderbolt/USB4 router or
     * inside an enclosure or dock, not a port inside another card's own switch, and, when occupied, only a swap with
     * another removable card that takes the same kind of socket (never a soldered or mobile part, a chipset or CPU
     * function, a Thunderbolt controller, or an M.2 drive or Wi-Fi module when the card is not one).
     */
    private static boolean isPlaceFor(Topology t, TopoNode.FunctionNode card, TopoNode.FunctionNode p,
                                      TopoNode.FunctionNode occupant) {
        PciFunction pf = p.function();
        // a host bridge that prints a Root Port capability (a Xeon's DMI port to the chipset) is no slot
        if (DeviceKind.of(pf) == DeviceKind.HOST_BRIDGE || Hardware.isThunderboltPort(t, p)) return false;
        // a conventional PCI bridge (registers read, no Express capability: an 82801 subtractive-decode bridge) has
        // no PCIe slot below it
        if (isConventionalPciBridge(t, pf)) return false;
        for (TopoNode.FunctionNode a : t.ancestors(p)) {
            if (Hardware.isThunderboltPort(t, a)) return false;
        }
        if (Hardware.insideCard(t, p).isPresent()) return false;
        if (occupant == null) {
            // with the port type only inferred from a tree, an empty switch port may sit inside a card: offer only
            // empty root ports, which boards do enumerate for their slots
            return pf.express() != null || Hardware.isSlot(pf) || p.role() == TopoNode.Role.ROOT_PORT;
        }
        if (pf.express() != null && !Hardware.isSlot(pf)) return false; // a port with registers and no slot: soldered down
        Optional<TopoNode.FunctionNode> inCard = Hardware.cardBehindOwnSwitch(t, occupant);
        TopoNode.FunctionNode o = inCard.orElse(occupant);
        PciFunction of = o.function();
        if (DeviceKind.isMobile(of) || DeviceKind.isChipset(of) || Hardware.isTunnelPort(of)) return false;
        if (inCard.isEmpty() && occupant.role() == TopoNode.Role.SWITCH_UPSTREAM) return false; // the board's own switch
        DeviceKind ok = DeviceKind.of(t, o);
        DeviceKind ck = DeviceKind.of(t, card);
        // the same kind of socket: two M.2 drives, two cards; a tree without classes cannot tell (OTHER)
        if (ok == ck && ok != DeviceKind.OTHER) return true;
        // storage controllers and NICs are often soldered down (a Mac's NVMe controller, a board's LAN): not offered
        return switch (ok) {
            case GPU, ACCELERATOR, DATACENTRE_NIC -> ck != DeviceKind.NVME && ck != DeviceKind.WIRELESS;
            default -> false;
        };
    }

    /** A bridge whose registers the capture read and that has no PCI Express capability: conventional PCI. */
    private static boolean isConventionalPciBridge(Topology t, PciFunction f) {
        return f.express() == null && !f.capabilitiesHidden() && f.sysfsLink() == null && Hardware.registersRead(t, f);
    }

    /** "on root complex 0000:00 (NUMA node 1), the same as now" / "on the chipset's ..." */
    private static String placeWords(Topology t, TopoNode.FunctionNode p, TopoNode.RootComplex rcNow) {
        TopoNode.RootComplex rc = t.rootOf(p);
        int numa = p.function().numaNode();
        if (numa < 0 && rc.hostBridge() != null) numa = rc.hostBridge().numaNode();
        String rcName = String.format(java.util.Locale.ROOT, "%04x:%02x", rc.domain(), rc.bus());
        return "on root complex " + rcName + (numa >= 0 ? " (NUMA node " + numa + ")" : "")
                + (rcNow == null ? "" : rc.equals(rcNow) ? ", the same as now" : ", not the one it is on now");
    }

    /** The occupant (or the card behind its own switch) is the same model as the card: a swap only trades places. */
    private static boolean identical(PciFunction card, TopoNode.FunctionNode occupant, Topology t) {
        if (occupant == null) return false;
        PciFunction o = Hardware.cardBehindOwnSwitch(t, occupant).orElse(occupant).function();
        return card.vendorDeviceName() != null && card.vendorDeviceName().equals(o.vendorDeviceName());
    }
}
