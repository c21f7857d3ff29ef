package dev.lanescope.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.Link;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;

/** "Would moving it help?" by DOMAIN.md §6 and seed 000 §1.5. */
public final class MoveAdvisor {

    private MoveAdvisor() {
    }

    public static MoveAdvice advise(Topology t, Bdf device) {
        return advise(t, device, UnderLoad.none());
    }

    public static MoveAdvice advise(Topology t, Bdf device, UnderLoad evidence) {
        TopoNode.FunctionNode node = t.node(device)
                .orElseThrow(() -> new IllegalArgumentException("no function " + device + " in this capture"));
        PciFunction card = node.function();
        Link cardLink = Hardware.cardLink(t, node);
        PathCeiling now = PathCeilings.of(t, node);
        List<String> notes = new ArrayList<>();
        if (cardLink == null) {
            boolean passedThrough = PathCeilings.isRootBusEndpointWithLink(t, node);
            if (passedThrough) notes.add(now.hostPathNote());
            return new MoveAdvice(device, passedThrough
                    ? "Cannot say from this capture: " + device + " sits directly on a root bus, as a virtual machine"
                    + " shows a passed-through card, and the hypervisor hides the host's slots and real path. Its own"
                    + " link gives " + now.sentence() + "; a probe under load is the proof of what it reaches."
                    : "Cannot say: no PCIe link is visible above " + device
                    + " (a virtual machine, or an integrated device), so there is no slot to compare.", false,
                    Hardware.ownCapable(card), now, -1, null, List.of(), notes);
        }
        LinkState cardCap = cardLink.deviceCap();
        Optional<TopoNode.FunctionNode> ownSwitch = Hardware.ownSwitchAbove(t, node);
        // the card's internal hops travel with it
        long internalMbps = Long.MAX_VALUE;
        for (Link l : t.linksUpward(node)) {
            if (l == cardLink || l.equals(cardLink)) break;
            if (l.capable() != null && l.capable().isKnown()) internalMbps = Math.min(internalMbps, l.capable().mbps());
        }

        // 2. trained below capable on the current path: the slot is not the problem
        HopVerdict worst = null;
        boolean idleSeen = false;
        for (Link l : t.linksUpward(node)) {
            HopVerdict v = LinkVerdicts.classify(t, l, evidence);
            if (v.verdict() == LinkVerdict.IDLE_DOWNSHIFT || v.secondary().contains(LinkVerdict.IDLE_DOWNSHIFT)) {
                idleSeen = true;
            }
            if (isTrainingProblem(v.verdict())
                    && (worst == null || HopRules.precedence(v.verdict()) < HopRules.precedence(worst.verdict()))) {
                worst = v;
            }
            if (v.verdict() == LinkVerdict.TUNNELLED) {
                notes.add("The card sits behind a Thunderbolt/USB4 tunnel at " + l.port().bdf() + ": its reported"
                        + " link is not the wire; the real limit is the tunnel's PCIe budget (about 22 Gb/s TB3,"
                        + " 32 TB4, 64 TB5), so an internal slot is the move that changes the number.");
            }
        }
        String idleMeaning = null;
        if (card.isGpuOrAccelerator()) {
            idleMeaning = idleSeen
                    ? "An idle GPU drops its link to 2.5 GT/s to save power, so an idle reading says nothing about"
                    + " the link under load. Prove it: sample nvidia-smi pcie.link.gen.current while it works, or run a"
                    + " probe and read " + cardLink.port().bdf() + "'s current_link_speed in the same boot."
                    : "The link read at full speed in this capture: no idle downshift to explain away.";
        }

        List<MoveCandidate> candidates = candidates(t, node, card, cardLink, cardCap, internalMbps, ownSwitch);
        long nowMbps = now.known() ? now.availableMbps() : now.pathCapableMbps();
        String answer;
        boolean helps = false;
        if (worst != null) {
            answer = trainingAnswer(worst);
        } else {
            MoveCandidate best = null;
            List<MoveCandidate> others = new ArrayList<>();
            for (MoveCandidate c : candidates) {
                if (c.current()) continue;
                others.add(c);
                if (c.predictedMbps() >= 0 && (best == null || c.predictedMbps() > best.predictedMbps())) best = c;
            }
            if (nowMbps < 0) {
                answer = "Cannot say: the current ceiling is unknown (" + now.sentence() + ")";
            } else if (others.isEmpty()) {
                answer = "Moving it would not help: this capture shows no other slot or free port to move it to"
                        + " (" + LinkState.formatGbps(nowMbps) + " Gb/s now).";
            } else if (best != null && best.predictedMbps() > nowMbps) {
                helps = true;
                answer = "Moving it would help: " + best.name() + " gives " + best.predictedGbps() + " Gb/s against "
                        + LinkState.formatGbps(nowMbps) + " Gb/s now"
                        + (best.occupant() != null ? " (it holds " + best.occupantName() + " " + best.occupant()
                        + " now, so it is a swap)" : "") + ".";
            } else if (others.stream().allMatch(c -> c.predictedMbps() == nowMbps)) {
                String w = widths(candidates);
                answer = "Moving it would not help: " + (others.size() == 1 ? "the other candidate, "
                        + others.get(0).name() + ", gives" : "every other candidate gives") + " the same "
                        + LinkState.formatGbps(nowMbps) + " Gb/s as now" + (w == null ? "" : " (" + w + ")")
                        + ": a no-op.";
            } else {
                answer = "Moving it would not help: no candidate gives more than the " + LinkState.formatGbps(nowMbps)
                        + " Gb/s it gets now.";
            }
        }
        notes.add("A port's LnkCap width can exceed what its socket wires (an x16-shaped slot wired x4, an M.2"
                + " riser): registers cannot show that; check the board manual before buying a riser or moving.");
        return new MoveAdvice(device, answer, helps, cardCap, now, now.pathCapableMbps(), idleMeaning, candidates,
                notes);
    }

