package dev.lanescope.layout;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.DeviceKind;
import dev.lanescope.model.Link;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;

/**
 * Turns a {@link Topology} into a picture plan: one box per root complex and function (identical leaf
 * siblings collapsed into one "N×" box unless their group is expanded), one edge per parent/child pair, sizes
 * from label lengths, then positions from {@link ElkLayout}. Pure and deterministic: no JavaFX, no randomness,
 * boxes in depth-first address order.
 */
public final class TopologyLayouts {

    /** Siblings that look the same are folded when there are at least this many. */
    public static final int COLLAPSE_AT = 3;

    static final double CHAR_W = 6.8;
    static final double MONO_W = 7.6;
    static final double LABEL_CHAR_W = 6.4;
    static final double BOX_H = 58;
    static final double PAD = 16;
    static final double MIN_W = 120;

    private TopologyLayouts() {
    }

    /** What a box stands for: a FOLD box holds what the focused picture leaves out ("14 more functions"). */
    public enum Kind { ROOT_COMPLEX, FUNCTION, GROUP, FOLD }

    /**
     * One box of the picture.
     *
     * @param id       the layout id ({@code rc:DDDD:BB}, a BDF, {@code group:...} or {@code fold:...})
     * @param members  the functions it stands for (one for a FUNCTION, N for a GROUP or FOLD, none for a root complex)
     * @param title    first line: the BDF (or "N× BDF…" for a group)
     * @param name     the short name without the vendor, on one or two lines ({@link BoxNames#boxName})
     * @param badge    the class badge: GPU, NIC, NVMe, switch, root port, chipset, bridge, storage, USB, device
     * @param groupKey the key to expand or collapse this box's group (null when it is not foldable)
     * @param link     the card's own link ("Gen5 x16 / cap Gen5 x16") when no drawn edge carries it (a card on a
     *                 root bus, as in a VM), else empty
     */
    public record NodeView(String id, Kind kind, List<Bdf> members, String title, String name, String badge,
                           String groupKey, String link) {
        public NodeView {
            members = List.copyOf(members);
            link = link == null ? "" : link;
        }

        public int count() {
            return members.size();
        }

        public boolean contains(Bdf bdf) {
            return members.contains(bdf);
        }
    }

    /** One edge; {@code link} is the hop facts of a LINK edge (of the group's first member), null for PLAIN. */
    public record EdgeView(String id, String source, String target, Link link, String label) {
    }

