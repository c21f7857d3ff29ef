package dev.lanescope.ui.model;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.lanescope.analysis.AtomicsChain;
import dev.lanescope.analysis.LinkVerdict;
import dev.lanescope.layout.TopologyLayouts;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Link;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;

/**
 * Which colour token every edge gets in each colour mode, and the legend in words. Pure (no JavaFX): the
 * view only turns tokens into pseudo-classes.
 */
public final class EdgeColours {

    private EdgeColours() {
    }

    /** The two colour modes of the view. */
    public enum Mode {
        VERDICTS("Link verdicts"), ATOMICS("AtomicOps routing");

        private final String label;

        Mode(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** A legend row: the token (pseudo-class) and what it means in words. */
    public record LegendEntry(String key, String title, String meaning) {
    }

    /** The verdict colours: {@link LinkVerdict#LEGEND}, where the verdict vocabulary lives. */
    public static final List<LegendEntry> VERDICT_LEGEND = LinkVerdict.LEGEND.stream()
            .map(r -> new LegendEntry(r.key(), r.title(), r.meaning())).toList();

    public static final List<LegendEntry> ATOMICS_LEGEND = List.of(
            new LegendEntry("routes", "Routes AtomicOps", "this port passes or completes atomics"),
            new LegendEntry("blocks", "Breaks the chain", "Routing-, no completer or EgressBlck+ above a device that"
                    + " needs atomics"),
            new LegendEntry("noroute", "Does not route", "the same bits, but nothing below needs atomics: information"),
            new LegendEntry("na", "Not known / no link", "not printed by lspci, hidden, or not a PCIe hop"));

    /**
     * The legend rows of {@code mode} whose colour appears among {@code used} (edge tokens of a picture), in
     * legend order; every row when {@code used} is null.
     */
    public static List<LegendEntry> legend(Mode mode, java.util.Collection<String> used) {
        List<LegendEntry> all = mode == Mode.ATOMICS ? ATOMICS_LEGEND : VERDICT_LEGEND;
        if (used == null) return all;
        java.util.Set<String> in = new java.util.HashSet<>(used);
        return all.stream().filter(e -> in.contains(e.key())).toList();
    }

    /** Colour tokens per edge id for the given mode. */
    public static Map<String, String> of(TopologyLayouts.Picture picture, Topology topology, Insights insights,
                                         Mode mode) {
        Map<String, String> out = new LinkedHashMap<>();
        Set<Bdf> matter = mode == Mode.ATOMICS ? AtomicsChain.portsThatMatter(topology) : Set.of();
        for (TopologyLayouts.EdgeView e : picture.edges().values()) {
            out.put(e.id(), mode == Mode.VERDICTS ? verdictKey(e, insights) : atomicsKey(e, topology, matter));
        }
        return out;
    }

    static String verdictKey(TopologyLayouts.EdgeView e, Insights insights) {
        if (e.link() == null) return "plain";
        Insights.Hop h = insights.hop(e.link());
        return h == null ? "unknown" : h.key();
    }

    /**
     * Does the hop route atomics: the upstream end of the edge judged by the analysis' own port rule, so the graph
     * and the panel never disagree. {@code matter} holds the ports above a device that needs atomics.
     */
    static String atomicsKey(TopologyLayouts.EdgeView e, Topology topology, Set<Bdf> matter) {
        Bdf src = Bdf.tryParse(e.source());
        if (src == null) return "na";
        TopoNode.FunctionNode n = topology.node(src).orElse(null);
        if (n == null) return "na";
        return switch (AtomicsChain.port(n).status()) {
            case ROUTES -> "routes";
            case BREAKS -> matter.contains(src) ? "blocks" : "noroute";
            case UNKNOWN, NOT_CHECKED -> "na";
        };
    }

    /** The box of the first function that breaks the card's AtomicOps chain (empty when none). */
    public static java.util.Set<String> breakIds(TopologyLayouts.Picture picture, Insights insights, Bdf card) {
        Insights.Atomic a = insights.atomics().get(card);
        if (a == null || !a.broken()) return java.util.Set.of();
        TopologyLayouts.NodeView n = picture.nodeOf(a.breaksAt());
        return n == null ? java.util.Set.of() : java.util.Set.of(n.id());
    }

    /** The layout ids of the boxes and edges from a function up to its root complex. */
    public static java.util.Set<String> pathIds(TopologyLayouts.Picture picture, Topology topology, Bdf bdf) {
        java.util.Set<String> ids = new java.util.HashSet<>();
        TopoNode start = topology.node(bdf).orElse(null);
        if (start == null) return ids;
        java.util.List<TopoNode> path = topology.pathFromRoot(start).getVertexList(); // root complex first
        String child = null;
        for (int i = path.size() - 1; i >= 0; i--) {
            TopoNode cur = path.get(i);
            String id = cur instanceof TopoNode.FunctionNode f && picture.nodeOf(f.bdf()) != null
                    ? picture.nodeOf(f.bdf()).id() : cur.id();
            ids.add(id);
            if (child != null) ids.add(id + "->" + child);
            child = id;
        }
        return ids;
    }

    /** A link's label for tooltips and tables. */
    public static String describe(Link l) {
        return TopologyLayouts.linkLabel(l);
    }
}