    private static boolean isTrainingProblem(LinkVerdict v) {
        return v == LinkVerdict.UNKNOWN || v == LinkVerdict.WIDTH_DEGRADED || v == LinkVerdict.SPEED_DEGRADED
                || v == LinkVerdict.TARGET_CAPPED || v == LinkVerdict.IDLE_DOWNSHIFT;
    }

    private static String trainingAnswer(HopVerdict v) {
        Link l = v.link();
        LinkState tr = l.trained();
        LinkState cap = l.capable();
        switch (v.verdict()) {
            case IDLE_DOWNSHIFT:
                return "Moving it would not help: the link trained at " + tr.speed().display() + " on a "
                        + cap.speed().display() + " path; this is idle power management until proven under load"
                        + " (run a probe).";
            case SPEED_DEGRADED:
                return "Moving it would not help: the link trained at " + tr.speed().display() + " on a "
                        + cap.speed().display() + " path at " + l.port().bdf() + "; it trained low at boot (a reboot"
                        + " usually cures it, and it recurs), so fix the training first and prove it under load.";
            case TARGET_CAPPED:
                return "Moving it would not help: the link runs at " + tr.speed().display() + " on a "
                        + cap.speed().display() + " path because " + l.port().bdf() + " asks for only "
                        + l.target().display() + "; raise the slot's PCIe speed in the BIOS (Auto or Gen"
                        + cap.speed().generation() + ") instead.";
            case WIDTH_DEGRADED:
                return "Moving it would not help until the lanes are back: the link trained x" + tr.width()
                        + " on an x" + cap.width() + " path at " + l.port().bdf() + "; reseat the card, check the"
                        + " riser or cable (or, if that socket wires only x" + tr.width() + ", that is its limit).";
            default:
                return "Cannot say yet: " + v.reason();
        }
    }

    private static String widths(List<MoveCandidate> cs) {
        Set<Integer> ws = new LinkedHashSet<>();
        for (MoveCandidate c : cs) if (c.predictedLink() != null) ws.add(c.predictedLink().width());
        if (ws.size() != 1) return null;
        int w = ws.iterator().next();
        return (cs.size() == 2 ? "both" : "all") + " x" + w;
    }

