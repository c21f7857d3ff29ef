package dev.lanescope.cli;

import java.util.stream.Collectors;

import dev.lanescope.analysis.MoveAdvice;
import dev.lanescope.analysis.MoveCandidate;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;

/** The readable form of {@code lanescope advise}: the answer sentence first, then the facts, then the ranked slots. */
final class AdviseText {

    private AdviseText() {
    }

    static String render(MoveAdvice a) {
        StringBuilder sb = new StringBuilder();
        sb.append(a.answer()).append("\n\n");
        sb.append("Card ").append(a.device()).append('\n');
        sb.append("  capability:   ").append(a.cardCapable() == null ? "unknown"
                : a.cardCapable().display() + " (" + a.cardCapable().gbpsText() + " Gb/s)").append('\n');
        if (a.ceilingNow() != null) sb.append("  ceiling now:  ").append(a.ceilingNow().sentence()).append('\n');
        sb.append("  path capable: ").append(a.pathCapableMbps() < 0 ? "unknown"
                : dev.lanescope.model.LinkState.formatGbps(a.pathCapableMbps()) + " Gb/s").append('\n');
        if (a.idleMeaning() != null) sb.append("  idle reading: ").append(a.idleMeaning()).append('\n');
        if (a.current() != null) sb.append("  where it is:  ").append(a.current().sentence()).append('\n');
        sb.append('\n');
        sb.append("Places it can go, best first\n");
        int rank = 1;
        for (MoveCandidate c : a.candidates()) {
            sb.append(String.format(java.util.Locale.ROOT, "%3d. ", rank++)).append(c.sentence()).append('\n');
        }
        if (a.candidates().isEmpty()) {
            sb.append("  none: this capture shows no other slot or free port this card can be plugged into\n");
        }
        if (!a.notes().isEmpty()) {
            sb.append('\n');
            for (String n : a.notes()) sb.append("  note: ").append(n).append('\n');
        }
        return sb.toString();
    }

    static String endpointList(Topology t) {
        return t.functions().stream()
                .filter(n -> n.role() == TopoNode.Role.ENDPOINT && t.incomingEdge(n).map(e -> e.isLink()).orElse(false))
                .map(n -> n.bdf().toString())
                .collect(Collectors.joining(", "));
    }
}
