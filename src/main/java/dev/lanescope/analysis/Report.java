package dev.lanescope.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.DeviceKind;


/** Everything the analysis layer says about one topology. */
public record Report(List<HopVerdict> hops, List<PathCeiling> ceilings, List<AtomicsVerdict> atomics,
                     List<PeerPair> peers, Set<Bdf> accelerators, Answers answers) {

    /** Unknown hops listed one by one in the summary up to this many; beyond it they are counted. */
    private static final int UNKNOWN_LISTED = 3;

    public Report {
        hops = List.copyOf(hops);
        ceilings = List.copyOf(ceilings);
        atomics = List.copyOf(atomics);
        peers = List.copyOf(peers);
        accelerators = java.util.Collections.unmodifiableSortedSet(new java.util.TreeSet<>(accelerators)); // address order, every run
    }

    /** The card's answer to "would moving it help?", judged with this report's evidence (made once, then kept). */
    public MoveAdvice answer(Bdf card) {
        return answers.of(card);
    }

    /**
     * A device on a root bus (a card passed through to a virtual machine): its own link is its ceiling, in the
     * kernel's words, and what that figure cannot prove.
     */
    private String rootBusLine(PathCeiling c) {
        boolean gpu = accelerators.contains(c.device());
        StringBuilder s = new StringBuilder();
        if (!c.known()) {
            return s.append("Cannot judge ").append(gpu ? "GPU " : "").append(c.device()).append(", directly on a root bus: ")
                    .append(c.sentence()).append(' ').append(c.hostPathNote()).toString();
        }
        s.append(gpu ? "GPU " : "").append(c.device()).append(" sits directly on a root bus and reports its own link: ")
                .append(c.sentence()).append('.');
        if (c.isLimited() && gpu) {
            s.append(" An idle GPU drops its link speed to save power: not a fault by itself.");
        }
        return s.append(' ').append(c.hostPathNote()).toString();
    }

    /** Plain sentences of what is wrong or needs checking, faults first; one "nothing wrong" line when clean. */
    public List<String> summary() {
        List<String> faults = new ArrayList<>();
        List<String> checks = new ArrayList<>();
        List<HopVerdict> unknown = new ArrayList<>();
        for (HopVerdict h : hops) {
            String dev = h.link().device() == null ? "" : " (" + Hardware.kind(h.link().device()) + " "
                    + h.link().device().bdf() + ")";
            switch (h.verdict()) {
                case WIDTH_DEGRADED:
                    faults.add("Lanes lost on " + h.hopLabel() + dev + ": trained x" + h.link().trained().width()
                            + " of x" + h.link().capable().width() + "; reseat the card, check riser or cable (or"
                            + " the socket wires only x" + h.link().trained().width() + ").");
                    break;
                case SPEED_DEGRADED:
                    faults.add("Link trained low on " + h.hopLabel() + dev + ": " + h.link().trained().display()
                            + " of " + h.link().capable().display() + "; a reboot usually cures it and it recurs;"
                            + " timings across it are void.");
                    break;
                case TARGET_CAPPED:
                    checks.add("Link capped by the platform on " + h.hopLabel() + dev + ": target "
                            + h.link().target().display() + " of " + h.link().capable().speed().display()
                            + " (BIOS slot setting).");
                    break;
                case IDLE_DOWNSHIFT:
                    checks.add("Probably idle on " + h.hopLabel() + dev + ": " + h.link().trained().display()
                            + " of " + h.link().capable().display() + "; prove it under load (run a probe).");
                    break;
                case WIRED_NARROW:
                    checks.add("Wired narrow on " + h.hopLabel() + dev + ": the port has x"
                            + h.link().portCap().width() + ", the device x" + h.link().deviceCap().width()
                            + (DeviceKind.isMobile(h.link().device())
                            ? "; the device is soldered to the board, so that is its design: no slot change applies."
                            : "; a wider slot may help."));
                    break;
                case TUNNELLED:
                    checks.add("Thunderbolt/USB4 tunnel on " + h.hopLabel() + dev + ": its reported link is not the"
                            + " wire.");
                    break;
                case UNKNOWN:
                    // an empty port whose link was not captured is no finding: it stays unknown on its own hop
                    if (h.link().device() != null || h.link().trained() != null) unknown.add(h);
                    break;
                default:
                    break;
            }
        }
        if (unknown.size() <= UNKNOWN_LISTED) {
            for (HopVerdict h : unknown) checks.add("Cannot judge " + h.hopLabel() + ": " + h.reason());
        } else {
            StringBuilder which = new StringBuilder();
            for (int i = 0; i < UNKNOWN_LISTED; i++) which.append(i == 0 ? "" : ", ").append(unknown.get(i).hopLabel());
            checks.add(unknown.size() + " links cannot be judged from this capture (" + which + ", ...): "
                    + unknown.get(0).reason());
        }
        for (AtomicsVerdict a : atomics) {
            // a fault only for a device whose driver asks for them (an AMD GPU, or one that printed ReqEn+)
            if (a.isFault()) {
                faults.add("AtomicOps blocked for " + a.endpoint() + " at " + a.breaksAt() + " (" + a.missingBit()
                        + "): " + (a.need() == AtomicsChain.Need.AMD_GPU
                        ? "ROCm and multi-GPU collectives on this AMD GPU cannot work from there."
                        : "its driver asked for them (ReqEn+), and they cannot reach the CPU from there."));
            }
        }
        for (PathCeiling c : ceilings) {
            if (c.onRootBus()) checks.add(rootBusLine(c));
        }
        for (PathCeiling c : ceilings) {
            if (c.mismatch() != null) checks.add(c.device() + ": " + c.mismatch());
        }
        for (PeerPair p : peers) {
            boolean twoNics = p.ncclP2pLevel().startsWith("n/a");
            boolean gpuPair = p.ncclP2pLevel().startsWith("NCCL_P2P_LEVEL") || p.ncclP2pLevel().startsWith("default");
            if (!twoNics && (!p.acsRedirectAt().isEmpty() || !p.barsAbove44Bit().isEmpty()
                    || (gpuPair && (p.needsAttention() || p.throughChipset())))) {
                checks.add(p.explanation());
            }
        }
        List<String> out = new ArrayList<>(faults);
        out.addAll(checks);
        if (out.isEmpty() && hops.isEmpty()) {
            // a virtual machine's bus or a board of integrated functions: saying "every link trained well" would be empty
            out.add("No PCIe links in this capture: every function sits directly on a root bus (integrated devices, or"
                    + " a virtual machine's bus), so there is no link to judge.");
        } else if (out.isEmpty()) {
            out.add("No link faults found: every link trained as fast and as wide as both ends allow.");
        }
        return out;
    }

}
