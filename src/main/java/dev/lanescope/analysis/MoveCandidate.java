package dev.lanescope.analysis;

import java.util.List;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.LinkState;

/**
 * One place the card could go (docs/RULES.md §6).
 *
 * @param port          the Root Port or switch Downstream Port
 * @param label         "slot 3", "root port", ...
 * @param current       the card is there now (then it is {@link MoveAdvice#current()}, not a candidate)
 * @param why           why it is a candidate, in words: an empty slot, or a swap with what (named), and which root
 *                      complex and NUMA node it hangs from
 * @param twin          the device there now is the same model as the card: a swap only trades their places
 * @param occupant      the device there now (null when empty, or when it is the card itself): moving is a swap
 * @param chipset       the port sits behind (or is) the chipset: it shares the chipset uplink
 * @param portCapable   the port's LnkCap (speed refined by LnkCap2), null when unknown
 * @param predictedLink what the card's hop would train to at best: min(card capable, port capable)
 * @param predictedMbps min(card capable, port capable, path capable above the port) in Mb/s; -1 when unknown
 * @param limitedBy     what sets the prediction ("the port (x4)", "the card", "the uplink at 0000:00:02.1 ...")
 * @param atomics       the AtomicOps chain for the card if it sat there (null for non-requesters)
 * @param peerClasses   the P2P class to each other GPU from there, e.g. "PHB to 0000:04:00.0"
 * @param notes         further plain sentences (chipset uplink, tunnel, socket wiring)
 */
public record MoveCandidate(Bdf port, String label, boolean current, String why, boolean twin, Bdf occupant, String occupantName,
                            boolean chipset, LinkState portCapable, LinkState predictedLink, long predictedMbps,
                            String limitedBy, AtomicsVerdict atomics, List<String> peerClasses, List<String> notes) {
    public MoveCandidate {
        peerClasses = List.copyOf(peerClasses);
        notes = List.copyOf(notes);
    }

    public String predictedGbps() {
        return predictedMbps < 0 ? "unknown" : LinkState.formatGbps(predictedMbps);
    }

    /** "slot 3 (0000:00:03.1)". */
    public String name() {
        return label + " (" + port + ")";
    }

    public String sentence() {
        StringBuilder sb = new StringBuilder(name());
        if (current) sb.append(" [current]");
        sb.append(": ").append(predictedGbps()).append(" Gb/s");
        if (predictedLink != null) sb.append(" (").append(predictedLink.display()).append(")");
        if (limitedBy != null) sb.append(", set by ").append(limitedBy);
        if (why != null) sb.append("; ").append(why);
        if (atomics != null) sb.append("; AtomicOps: ").append(atomics.words());
        if (!peerClasses.isEmpty()) sb.append("; P2P: ").append(String.join(", ", peerClasses));
        for (String n : notes) sb.append("; ").append(n);
        return sb.toString();
    }
}
