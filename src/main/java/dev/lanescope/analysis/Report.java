package dev.lanescope.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.DeviceKind;


/** Everything the analysis layer says about one topology. */
public record Report(List<HopVerdict> hops, List<PathCeiling> ceilings, List<AtomicsVerdict> atomics,
                     List<PeerPair> peers, Set<Bdf> accelerators, Answers answers) {

    /**
     * Peer pairs a report lists one by one (the text's peer paths, the JSON's {@code peers[]}); beyond it they are
     * counted: a capture of n GPUs has n(n-1)/2 pairs, and what a capture can make lanescope print stays bounded
     * (docs/RULES.md section 13).
     */
    public static final int PAIRS_LISTED = 1000;
    /** Pairs the summary explains one by one; the rest are counted in one sentence. */
    static final int PAIRS_EXPLAINED = 10;

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

    /**
     * The peer pairs' lines of the summary: a pair with ACS redirect or a BAR past 44 bits gets its whole explanation;
     * the rest is grouped, one line per kind ("no direct P2P", a level to set, the chipset's uplink), so a machine with
     * many pairs does not fill the first lines with the same sentence (the peer list has every pair's detail).
     */
    private List<String> peerLines() {
        List<String> out = new ArrayList<>();
        java.util.Map<String, List<String>> noDirect = new java.util.LinkedHashMap<>();
        java.util.Map<String, List<String>> levels = new java.util.LinkedHashMap<>();
        List<String> chipset = new ArrayList<>();
        long explainedMore = 0;
        for (PeerPair p : peers) {
            String lv = p.ncclP2pLevel();
            if (lv.startsWith("n/a")) continue;
            String pair = p.a() + " and " + p.b();
            if (!p.acsRedirectAt().isEmpty() || !p.barsAbove44Bit().isEmpty()) {
                // each such pair has its own sentence, up to a bound (docs/RULES.md section 13); the rest are counted
                if (out.size() < PAIRS_EXPLAINED) out.add(p.explanation());
                else explainedMore++;
            } else if (lv.startsWith("none (")) {
                noDirect.computeIfAbsent(lv.substring(6, lv.length() - 1), k -> new ArrayList<>()).add(pair);
            } else if (lv.startsWith("NCCL_P2P_LEVEL")) {
                levels.computeIfAbsent(lv, k -> new ArrayList<>()).add(pair + (p.throughChipset()
                        ? " (through the chipset)" : ""));
            } else if (p.throughChipset() && lv.startsWith("default")) {
                chipset.add(pair);
            }
        }
        if (explainedMore > 0) {
            out.add(String.format(java.util.Locale.ROOT, "%,d more peer pair(s) need the same kind of attention;"
                    + " the peer paths list them.", explainedMore));
        }
        noDirect.forEach((why, pairs) -> out.add("No direct P2P (" + why + ") between " + some(pairs)
                + ": their data goes through host memory; the peer list says why."));
        levels.forEach((lv, pairs) -> out.add("Direct P2P between " + some(pairs) + " needs " + lv
                + " (NCCL's default does not cover the path); the peer list says what else it takes."));
        if (!chipset.isEmpty()) {
            out.add("P2P between " + some(chipset) + " crosses the chipset's shared uplink: slower than"
                    + " between CPU-lane slots; measure it with the peer probe.");
        }
        return out;
    }

    /** The first {@link #PAIRS_EXPLAINED} pairs joined, then how many more: a summary line stays a line. */
    private static String some(List<String> pairs) {
        if (pairs.size() <= PAIRS_EXPLAINED) return String.join("; ", pairs);
        return String.join("; ", pairs.subList(0, PAIRS_EXPLAINED))
                + String.format(java.util.Locale.ROOT, " and %,d more pairs", pairs.size() - PAIRS_EXPLAINED);
    }

    /** Plain sentences of what is wrong or needs checking, faults first; one "nothing wrong" line when clean. */
    public List<String> summary() {
        List<String> faults = new ArrayList<>();
        List<String> checks = new ArrayList<>();
        hopLines(faults, checks);
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
        checks.addAll(peerLines());
        if (peers.size() >= PeerPaths.MAX_PAIRS) {
            checks.add(String.format(java.util.Locale.ROOT, "This capture has more than %,d GPU and NIC pairs; the"
                    + " first %,d in address order were worked out.", PeerPaths.MAX_PAIRS, PeerPaths.MAX_PAIRS));
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

    /** The hops' lines: lost lanes and low training are faults, the rest checks; tunnels and unknowns summed up. */
    private void hopLines(List<String> faults, List<String> checks) {
        List<HopVerdict> unknown = new ArrayList<>();
        List<String> tunnels = new ArrayList<>();
        for (HopVerdict h : hops) {
            String dev = h.link().device() == null ? "" : " (" + Hardware.kind(h.link().device()) + " "
                    + h.link().device().bdf() + ")";
            switch (h.verdict()) {
                case WIDTH_DEGRADED, SPEED_DEGRADED -> faults.add(hopLine(h, dev));
                case TARGET_CAPPED, IDLE_DOWNSHIFT, WIRED_NARROW -> checks.add(hopLine(h, dev));
                case TUNNELLED -> tunnels.add(h.hopLabel() + dev);
                case UNKNOWN -> {
                    // an empty port whose link was not captured is no finding: it stays unknown on its own hop
                    if (h.link().device() != null || h.link().trained() != null) unknown.add(h);
                }
                default -> {
                }
            }
        }
        if (tunnels.size() == 1) {
            checks.add("Thunderbolt/USB4 tunnel on " + tunnels.get(0) + ": its reported link is not the wire.");
        } else if (!tunnels.isEmpty()) {
            checks.add(tunnels.size() + " Thunderbolt/USB4 tunnels (" + String.join("; ", tunnels) + "): their reported"
                    + " links are not the wire.");
        }
        if (unknown.size() <= UNKNOWN_LISTED) {
            for (HopVerdict h : unknown) checks.add("Cannot judge " + h.hopLabel() + ": " + h.reason());
        } else {
            StringBuilder which = new StringBuilder();
            for (int i = 0; i < UNKNOWN_LISTED; i++) which.append(i == 0 ? "" : ", ").append(unknown.get(i).hopLabel());
            checks.add(unknown.size() + " links cannot be judged from this capture (" + which + ", ...): "
                    + unknown.get(0).reason());
        }
    }

    /** The summary line of a hop with a finding of its own ({@code dev}: the device below it, in words). */
    private static String hopLine(HopVerdict h, String dev) {
        return switch (h.verdict()) {
            case WIDTH_DEGRADED -> "Lanes lost on " + h.hopLabel() + dev + ": trained x" + h.link().trained().width()
                    + " of x" + h.link().capable().width() + "; reseat the card, check riser or cable (or"
                    + " the socket wires only x" + h.link().trained().width() + ").";
            case SPEED_DEGRADED -> "Link trained low on " + h.hopLabel() + dev + ": " + h.link().trained().display()
                    + " of " + h.link().capable().display() + "; a reboot usually cures it and it recurs;"
                    + " timings across it are void.";
            case TARGET_CAPPED -> "Link capped by the platform on " + h.hopLabel() + dev + ": target "
                    + h.link().target().display() + " of " + h.link().capable().speed().display()
                    + " (BIOS slot setting).";
            case IDLE_DOWNSHIFT -> "Probably idle on " + h.hopLabel() + dev + ": " + h.link().trained().display()
                    + " of " + h.link().capable().display() + "; prove it under load (run a probe).";
            case WIRED_NARROW -> "Wired narrow on " + h.hopLabel() + dev + ": the port has x"
                    + h.link().portCap().width() + ", the device x" + h.link().deviceCap().width()
                    + (DeviceKind.isMobile(h.link().device())
                    ? "; the device is soldered to the board, so that is its design: no slot change applies."
                    : "; a wider slot may help.");
            default -> throw new IllegalArgumentException("no summary line of its own for " + h.verdict());
        };
    }
}
