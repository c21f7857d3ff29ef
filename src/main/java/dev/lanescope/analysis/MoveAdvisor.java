package dev.lanescope.analysis;

import java.util.ArrayList;
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

/** "Would moving it help?" by docs/RULES.md §6. */
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
        PathCeiling now = PathCeilings.of(t, node, evidence);
        List<String> notes = new ArrayList<>();
        if (cardLink == null) return withoutASlot(t, node, now, notes);
        // what the card could do in a better slot: its own capability (LnkCap2's top speed where printed), never the
        // LnkCap an NVIDIA GPU lowers to its present partner's (docs/RULES.md §6)
        LinkState cardCap = cardLink.device() == null ? null : OwnLink.ownCapability(cardLink.device());
        Optional<TopoNode.FunctionNode> ownSwitch = Hardware.ownSwitchAbove(t, node);
        long internalMbps = internalMbps(t, node, cardLink);
        // 2. trained below capable on the current path: the slot is not the problem
        Hops hops = hops(t, node, evidence, notes);
        String idleMeaning = DeviceKind.of(t, node).isGpu() ? idleMeaning(cardLink, hops) : null;

        List<MoveCandidate> all = MoveCandidates.of(t, node, card, cardLink, cardCap, internalMbps, ownSwitch);
        MoveCandidate here = all.stream().filter(MoveCandidate::current).findFirst().orElse(null);
        Answer a = new Answer(all.stream().filter(c -> !c.current()).toList());
        long nowMbps = now.known() ? now.availableMbps() : now.pathCapableMbps();
        String fixed = cannotMove(t, node, ownSwitch);
        Optional<TopoNode.FunctionNode> tunnel = Hardware.tunnelAbove(t, ownSwitch.orElse(node));
        if (fixed != null) {
            a.cannotMove(fixed, nowMbps, hops.worst(), notes);
        } else if (tunnel.isPresent()) {
            a.behindTunnel(t, tunnel.get(), cardCap, internalMbps, hops.worst(), notes);
        } else {
            a.bySlots(hops.worst(), now, nowMbps, here);
        }
        notes.add("A port's LnkCap width can exceed what its socket wires (an x16-shaped slot wired x4, an M.2"
                + " riser): registers cannot show that; check the board manual before buying a riser or moving.");
        return new MoveAdvice(device, a.answer, a.helps, cardCap, now, now.pathCapableMbps(), idleMeaning, here,
                a.candidates, notes);
    }

    /** The answer for a function with no PCIe link above it: a card passed through to a VM, or an integrated one. */
    private static MoveAdvice withoutASlot(Topology t, TopoNode.FunctionNode node, PathCeiling now, List<String> notes) {
        Bdf device = node.bdf();
        boolean passedThrough = PathCeilings.isRootBusEndpointWithLink(t, node);
        if (passedThrough) notes.add(now.hostPathNote());
        return new MoveAdvice(device, passedThrough
                ? "Cannot say from this capture: " + device + " sits directly on a root bus, as a virtual machine"
                + " shows a passed-through card, and the hypervisor hides the host's slots and real path. Its own"
                + " link gives " + now.sentence() + "; a probe under load is the proof of what it reaches."
                : "Cannot say: no PCIe link is visible above " + device
                + " (a virtual machine, or an integrated device), so there is no slot to compare.", null,
                OwnLink.capable(node.function()), now, -1, null, null, List.of(), notes);
    }

    /** The slowest capable hop inside the card's own switch (those hops travel with it), MAX_VALUE when none. */
    private static long internalMbps(Topology t, TopoNode.FunctionNode node, Link cardLink) {
        long internalMbps = Long.MAX_VALUE;
        for (Link l : t.linksUpward(node)) {
            if (l == cardLink || l.equals(cardLink)) break;
            if (l.capable() != null && l.capable().isKnown()) internalMbps = Math.min(internalMbps, l.capable().mbps());
        }
        return internalMbps;
    }

    /**
     * What the hops of the current path say: the worst training problem by the one severity order every view uses
     * (a known fault before an unreadable hop), whether an idle downshift or an unreadable hop was seen, and a hop
     * that climbed to full speed under load.
     */
    private record Hops(HopVerdict worst, boolean idleSeen, boolean unreadable, UnderLoad.Observation climbed) {
    }

    /** The current path's hops, nearest first; a tunnel on the way adds its note. */
    private static Hops hops(Topology t, TopoNode.FunctionNode node, UnderLoad evidence, List<String> notes) {
        HopVerdict worst = null;
        boolean idleSeen = false;
        boolean unreadable = false;
        UnderLoad.Observation climbed = null;
        for (Link l : t.linksUpward(node)) {
            HopVerdict v = LinkVerdicts.classify(t, l, evidence);
            if (v.verdict() == LinkVerdict.IDLE_DOWNSHIFT || v.secondary().contains(LinkVerdict.IDLE_DOWNSHIFT)) {
                idleSeen = true;
            }
            if (v.verdict() == LinkVerdict.UNKNOWN) unreadable = true;
            if (v.facts() != null && v.facts().load() != null && v.facts().climbedUnderLoad()) climbed = v.facts().load();
            if (isTrainingProblem(v.verdict())
                    && (worst == null || v.verdict().severityRank() < worst.verdict().severityRank())) {
                worst = v;
            }
            if (v.verdict() == LinkVerdict.TUNNELLED) {
                notes.add("The card sits behind a Thunderbolt/USB4 tunnel at " + l.port().bdf() + ": its reported"
                        + " link is not the wire; the real limit is the tunnel's PCIe budget (about 22 Gb/s TB3,"
                        + " 32 TB4, 64 TB5), so an internal slot is the move that changes the number.");
            }
        }
        return new Hops(worst, idleSeen, unreadable, climbed);
    }

    /** What an idle reading of a GPU's link means here. */
    private static String idleMeaning(Link cardLink, Hops hops) {
        return hops.idleSeen()
                ? "An idle GPU drops its link to 2.5 GT/s to save power, so an idle reading says nothing about"
                + " the link under load. Prove it: sample nvidia-smi pcie.link.gen.current while it works, or run a"
                + " probe and read " + cardLink.port().bdf() + "'s current_link_speed in the same boot."
                : hops.climbed() != null
                ? "Under load the link reached its full speed (" + hops.climbed().source() + "): the idle reading was"
                + " power management, not a fault."
                : hops.unreadable()
                ? "The link's current speed is not in this capture, so whether it idles low is not known;"
                + " `sudo lspci -vv` (or the port's sysfs current_link_speed) shows it."
                : "The link read at full speed in this capture: no idle downshift to explain away.";
    }

    /** The answer being worked out: the sentence, whether moving helps (null: cannot say), the candidates shown. */
    private static final class Answer {
        String answer;
        Boolean helps = Boolean.FALSE;
        List<MoveCandidate> candidates;
        /** The fastest known place that is not a twin's, and the fastest twin's (a swap only trades places). */
        final MoveCandidate best;
        final MoveCandidate bestTwin;

        Answer(List<MoveCandidate> candidates) {
            this.candidates = candidates;
            MoveCandidate b = null;
            MoveCandidate twin = null;
            for (MoveCandidate c : candidates) {
                if (c.predictedMbps() < 0) continue;
                if (c.twin()) {
                    if (twin == null || c.predictedMbps() > twin.predictedMbps()) twin = c;
                } else if (b == null || c.predictedMbps() > b.predictedMbps()) {
                    b = c;
                }
            }
            best = b;
            bestTwin = twin;
        }

        void cannotMove(String fixed, long nowMbps, HopVerdict worst, List<String> notes) {
            answer = "It cannot be moved: " + fixed + ", so no slot change applies"
                    + (nowMbps < 0 ? "." : "; it gets " + LinkState.formatGbps(nowMbps) + " Gb/s where it is.");
            candidates = List.of();
            if (worst != null) notes.add(also(worst));
        }

        void behindTunnel(Topology t, TopoNode.FunctionNode tunnel, LinkState cardCap, long internalMbps,
                          HopVerdict worst, List<String> notes) {
            long budget = Hardware.tunnelBudgetMbps(Hardware.tunnelRouters(t, tunnel));
            long lift = best != null && best.predictedMbps() >= 0 ? best.predictedMbps()
                    : Hardware.known(cardCap) ? Math.min(cardCap.mbps(), internalMbps) : -1;
            answer = "Moving it inside the enclosure or dock would not help: its Thunderbolt link is the limit ("
                    + new Tunnel(tunnel.bdf(), budget).budgetWords()
                    + ", whatever the card's own link reads). An internal slot would lift it"
                    + (lift < 0 ? "" : " to " + LinkState.formatGbps(lift) + " Gb/s") + " if this machine has one; "
                    + (best == null ? "this capture shows none." : "this capture shows " + best.name() + " ("
                    + best.why() + ").");
            helps = best == null || best.predictedMbps() < 0 || budget < 0 ? null : best.predictedMbps() > budget;
            if (worst != null) notes.add(also(worst));
        }

        private static String also(HopVerdict worst) {
            return trainingAnswer(worst).replaceFirst("^Moving it would not help[^:]*: ", "Also: ");
        }

        /** A card that can move, not behind a tunnel: the path's training first, then the candidate places. */
        void bySlots(HopVerdict worst, PathCeiling now, long nowMbps, MoveCandidate here) {
            if (worst != null) {
                answer = trainingAnswer(worst);
                if (worst.verdict() == LinkVerdict.UNKNOWN) helps = null;
            } else if (nowMbps < 0) {
                answer = "Cannot say: the current ceiling is unknown (" + now.sentence() + ").";
                helps = null;
            } else if (candidates.isEmpty()) {
                answer = "Moving it would not help: this capture shows no other slot or free port this card can go in"
                        + " (" + LinkState.formatGbps(nowMbps) + " Gb/s now).";
            } else {
                byCandidates(nowMbps, here);
            }
        }

        private void byCandidates(long nowMbps, MoveCandidate here) {
            if (best != null && best.predictedMbps() > nowMbps) {
                helps = Boolean.TRUE;
                answer = "Moving it would help: " + best.name() + " gives " + best.predictedGbps() + " Gb/s against "
                        + LinkState.formatGbps(nowMbps) + " Gb/s now (" + best.why() + ").";
            } else if (bestTwin != null && bestTwin.predictedMbps() > nowMbps) {
                answer = "Moving it would not help the machine: the faster place, " + bestTwin.name() + " at "
                        + bestTwin.predictedGbps() + " Gb/s against " + LinkState.formatGbps(nowMbps) + " Gb/s now, holds "
                        + bestTwin.occupantName() + " " + bestTwin.occupant() + ", the same model, so a swap only trades"
                        + " their places.";
            } else if (best == null && bestTwin == null) {
                answer = "Cannot say: no candidate's ceiling is known (" + candidates.get(0).limitedBy() + ").";
                helps = null;
            } else if (candidates.stream().allMatch(c -> c.predictedMbps() == nowMbps)) {
                List<MoveCandidate> both = new ArrayList<>(candidates);
                if (here != null) both.add(here);
                String w = widths(both);
                answer = "Moving it would not help: " + (candidates.size() == 1 ? "the other candidate, "
                        + candidates.get(0).name() + ", gives" : "every other candidate gives") + " the same "
                        + LinkState.formatGbps(nowMbps) + " Gb/s as now" + (w == null ? "" : " (" + w + ")")
                        + ": a no-op.";
            } else {
                answer = "Moving it would not help: no candidate gives more than the " + LinkState.formatGbps(nowMbps)
                        + " Gb/s it gets now.";
            }
        }
    }

    /**
     * The Thunderbolt routers at and above a tunnel port, nearest first, then the host's Thunderbolt functions on the
     * same root complex (a tree names no bridges, but it names the NHI): their names say the generation.
     */
    /**
     * Why the card cannot move at all, in words, or null when it can: a mobile part soldered to a laptop's board, a
     * function built into the CPU or the chipset, a Thunderbolt controller's own function.
     */
    private static String cannotMove(Topology t, TopoNode.FunctionNode node, Optional<TopoNode.FunctionNode> ownSwitch) {
        PciFunction f = node.function();
        DeviceKind k = DeviceKind.of(t, node);
        if (DeviceKind.isMobile(f)) {
            return node.bdf() + " is a mobile " + (k.isGpu() ? "GPU" : "part") + " (" + Hardware.name(f)
                    + ") soldered to the laptop's board";
        }
        if (k == DeviceKind.INTEGRATED_GPU || k == DeviceKind.INTEGRATED_ACCELERATOR) {
            return node.bdf() + " is built into the processor (" + k.noun() + ")";
        }
        if (ownSwitch.isEmpty() && (DeviceKind.isChipset(f) || k == DeviceKind.CHIPSET || k == DeviceKind.HOST_BRIDGE)) {
            return node.bdf() + " is a function of the chipset itself";
        }
        if (Hardware.isTunnelPort(f)) return node.bdf() + " is part of the Thunderbolt/USB4 controller";
        return null;
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
                // the reason without the hop's fact list: why the link cannot be read and the command that reads it
                if (v.facts() != null && v.facts().unknown() != null) {
                    return "Cannot say yet: the link above " + (l.device() == null ? l.port().bdf() : l.device().bdf())
                            + " cannot be read from this capture: " + HopWords.unknown(v.facts()) + ".";
                }
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

}