    /**
     * The plan and the positions. {@code focus} is the set of functions whose paths stay drawn when the rest is
     * folded (empty for the whole machine).
     */
    public record Picture(LayoutResult layout, Map<String, NodeView> nodes, Map<String, EdgeView> edges,
                          Set<Bdf> focus) {
        public Picture {
            nodes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(nodes));
            edges = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(edges));
            focus = focus == null ? Set.of() : Set.copyOf(focus);
        }

        /** The box that shows a function (its own box, its group's, or the fold it lies in). */
        public NodeView nodeOf(Bdf bdf) {
            NodeView fold = null;
            for (NodeView n : nodes.values()) {
                if (n.contains(bdf)) {
                    if (n.kind() != Kind.FOLD) return n;
                    fold = n;
                }
            }
            return fold;
        }

        public int functionCount() {
            return nodes.values().stream().mapToInt(NodeView::count).sum();
        }

        /** True when part of the machine is folded away. */
        public boolean folded() {
            return nodes.values().stream().anyMatch(n -> n.kind() == Kind.FOLD);
        }
    }

    /** The whole machine, with every foldable group collapsed except those in {@code expandedGroups}. */
    public static Picture of(Topology topology, Set<String> expandedGroups) {
        return of(topology, expandedGroups, null);
    }

    /**
     * The picture with every foldable group collapsed except those in {@code expandedGroups}. With a
     * {@code focus} (functions: the selected card, its candidate slots, the other GPUs), only their paths to the
     * CPU are drawn in full: at every box on such a path the other children fold into one "N more" box, and
     * root complexes that hold none of them fold into one box per run; each fold opens with its key in
     * {@code expandedGroups}. A null or empty focus draws the whole machine. Root complexes stand side by side
     * in NUMA-node then address order, wrapped into rows so the picture is about as wide as a screen is.
     */
    public static Picture of(Topology topology, Set<String> expandedGroups, Set<Bdf> focus) {
        Objects.requireNonNull(topology, "topology must not be null");
        Set<String> expanded = expandedGroups == null ? Set.of() : expandedGroups;
        Set<String> kept = keptIds(topology, focus);
        LayoutPlan plan = new LayoutPlan(topology, expanded, kept, kept == null ? Set.of() : focus);
        List<TopoNode.RootComplex> rcs = new ArrayList<>(topology.rootComplexes());
        rcs.sort(java.util.Comparator.comparingInt((TopoNode.RootComplex rc) -> numaOf(topology, rc))
                .thenComparingInt(TopoNode.RootComplex::domain).thenComparingInt(TopoNode.RootComplex::bus));
        List<TopoNode.RootComplex> foldedRun = new ArrayList<>();
        for (TopoNode.RootComplex rc : rcs) {
            if (kept != null && !kept.contains(rc.id()) && !expanded.contains(rcFoldKey(foldedRun, rc))) {
                foldedRun.add(rc);
                continue;
            }
            plan.foldRootComplexes(foldedRun);
            foldedRun.clear();
            plan.startComponent();
            NodeView v = new NodeView(rc.id(), Kind.ROOT_COMPLEX, List.of(),
                    String.format(Locale.ROOT, "%04x:%02x", rc.domain(), rc.bus()),
                    rcName(topology, rc), "root complex", null, "");
            plan.add(v);
            plan.walk(rc);
        }
        plan.foldRootComplexes(foldedRun);
        LayoutResult result = ElkLayout.layoutRows(plan.components(), ROW_ASPECT);
        return new Picture(result, plan.nodes, plan.edges, kept == null ? Set.of() : focus);
    }

    /** Width over height the rows of root complexes aim for: a screen's shape, so Fit loses the least. */
    static final double ROW_ASPECT = 1.6;

    /** The key that opens a run of folded root complexes: named by the first of the run. */
    static String rcFoldKey(List<TopoNode.RootComplex> run, TopoNode.RootComplex next) {
        return "fold:" + (run.isEmpty() ? next : run.get(0)).id();
    }

    private static int numaOf(Topology t, TopoNode.RootComplex rc) {
        int numa = Integer.MAX_VALUE;
        for (TopoNode k : t.children(rc)) {
            if (k instanceof TopoNode.FunctionNode f && f.function().numaNode() >= 0) {
                numa = Math.min(numa, f.function().numaNode());
            }
        }
        return numa == Integer.MAX_VALUE ? -1 : numa;
    }

    private static String rcName(Topology t, TopoNode.RootComplex rc) {
        String name = rc.hostBridge() == null ? "Root complex" : BoxNames.boxName(rc.hostBridge().shortName());
        int numa = numaOf(t, rc);
        return numa < 0 ? name : name + " · NUMA " + numa;
    }

    /** The ids of the focus functions and of every box above them; null when there is no focus. */
    private static Set<String> keptIds(Topology t, Set<Bdf> focus) {
        if (focus == null || focus.isEmpty()) return null;
        Set<String> ids = new java.util.HashSet<>();
        for (Bdf b : focus) {
            TopoNode.FunctionNode n = t.node(b).orElse(null);
            if (n == null) continue;
            ids.add(n.id());
            for (TopoNode.FunctionNode up : t.ancestors(n)) ids.add(up.id());
            ids.add(t.rootOf(n).id());
        }
        return ids.isEmpty() ? null : ids;
    }

    /** {@code Gen1 x16 / cap Gen4 x16}: trained, then capable (either may be unknown). */
    public static String linkLabel(Link link) {
        return state(link.trained()) + " / cap " + state(link.capable());
    }

    /** A link state as a label writes it: {@code Gen4 x16}, {@code down}, or "?" when not captured. */
    static String state(LinkState s) {
        if (s == null) return "?";
        if (s.isDown()) return "down";
        return s.genText();
    }

    /** The class badge of a function: its port role, else the badge of its {@link DeviceKind}. */
    public static String badge(Topology t, TopoNode.FunctionNode f) {
        switch (f.role()) {
            case ROOT_PORT: return "root port";
            case SWITCH_UPSTREAM: return "switch ↑";
            case SWITCH_DOWNSTREAM: return "switch ↓";
            case HOST_BRIDGE: return "chipset";
            case PCI_BRIDGE: return "bridge";
            default: break;
        }
        return DeviceKind.of(t, f).badge();
    }

    /** The device name without the vendor ({@link BoxNames#withoutVendor}). */
    public static String withoutVendor(String name) {
        return BoxNames.withoutVendor(name);
    }
}
