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
        List<MoveCandidate> out = new ArrayList<>();
        TopoNode.RootComplex rcNow = t.rootOf(currentPort);
        for (TopoNode.FunctionNode p : t.functions()) {
            if (!p.role().isDownstreamFacing() || inCard.contains(p)) continue;
            boolean current = p.equals(currentPort);
            List<TopoNode> kids = t.children(p);
            boolean empty = kids.isEmpty();
            PciFunction pf = p.function();
            TopoNode.FunctionNode occupantNode = kids.stream().filter(k -> k instanceof TopoNode.FunctionNode)
                    .map(k -> (TopoNode.FunctionNode) k).findFirst().orElse(null);
            if (!current && !isPlaceFor(t, node, p, occupantNode)) continue;
            LinkState portCap = OwnLink.capable(pf);
            LinkState hop = LinkState.min(portCap, cardCap);
            long hopMbps = Hardware.known(hop) ? hop.mbps() : -1;
            long aboveMbps = Long.MAX_VALUE;
            Link aboveLimit = null;
            boolean aboveUnknown = false;
            for (Link l : t.linksUpward(p)) {
                if (l.capable() == null || !l.capable().isKnown()) {
                    aboveUnknown = true;
                    continue;
                }
                if (l.capable().mbps() < aboveMbps) {
                    aboveMbps = l.capable().mbps();
                    aboveLimit = l;
                }
            }
            long predicted;
            String limitedBy;
            if (hopMbps < 0 || aboveUnknown) {
                predicted = -1;
                limitedBy = "unknown (" + (hopMbps < 0 ? "the port's or the card's LnkCap" : "a link above the port")
                        + " was not captured)";
            } else {
                predicted = Math.min(hopMbps, Math.min(aboveMbps, internalMbps));
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
                    limitedBy = "the card (" + (cardCap == null ? "?" : (OwnLink.ownCapabilityIsLowerBound(card)
                            && cardLink.device() == card ? "at least " : "") + cardCap.display()) + ")";
                }
            }
            boolean chipset = DeviceKind.isChipset(pf);
            Bdf chipsetAt = chipset ? pf.bdf() : null;
            for (TopoNode.FunctionNode a : t.ancestors(p)) {
                if (DeviceKind.isChipset(a.function())) {
                    chipset = true;
                    if (chipsetAt == null) chipsetAt = a.bdf();
                }
            }
            List<String> cnotes = new ArrayList<>();
            if (chipset) {
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
            String why = current ? "where it is now" : empty
                    ? "an empty " + (Hardware.isSlot(pf) ? "slot" : "port")
                    : "a swap: it holds " + occupantName + " " + occupant + ", which would go to "
                    + Hardware.portLabel(currentPort) + " (" + currentPort.bdf() + ")"
                    + (identical(card, occupantNode, t) ? ", an identical card: the machine as a whole gains nothing" : "");
            why += "; " + placeWords(t, p, current ? null : rcNow);
            // AtomicOps if the card sat here: its own switch ports, then this port and everything above it
            AtomicsVerdict atomics = null;
            if (card.portType() != null && card.portType().isEndpointLike()) {
                List<TopoNode.FunctionNode> bridges = new ArrayList<>(internalBridges);
                bridges.add(p);
                bridges.addAll(t.ancestors(p));
                atomics = AtomicsChain.evaluate(t, node, bridges, current ? "" : " from " + pf.bdf());
            }
            List<String> peers = new ArrayList<>();
            if (DeviceKind.of(t, node).isGpu()) {
                int extra = ownSwitch.isPresent() ? 1 : 0;
                for (TopoNode.FunctionNode g : otherGpus) {
                    TopoNode other = g;
                    // in a swap, the other card moves to this card's current port
                    if (occupant != null && (g.bdf().equals(occupant) || t.descendants(p).contains(g))) {
                        other = currentPort;
                        PeerPaths.Route r = PeerPaths.route(t, p, extra, true, other);
                        peers.add(r.pathClass() + " to " + g.bdf() + " (after the swap)");
                        continue;
                    }
                    PeerPaths.Route r = PeerPaths.route(t, p, extra, true, other);
                    peers.add(r.pathClass() + " to " + g.bdf());
                }
            }
            out.add(new MoveCandidate(pf.bdf(), Hardware.portLabel(p), current, why,
                    !current && identical(card, occupantNode, t), occupant, occupantName, chipset,
                    portCap, hop, predicted, limitedBy, atomics, peers, cnotes));
        }
        out.sort(Comparator.comparingLong(MoveCandidate::predictedMbps).reversed()
                .thenComparing(c -> !c.current())
                .thenComparing(MoveCandidate::port));
        return out;
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