    private static List<MoveCandidate> candidates(Topology t, TopoNode.FunctionNode node, PciFunction card,
                                                  Link cardLink, LinkState cardCap, long internalMbps,
                                                  Optional<TopoNode.FunctionNode> ownSwitch) {
        TopoNode.FunctionNode currentPort = t.node(cardLink.port().bdf()).orElseThrow();
        TopoNode.FunctionNode cardTop = ownSwitch.orElse(t.node(cardLink.device().bdf()).orElse(node));
        Set<TopoNode.FunctionNode> inCard = new LinkedHashSet<>(Hardware.subtree(t, cardTop));
        inCard.add(cardTop);
        // the card's own switch ports travel with it (nearest first, as the atomics walk wants)
        List<TopoNode.FunctionNode> internalBridges = new ArrayList<>();
        for (TopoNode.FunctionNode a : Hardware.ancestors(t, node)) {
            if (a.equals(currentPort)) break;
            internalBridges.add(a);
        }
        List<TopoNode.FunctionNode> otherGpus = new ArrayList<>();
        // the same peers the peer analysis uses: GPUs below a PCIe link (an iGPU on the root bus is nobody's peer)
        for (TopoNode.FunctionNode f : PeerPaths.peers(t)) {
            if (f.function().isGpuOrAccelerator() && !inCard.contains(f) && !f.equals(node)) otherGpus.add(f);
        }
        List<MoveCandidate> out = new ArrayList<>();
        for (TopoNode.FunctionNode p : t.functions()) {
            if (!p.role().isDownstreamFacing() || inCard.contains(p)) continue;
            Optional<TopoNode.FunctionNode> parent = Hardware.parentFunction(t, p);
            if (parent.isPresent() && Hardware.gpuBehindOwnSwitch(t, parent.get()).isPresent()) continue;
            boolean current = p.equals(currentPort);
            List<TopoNode> kids = t.children(p);
            boolean empty = kids.isEmpty();
            PciFunction pf = p.function();
            // a port whose registers were not captured (tree only) but holds a GPU is a slot in all but name
            boolean gpuBelowUnknownPort = pf.express() == null && kids.stream()
                    .anyMatch(k -> k instanceof TopoNode.FunctionNode kf && kf.function().isGpuOrAccelerator());
            if (!current && !empty && !Hardware.isSlot(pf) && !gpuBelowUnknownPort) continue;
            // a Thunderbolt/USB4 controller's own functions (NHI, its USB controller) cannot be swapped for a card
            boolean controllerFunctionBelow = !empty && Hardware.isTunnelPort(pf) && kids.stream()
                    .allMatch(k -> k instanceof TopoNode.FunctionNode kf && Hardware.isTunnelPort(kf.function())
                            && !kf.function().isBridge());
            if (!current && controllerFunctionBelow) continue;
            // with the port type only inferred from a tree, an empty switch port may sit inside a card (an NVMe
            // carrier's own switch): offer only empty root ports, which boards do enumerate for their slots
            if (!current && empty && pf.express() == null && !Hardware.isSlot(pf)
                    && p.role() != TopoNode.Role.ROOT_PORT) {
                continue;
            }
            LinkState portCap = Hardware.ownCapable(pf);
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
                    limitedBy = "the card (" + (cardCap == null ? "?" : cardCap.display()) + ")";
                }
            }
            boolean chipset = Hardware.isChipset(pf);
            Bdf chipsetAt = chipset ? pf.bdf() : null;
            for (TopoNode.FunctionNode a : Hardware.ancestors(t, p)) {
                if (Hardware.isChipset(a.function())) {
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
            if (empty && !current) cnotes.add("empty");
            Bdf occupant = null;
            String occupantName = null;
            if (!empty && !current) {
                for (TopoNode k : kids) {
                    if (k instanceof TopoNode.FunctionNode kf) {
                        occupant = kf.bdf();
                        Optional<TopoNode.FunctionNode> g = Hardware.gpuBehindOwnSwitch(t, kf);
                        PciFunction shown = g.map(TopoNode.FunctionNode::function).orElse(kf.function());
                        occupantName = Hardware.kind(shown) + " " + Hardware.name(shown);
                        if (g.isPresent()) occupant = g.get().bdf();
                        break;
                    }
                }
            }
            // AtomicOps if the card sat here: its own switch ports, then this port and everything above it
            AtomicsVerdict atomics = null;
            if (card.portType() != null && card.portType().isEndpointLike()) {
                List<TopoNode.FunctionNode> bridges = new ArrayList<>(internalBridges);
                bridges.add(p);
                bridges.addAll(Hardware.ancestors(t, p));
                atomics = AtomicsChain.evaluate(t, node, bridges, current ? "" : " from " + pf.bdf());
            }
            List<String> peers = new ArrayList<>();
            if (card.isGpuOrAccelerator()) {
                int extra = ownSwitch.isPresent() ? 1 : 0;
                for (TopoNode.FunctionNode g : otherGpus) {
                    TopoNode other = g;
                    // in a swap, the other card moves to this card's current port
                    if (occupant != null && (g.bdf().equals(occupant) || Hardware.subtree(t, p).contains(g))) {
                        other = currentPort;
                        PeerPaths.Route r = PeerPaths.route(t, p, extra, true, other);
                        peers.add(r.pathClass() + " to " + g.bdf() + " (after the swap)");
                        continue;
                    }
                    PeerPaths.Route r = PeerPaths.route(t, p, extra, true, other);
                    peers.add(r.pathClass() + " to " + g.bdf());
                }
            }
            out.add(new MoveCandidate(pf.bdf(), Hardware.portLabel(p), current, occupant, occupantName, chipset,
                    portCap, hop, predicted, limitedBy, atomics, peers, cnotes));
        }
        out.sort(Comparator.comparingLong(MoveCandidate::predictedMbps).reversed()
                .thenComparing(c -> !c.current())
                .thenComparing(MoveCandidate::port));
        return out;
    }
}
