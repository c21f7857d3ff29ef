package dev.lanescope.ui.main;

import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.lanescope.layout.TopologyLayouts;
import dev.lanescope.model.Bdf;
import dev.lanescope.ui.model.CardAdvice;
import dev.lanescope.ui.model.EdgeColours;
import dev.lanescope.ui.model.Insights;
import dev.lanescope.ui.session.OpenCapture;

/**
 * What the drawing marks for one state of the window: edge colours for the mode, the selected card's (and its
 * pair's) path, the chosen candidate slot's path, the boxes a search matches and where an AtomicOps chain breaks.
 */
public record PictureMarks(OpenCapture open, Bdf selected, Bdf pairPeer, CardAdvice.Candidate candidate,
                    EdgeColours.Mode mode, String search) {

    /** Edge colour tokens for the current mode. */
    public Map<String, String> edgeColours() {
        return open == null ? Map.of() : EdgeColours.of(open.picture(), open.topology(), open.insights(), mode);
    }

    /** Boxes and edges to highlight: the selected card's path, and its pair's. */
    public Set<String> highlighted() {
        if (open == null || selected == null) return Set.of();
        Set<String> ids = EdgeColours.pathIds(open.picture(), open.topology(), selected);
        if (pairPeer == null || open.topology().node(pairPeer).isEmpty()) return ids;
        Set<String> both = new LinkedHashSet<>(ids);
        both.addAll(EdgeColours.pathIds(open.picture(), open.topology(), pairPeer));
        return both;
    }

    /** In AtomicOps mode: the box where the selected card's chain breaks (empty when it does not, or in verdict mode). */
    public Set<String> atomicsBreaks() {
        if (open == null || selected == null || mode != EdgeColours.Mode.ATOMICS) return Set.of();
        return EdgeColours.breakIds(open.picture(), open.insights(), selected);
    }

    /** The chosen candidate slot's path. */
    public Set<String> candidateIds() {
        if (open == null || candidate == null || candidate.port() == null) return Set.of();
        return EdgeColours.pathIds(open.picture(), open.topology(), candidate.port());
    }

    /** Box ids that match the search text (BDF, name, class badge, or a hop verdict); all when empty. */
    public Set<String> matches() {
        Set<String> out = new HashSet<>();
        if (open == null) return out;
        String q = search == null ? "" : search.trim().toLowerCase(Locale.ROOT);
        for (TopologyLayouts.NodeView n : open.picture().nodes().values()) {
            if (q.isEmpty() || matches(n, q)) out.add(n.id());
        }
        return out;
    }

    private boolean matches(TopologyLayouts.NodeView n, String q) {
        if (n.title().toLowerCase(Locale.ROOT).contains(q) || n.name().toLowerCase(Locale.ROOT).contains(q)
                || n.badge().toLowerCase(Locale.ROOT).contains(q)) return true;
        for (Bdf b : n.members()) {
            if (b.toString().contains(q)) return true;
            var node = open.topology().node(b).orElse(null);
            if (node == null) continue;
            if (node.function().shortName().toLowerCase(Locale.ROOT).contains(q)) return true;
            var in = open.topology().incomingEdge(node).orElse(null);
            if (in != null && in.isLink()) {
                Insights.Hop h = open.insights().hop(in.link());
                if (h != null && (h.verdict().contains(q) || h.key().equals(q))) return true;
            }
        }
        return false;
    }
}
