package dev.lanescope.layout;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.BusRange;
import dev.lanescope.model.DeviceKind;
import dev.lanescope.model.Link;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.OwnLink;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.TopoEdge;
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
        Plan plan = new Plan(topology, expanded, kept, kept == null ? Set.of() : focus);
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
    private static String rcFoldKey(List<TopoNode.RootComplex> run, TopoNode.RootComplex next) {
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

    /** Boxes and edges being planned, one layout component per root complex (or per fold of them). */
    private static final class Plan {
        final Topology t;
        final Set<String> expanded;
        final Set<String> kept;
        /** The focus functions themselves (the card, its candidate slots, the GPUs): never folded as silent ports. */
        final Set<Bdf> focus;
        final Map<String, NodeView> nodes = new LinkedHashMap<>();
        final Map<String, EdgeView> edges = new LinkedHashMap<>();
        private final List<List<LayoutGraph.Box>> boxLists = new ArrayList<>();
        private final List<List<LayoutGraph.Edge>> edgeLists = new ArrayList<>();
        List<LayoutGraph.Box> boxes;
        List<LayoutGraph.Edge> gEdges;

        Plan(Topology t, Set<String> expanded, Set<String> kept, Set<Bdf> focus) {
            this.t = t;
            this.expanded = expanded;
            this.kept = kept;
            this.focus = focus;
        }

        void startComponent() {
            boxes = new ArrayList<>();
            gEdges = new ArrayList<>();
            boxLists.add(boxes);
            edgeLists.add(gEdges);
        }

        /** One layout graph per root complex (or fold of them), in drawing order. */
        List<LayoutGraph> components() {
            List<LayoutGraph> out = new ArrayList<>();
            for (int i = 0; i < boxLists.size(); i++) out.add(new LayoutGraph(boxLists.get(i), edgeLists.get(i)));
            return out;
        }

        void foldRootComplexes(List<TopoNode.RootComplex> run) {
            if (run.isEmpty()) return;
            startComponent();
            List<Bdf> members = new ArrayList<>();
            for (TopoNode.RootComplex rc : run) members.addAll(functionsUnder(rc));
            TopoNode.RootComplex first = run.get(0);
            String key = rcFoldKey(run, first);
            String title = run.size() == 1 ? String.format(Locale.ROOT, "%04x:%02x", first.domain(), first.bus())
                    : run.size() + " root complexes";
            add(new NodeView(key, Kind.FOLD, members, title, summary(members), "folded", key, ""));
        }

        private List<Bdf> functionsUnder(TopoNode n) {
            return t.descendants(n).stream().map(TopoNode.FunctionNode::bdf).toList();
        }

        /** "12 functions: 4 NVMe, 2 NIC, 6 chipset": what a folded box holds, most frequent kinds first. */
        private String summary(List<Bdf> members) {
            Map<String, Integer> byBadge = new LinkedHashMap<>();
            for (Bdf b : members) {
                t.node(b).ifPresent(f -> byBadge.merge(badge(t, f), 1, Integer::sum));
            }
            List<String> parts = byBadge.entrySet().stream()
                    .sorted((a, b) -> b.getValue() - a.getValue())
                    .limit(3).map(e -> BoxNames.plural(e.getValue(), e.getKey())).toList();
            String head = members.size() + (members.size() == 1 ? " function" : " functions");
            return parts.isEmpty() ? head : head + ": " + String.join(", ", parts);
        }

        void walk(TopoNode parent) {
            // ports that say nothing are passed through (their child takes their place) or, when nothing hangs below
            // them, folded into the parent's box
            Map<TopoNode, List<Bdf>> via = new java.util.HashMap<>();
            List<Bdf> quietHere = new ArrayList<>();
            List<TopoNode> kids = new ArrayList<>();
            for (TopoNode k : t.children(parent)) {
                List<Bdf> passed = new ArrayList<>();
                TopoNode e = k;
                while (silent(e) && t.children(e).size() == 1) {
                    passed.add(((TopoNode.FunctionNode) e).bdf());
                    e = t.children(e).get(0);
                }
                if (parent instanceof TopoNode.FunctionNode && silent(e) && t.children(e).isEmpty()) {
                    quietHere.addAll(passed);
                    quietHere.add(((TopoNode.FunctionNode) e).bdf());
                    continue;
                }
                kids.add(e);
                if (!passed.isEmpty()) via.put(e, passed);
            }
            if (!quietHere.isEmpty()) foldInto(parent, quietHere);
            List<TopoNode> rest = new ArrayList<>();
            String foldKey = "fold:" + parent.id();
            NodeView fold = null;
            if (kept != null && kept.contains(parent.id()) && !expanded.contains(foldKey)) {
                for (TopoNode k : kids) if (!kept.contains(k.id())) rest.add(k);
                List<Bdf> restFunctions = new ArrayList<>();
                for (TopoNode k : rest) {
                    restFunctions.addAll(via.getOrDefault(k, List.of()));
                    if (k instanceof TopoNode.FunctionNode f) restFunctions.add(f.bdf());
                    restFunctions.addAll(functionsUnder(k));
                }
                if (restFunctions.size() < 2) rest.clear();
                else fold = new NodeView(foldKey, Kind.FOLD, restFunctions, restFunctions.size() + " more",
                        summary(restFunctions), "folded", foldKey, "");
            }
            List<TopoNode> drawn = new ArrayList<>(kids);
            drawn.removeAll(rest);
            // fold leaf siblings with the same signature
            Map<String, List<TopoNode.FunctionNode>> bySig = new LinkedHashMap<>();
            for (TopoNode k : drawn) {
                // a focused picture names each kept function (a candidate slot is not "one of 3 chipset functions")
                boolean keptHere = kept != null && kept.contains(k.id());
                if (k instanceof TopoNode.FunctionNode f && t.children(f).isEmpty() && !keptHere) {
                    bySig.computeIfAbsent(signature(parent, f), s -> new ArrayList<>()).add(f);
                }
            }
            Set<TopoNode> drawnInGroup = new java.util.HashSet<>();
            Map<TopoNode, NodeView> groupAt = new LinkedHashMap<>();
            for (Map.Entry<String, List<TopoNode.FunctionNode>> e : bySig.entrySet()) {
                List<TopoNode.FunctionNode> same = e.getValue();
                if (same.size() < COLLAPSE_AT) continue;
                String key = "group:" + parent.id() + "|" + e.getKey();
                if (expanded.contains(key)) continue;
                List<Bdf> members = new ArrayList<>(same.stream().map(TopoNode.FunctionNode::bdf).toList());
                for (TopoNode.FunctionNode f : same) members.addAll(via.getOrDefault(f, List.of()));
                TopoNode.FunctionNode first = same.get(0);
                boolean chipset = e.getKey().equals(CHIPSET);
                NodeView g = new NodeView(key, Kind.GROUP, members,
                        same.size() + "× " + t.address(first.bdf()) + " … " + t.address(same.get(same.size() - 1).bdf()),
                        chipset ? "chipset and integrated functions" : BoxNames.boxName(first.function().shortName()),
                        chipset ? "chipset" : badge(t, first), key, "");
                groupAt.put(first, g);
                drawnInGroup.addAll(same);
            }
            boolean foldPlaced = false;
            for (TopoNode k : kids) {
                if (fold != null && !foldPlaced && rest.contains(k)) {
                    add(fold);
                    addEdge(parent.id(), fold.id(), null, List.of());
                    foldPlaced = true;
                    continue;
                }
                if (!drawn.contains(k)) continue;
                NodeView g = groupAt.get(k);
                if (g != null) {
                    add(g);
                    addEdge(parent.id(), g.id(), t.incomingEdge(k).orElse(null), via.getOrDefault(k, List.of()));
                    continue;
                }
                if (drawnInGroup.contains(k)) continue;
                TopoNode.FunctionNode f = (TopoNode.FunctionNode) k;
                String sig = signature(parent, f);
                List<TopoNode.FunctionNode> sameSig = t.children(f).isEmpty() ? bySig.get(sig) : null;
                String groupKey = sameSig != null && sameSig.size() >= COLLAPSE_AT ? "group:" + parent.id() + "|" + sig
                        : null;
                TopoEdge in = t.incomingEdge(k).orElse(null);
                List<Bdf> members = new ArrayList<>();
                members.add(f.bdf());
                members.addAll(via.getOrDefault(f, List.of()));
                NodeView v = new NodeView(f.id(), Kind.FUNCTION, members, f.bdf().toString(),
                        boxName(f.function()), badge(t, f), groupKey, ownLink(f, in));
                add(v);
                addEdge(parent.id(), v.id(), in, via.getOrDefault(f, List.of()));
                walk(f);
            }
        }

        /**
         * A port that says nothing: a switch port or PCI bridge (never a root port: those are the slots a card can
         * move to) that shows neither a trained nor a capable link, on its incoming hop or in its own registers (a
         * tree without -vv names no bridge, a non-root capture hides every port's link), and that is not itself one
         * of the focus functions.
         */
        boolean silent(TopoNode n) {
            if (!(n instanceof TopoNode.FunctionNode f) || focus.contains(f.bdf())) return false;
            if (f.role() != TopoNode.Role.SWITCH_UPSTREAM && f.role() != TopoNode.Role.SWITCH_DOWNSTREAM
                    && f.role() != TopoNode.Role.PCI_BRIDGE) {
                return false;
            }
            TopoEdge in = t.incomingEdge(f).orElse(null);
            Link link = in != null && in.isLink() ? in.link() : null;
            boolean inKnown = link != null && (known(link.trained()) || known(link.capable()));
            // a downstream port's own registers describe the link below it (the slot): those count too
            PciFunction fn = f.function();
            boolean ownKnown = fn.express() != null && (known(fn.express().lnkSta()) || known(fn.express().lnkCap()))
                    || fn.sysfsLink() != null && (known(fn.sysfsLink().current()) || known(fn.sysfsLink().max()));
            return !inKnown && !ownKnown;
        }

        /** Empty ports that say nothing become members of the box above them (search and clicks still find them). */
        private void foldInto(TopoNode parent, List<Bdf> quiet) {
            NodeView p = nodes.get(parent.id());
            if (p == null) return;
            List<Bdf> members = new ArrayList<>(p.members());
            members.addAll(quiet);
            nodes.put(p.id(), new NodeView(p.id(), p.kind(), members, p.title(), p.name(), p.badge(), p.groupKey(),
                    p.link()));
        }

        void add(NodeView v) {
            nodes.put(v.id(), v);
            // first line: bold monospace BDF, a gap, the badge; then the name (one or two lines), then the link
            double top = v.title().length() * MONO_W + 12 + v.badge().length() * CHAR_W + 12;
            // the link line is monospace: its characters are wider than the name's
            double bottom = Math.max(BoxNames.widest(v.name()) * CHAR_W, v.link().length() * MONO_W);
            int extra = BoxNames.lines(v.name()) - 1 + (v.link().isEmpty() ? 0 : 1);
            boxes.add(new LayoutGraph.Box(v.id(), Math.max(MIN_W, Math.max(top, bottom) + 2 * PAD),
                    BOX_H + extra * LINE_H));
        }

        void addEdge(String source, String target, TopoEdge edge, List<Bdf> via) {
            Link link = edge != null && edge.isLink() ? edge.link() : null;
            // the functions of one device share one link: label it once, on the edge to the lowest function
            boolean labelled = link != null && edges.values().stream().anyMatch(e -> e.link() == link);
            // "? / cap ?" says nothing the edge's colour (Unknown) does not: no label
            boolean nothingKnown = link != null && !known(link.trained()) && !known(link.capable());
            String label = link == null || labelled || nothingKnown ? "" : linkLabel(link);
            if (!via.isEmpty() && label.isEmpty()) {
                // the ports passed through are named on the edge, so the path still reads port by port
                label = via.size() == 1 ? "via " + t.address(via.get(0)) : "via " + via.size() + " ports";
            }
            String id = source + "->" + target;
            edges.put(id, new EdgeView(id, source, target, link, label));
            gEdges.add(new LayoutGraph.Edge(id, source, target,
                    label.isEmpty() ? 0 : label.length() * LABEL_CHAR_W + 8, label.isEmpty() ? 0 : 16));
        }
    }

    /**
     * The words on a function's box ({@link BoxNames#boxName}). A bridge that a tree names not at all (`lspci -tv`
     * prints no name for a bridge with devices below it) says which buses it leads to instead of a bare "PCI bridge"
     * that every such box would repeat.
     */
    static String boxName(PciFunction fn) {
        boolean nameless = fn.vendorDeviceName() == null || fn.vendorDeviceName().isBlank();
        BusRange r = fn.busRange();
        if (nameless && r != null) {
            return r.subordinate() > r.secondary()
                    ? String.format(Locale.ROOT, "bridge to buses %02x-%02x", r.secondary(), r.subordinate())
                    : String.format(Locale.ROOT, "bridge to bus %02x", r.secondary());
        }
        return BoxNames.boxName(fn.shortName());
    }

    /** Height of one more text line on a box. */
    static final double LINE_H = 17;

    /**
     * The card's own link, for a card whose incoming edge carries none (it sits on a root bus, as a GPU passed
     * through to a VM does): what its Express capability, else sysfs, says. Only for GPUs, NICs and drives.
     */
    static String ownLink(TopoNode.FunctionNode f, TopoEdge in) {
        if (in != null && in.isLink()) return "";
        PciFunction fn = f.function();
        DeviceKind kind = DeviceKind.of(fn);
        if (!kind.isDisplayOrAccelerator() && !kind.isNetwork() && kind != DeviceKind.NVME) return "";
        LinkState trained = OwnLink.trained(fn);
        LinkState capable = OwnLink.capable(fn);
        if ((trained == null || !trained.isKnown()) && (capable == null || !capable.isKnown())) return "";
        return "link " + state(trained) + " / cap " + state(capable);
    }

    /** {@code Gen1 x16 / cap Gen4 x16}: trained, then capable (either may be unknown). */
    public static String linkLabel(Link link) {
        return state(link.trained()) + " / cap " + state(link.capable());
    }

    private static boolean known(LinkState s) {
        return s != null && (s.isDown() || s.isKnown());
    }

    private static String state(LinkState s) {
        if (s == null) return "?";
        if (s.isDown()) return "down";
        return s.genText();
    }

    private static final String CHIPSET = "chipset";

    /**
     * Same name, class and role: what makes siblings "identical" (SR-IOV VFs, banks of the same function).
     * On a root bus, the integrated functions that are not cards (host bridges, IOMMU, SMBus, LPC, ...) count as
     * one kind, so the picture is not a long row of chipset boxes; GPUs, NICs and drives stay visible.
     */
    static String signature(TopoNode parent, TopoNode.FunctionNode f) {
        PciFunction fn = f.function();
        DeviceKind kind = DeviceKind.of(fn);
        if (parent instanceof TopoNode.RootComplex && !kind.isDisplayOrAccelerator() && !kind.isNetwork()
                && kind != DeviceKind.NVME && kind != DeviceKind.STORAGE) {
            return CHIPSET;
        }
        return fn.classHex() + "|" + f.role() + "|" + fn.shortName();
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
