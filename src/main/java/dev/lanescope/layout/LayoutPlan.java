package dev.lanescope.layout;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.lanescope.layout.TopologyLayouts.EdgeView;
import dev.lanescope.layout.TopologyLayouts.Kind;
import dev.lanescope.layout.TopologyLayouts.NodeView;
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
 * The boxes and edges of a picture being planned, one layout component per root complex (or per fold of them), and
 * the words on them: the tree walk that passes silent ports through, folds what a focused picture leaves out and
 * groups identical leaf siblings into "N×" boxes. {@link TopologyLayouts} lays the plan out.
 */
final class LayoutPlan {

    /** Height of one more text line on a box. */
    static final double LINE_H = 17;

    private static final String CHIPSET = "chipset";

    final Topology t;
    final Set<String> expanded;
    final Set<String> kept;
    /** The focus functions themselves (the card, its candidate slots, the GPUs): never folded as silent ports. */
    final Set<Bdf> focus;
    final Map<String, NodeView> nodes = new LinkedHashMap<>();
    final Map<String, EdgeView> edges = new LinkedHashMap<>();
    private final List<List<LayoutGraph.Box>> boxLists = new ArrayList<>();
    private final List<List<LayoutGraph.Edge>> edgeLists = new ArrayList<>();
    private List<LayoutGraph.Box> boxes;
    private List<LayoutGraph.Edge> gEdges;

    LayoutPlan(Topology t, Set<String> expanded, Set<String> kept, Set<Bdf> focus) {
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
        String key = TopologyLayouts.rcFoldKey(run, first);
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
            t.node(b).ifPresent(f -> byBadge.merge(TopologyLayouts.badge(t, f), 1, Integer::sum));
        }
        List<String> parts = byBadge.entrySet().stream()
                .sorted((a, b) -> b.getValue() - a.getValue())
                .limit(3).map(e -> BoxNames.plural(e.getValue(), e.getKey())).toList();
        String head = members.size() + (members.size() == 1 ? " function" : " functions");
        return parts.isEmpty() ? head : head + ": " + String.join(", ", parts);
    }

    /**
     * The children of a box as drawn: each child with the silent ports passed through to reach it ({@code via}),
     * and the silent ports with nothing below them that fold into the box itself ({@code quiet}).
     */
    private record Children(List<TopoNode> kids, Map<TopoNode, List<Bdf>> via, List<Bdf> quiet) {
    }

    /** The "N×" boxes of one parent: the box drawn at each group's first member, and every member of a group. */
    private record Groups(Map<TopoNode, NodeView> at, Set<TopoNode> members) {
    }

    void walk(TopoNode parent) {
        Children c = children(parent);
        if (!c.quiet().isEmpty()) foldInto(parent, c.quiet());
        List<TopoNode> rest = new ArrayList<>();
        NodeView fold = foldOfTheRest(parent, c, rest);
        List<TopoNode> drawn = new ArrayList<>(c.kids());
        drawn.removeAll(rest);
        Map<String, List<TopoNode.FunctionNode>> bySig = leavesBySignature(parent, drawn);
        Groups groups = groups(parent, bySig, c.via());
        boolean foldPlaced = false;
        for (TopoNode k : c.kids()) {
            if (fold != null && !foldPlaced && rest.contains(k)) {
                add(fold);
                addEdge(parent.id(), fold.id(), null, List.of());
                foldPlaced = true;
                continue;
            }
            if (!drawn.contains(k)) continue;
            NodeView g = groups.at().get(k);
            if (g != null) {
                add(g);
                addEdge(parent.id(), g.id(), t.incomingEdge(k).orElse(null), c.via().getOrDefault(k, List.of()));
                continue;
            }
            if (groups.members().contains(k)) continue;
            drawFunction(parent, (TopoNode.FunctionNode) k, bySig, c.via());
        }
    }

    /**
     * Ports that say nothing are passed through (their child takes their place) or, when nothing hangs below them,
     * folded into the parent's box.
     */
    private Children children(TopoNode parent) {
        Map<TopoNode, List<Bdf>> via = new HashMap<>();
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
        return new Children(kids, via, quietHere);
    }

    /**
     * In a focused picture, the children of a kept box that lead to no focus function fold into one "N more" box
     * (unless that fold is opened); they are added to {@code rest}. Null when nothing folds here.
     */
    private NodeView foldOfTheRest(TopoNode parent, Children c, List<TopoNode> rest) {
        String foldKey = "fold:" + parent.id();
        if (kept == null || !kept.contains(parent.id()) || expanded.contains(foldKey)) return null;
        for (TopoNode k : c.kids()) if (!kept.contains(k.id())) rest.add(k);
        List<Bdf> restFunctions = new ArrayList<>();
        for (TopoNode k : rest) {
            restFunctions.addAll(c.via().getOrDefault(k, List.of()));
            if (k instanceof TopoNode.FunctionNode f) restFunctions.add(f.bdf());
            restFunctions.addAll(functionsUnder(k));
        }
        if (restFunctions.size() < 2) {
            rest.clear();
            return null;
        }
        return new NodeView(foldKey, Kind.FOLD, restFunctions, restFunctions.size() + " more",
                summary(restFunctions), "folded", foldKey, "");
    }

    /** The drawn leaves by signature, the candidates for "N×" boxes. */
    private Map<String, List<TopoNode.FunctionNode>> leavesBySignature(TopoNode parent, List<TopoNode> drawn) {
        Map<String, List<TopoNode.FunctionNode>> bySig = new LinkedHashMap<>();
        for (TopoNode k : drawn) {
            // a focused picture names each kept function (a candidate slot is not "one of 3 chipset functions")
            boolean keptHere = kept != null && kept.contains(k.id());
            if (k instanceof TopoNode.FunctionNode f && t.children(f).isEmpty() && !keptHere) {
                bySig.computeIfAbsent(signature(parent, f), s -> new ArrayList<>()).add(f);
            }
        }
        return bySig;
    }

    /** Leaf siblings with the same signature, at least {@link TopologyLayouts#COLLAPSE_AT} of them, in one box. */
    private Groups groups(TopoNode parent, Map<String, List<TopoNode.FunctionNode>> bySig,
                          Map<TopoNode, List<Bdf>> via) {
        Set<TopoNode> drawnInGroup = new HashSet<>();
        Map<TopoNode, NodeView> groupAt = new LinkedHashMap<>();
        for (Map.Entry<String, List<TopoNode.FunctionNode>> e : bySig.entrySet()) {
            List<TopoNode.FunctionNode> same = e.getValue();
            if (same.size() < TopologyLayouts.COLLAPSE_AT) continue;
            String key = "group:" + parent.id() + "|" + e.getKey();
            if (expanded.contains(key)) continue;
            List<Bdf> members = new ArrayList<>(same.stream().map(TopoNode.FunctionNode::bdf).toList());
            for (TopoNode.FunctionNode f : same) members.addAll(via.getOrDefault(f, List.of()));
            TopoNode.FunctionNode first = same.get(0);
            boolean chipset = e.getKey().equals(CHIPSET);
            NodeView g = new NodeView(key, Kind.GROUP, members,
                    same.size() + "× " + t.address(first.bdf()) + " … " + t.address(same.get(same.size() - 1).bdf()),
                    chipset ? "chipset and integrated functions" : BoxNames.boxName(first.function().shortName()),
                    chipset ? "chipset" : TopologyLayouts.badge(t, first), key, "");
            groupAt.put(first, g);
            drawnInGroup.addAll(same);
        }
        return new Groups(groupAt, drawnInGroup);
    }

    /** One function's own box, the edge into it, then what hangs below it. */
    private void drawFunction(TopoNode parent, TopoNode.FunctionNode f, Map<String, List<TopoNode.FunctionNode>> bySig,
                              Map<TopoNode, List<Bdf>> via) {
        String sig = signature(parent, f);
        List<TopoNode.FunctionNode> sameSig = t.children(f).isEmpty() ? bySig.get(sig) : null;
        String groupKey = sameSig != null && sameSig.size() >= TopologyLayouts.COLLAPSE_AT
                ? "group:" + parent.id() + "|" + sig : null;
        TopoEdge in = t.incomingEdge(f).orElse(null);
        List<Bdf> members = new ArrayList<>();
        members.add(f.bdf());
        members.addAll(via.getOrDefault(f, List.of()));
        NodeView v = new NodeView(f.id(), Kind.FUNCTION, members, f.bdf().toString(),
                boxName(f.function()), TopologyLayouts.badge(t, f), groupKey, ownLink(f, in));
        add(v);
        addEdge(parent.id(), v.id(), in, via.getOrDefault(f, List.of()));
        walk(f);
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
        double top = v.title().length() * TopologyLayouts.MONO_W + 12 + v.badge().length() * TopologyLayouts.CHAR_W
                + 12;
        // the link line is monospace: its characters are wider than the name's
        double bottom = Math.max(BoxNames.widest(v.name()) * TopologyLayouts.CHAR_W,
                v.link().length() * TopologyLayouts.MONO_W);
        int extra = BoxNames.lines(v.name()) - 1 + (v.link().isEmpty() ? 0 : 1);
        boxes.add(new LayoutGraph.Box(v.id(), Math.max(TopologyLayouts.MIN_W, Math.max(top, bottom)
                + 2 * TopologyLayouts.PAD), TopologyLayouts.BOX_H + extra * LINE_H));
    }

    void addEdge(String source, String target, TopoEdge edge, List<Bdf> via) {
        Link link = edge != null && edge.isLink() ? edge.link() : null;
        // the functions of one device share one link: label it once, on the edge to the lowest function
        boolean labelled = link != null && edges.values().stream().anyMatch(e -> e.link() == link);
        // "? / cap ?" says nothing the edge's colour (Unknown) does not: no label
        boolean nothingKnown = link != null && !known(link.trained()) && !known(link.capable());
        String label = link == null || labelled || nothingKnown ? "" : TopologyLayouts.linkLabel(link);
        if (!via.isEmpty() && label.isEmpty()) {
            // the ports passed through are named on the edge, so the path still reads port by port
            label = via.size() == 1 ? "via " + t.address(via.get(0)) : "via " + via.size() + " ports";
        }
        String id = source + "->" + target;
        edges.put(id, new EdgeView(id, source, target, link, label));
        gEdges.add(new LayoutGraph.Edge(id, source, target,
                label.isEmpty() ? 0 : label.length() * TopologyLayouts.LABEL_CHAR_W + 8, label.isEmpty() ? 0 : 16));
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
        return "link " + TopologyLayouts.state(trained) + " / cap " + TopologyLayouts.state(capable);
    }

    static boolean known(LinkState s) {
        return s != null && (s.isDown() || s.isKnown());
    }

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
}
