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
    /** Longest name shown on a box; longer names end in an ellipsis (the full name is in the side panel). */
    public static final int NAME_MAX = 32;

    static final double CHAR_W = 6.8;
    static final double MONO_W = 7.6;
    static final double LABEL_CHAR_W = 6.4;
    static final double BOX_H = 58;
    static final double PAD = 16;
    static final double MIN_W = 120;

    private TopologyLayouts() {
    }

    /** What a box stands for. */
    public enum Kind { ROOT_COMPLEX, FUNCTION, GROUP }

    /**
     * One box of the picture.
     *
     * @param id       the layout id ({@code rc:DDDD:BB}, a BDF, or {@code group:...})
     * @param members  the functions it stands for (one for a FUNCTION, N for a GROUP, none for a root complex)
     * @param title    first line: the BDF (or "N× BDF…" for a group)
     * @param name     second line: the short name, cut to {@link #NAME_MAX}
     * @param badge    the class badge: GPU, NIC, NVMe, switch, root port, chipset, bridge, storage, USB, device
     * @param groupKey the key to expand or collapse this box's group (null when it is not foldable)
     */
    public record NodeView(String id, Kind kind, List<Bdf> members, String title, String name, String badge,
                           String groupKey) {
        public NodeView {
            members = List.copyOf(members);
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

    /** The plan and the positions. */
    public record Picture(LayoutResult layout, Map<String, NodeView> nodes, Map<String, EdgeView> edges) {
        public Picture {
            nodes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(nodes));
            edges = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(edges));
        }

        /** The box that shows a function (its own box or its group's). */
        public NodeView nodeOf(Bdf bdf) {
            for (NodeView n : nodes.values()) {
                if (n.contains(bdf)) return n;
            }
            return null;
        }

        public int functionCount() {
            return nodes.values().stream().mapToInt(NodeView::count).sum();
        }
    }

    /** The picture with every foldable group collapsed except those in {@code expandedGroups}. */
    public static Picture of(Topology topology, Set<String> expandedGroups) {
        Objects.requireNonNull(topology, "topology must not be null");
        Set<String> expanded = expandedGroups == null ? Set.of() : expandedGroups;
        Map<String, NodeView> nodes = new LinkedHashMap<>();
        Map<String, EdgeView> edges = new LinkedHashMap<>();
        List<LayoutGraph.Box> boxes = new ArrayList<>();
        List<LayoutGraph.Edge> gEdges = new ArrayList<>();
        for (TopoNode.RootComplex rc : topology.rootComplexes()) {
            NodeView v = new NodeView(rc.id(), Kind.ROOT_COMPLEX, List.of(),
                    String.format(Locale.ROOT, "%04x:%02x", rc.domain(), rc.bus()),
                    cut(rc.hostBridge() == null ? "Root complex" : rc.hostBridge().shortName()), "root complex", null);
            add(v, nodes, boxes);
            walk(topology, rc, expanded, nodes, edges, boxes, gEdges);
        }
        LayoutResult result = ElkLayout.layout(new LayoutGraph(boxes, gEdges));
        return new Picture(result, nodes, edges);
    }

    private static void walk(Topology t, TopoNode parent, Set<String> expanded, Map<String, NodeView> nodes,
                             Map<String, EdgeView> edges, List<LayoutGraph.Box> boxes, List<LayoutGraph.Edge> gEdges) {
        List<TopoNode> kids = t.children(parent);
        // fold leaf siblings with the same signature
        Map<String, List<TopoNode.FunctionNode>> bySig = new LinkedHashMap<>();
        for (TopoNode k : kids) {
            if (k instanceof TopoNode.FunctionNode f && t.children(f).isEmpty()) {
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
            List<Bdf> members = same.stream().map(TopoNode.FunctionNode::bdf).toList();
            TopoNode.FunctionNode first = same.get(0);
            boolean chipset = e.getKey().equals(CHIPSET);
            NodeView g = new NodeView(key, Kind.GROUP, members,
                    same.size() + "× " + t.address(first.bdf()) + " … " + t.address(same.get(same.size() - 1).bdf()),
                    chipset ? "chipset and integrated functions" : cut(first.function().shortName()),
                    chipset ? "chipset" : badge(t, first), key);
            groupAt.put(first, g);
            drawnInGroup.addAll(same);
        }
        for (TopoNode k : kids) {
            NodeView g = groupAt.get(k);
            if (g != null) {
                add(g, nodes, boxes);
                addEdge(parent.id(), g.id(), t.incomingEdge(k).orElse(null), edges, gEdges);
                continue;
            }
            if (drawnInGroup.contains(k)) continue;
            TopoNode.FunctionNode f = (TopoNode.FunctionNode) k;
            String sig = signature(parent, f);
            List<TopoNode.FunctionNode> sameSig = t.children(f).isEmpty() ? bySig.get(sig) : null;
            String groupKey = sameSig != null && sameSig.size() >= COLLAPSE_AT ? "group:" + parent.id() + "|" + sig : null;
            NodeView v = new NodeView(f.id(), Kind.FUNCTION, List.of(f.bdf()), f.bdf().toString(),
                    cut(f.function().shortName()), badge(t, f), groupKey);
            add(v, nodes, boxes);
            addEdge(parent.id(), v.id(), t.incomingEdge(k).orElse(null), edges, gEdges, ownLinkLabel(parent, f));
            walk(t, f, expanded, nodes, edges, boxes, gEdges);
        }
    }

    private static void add(NodeView v, Map<String, NodeView> nodes, List<LayoutGraph.Box> boxes) {
        nodes.put(v.id(), v);
        // first line: bold monospace BDF, a gap, the badge; second line: the name
        double top = v.title().length() * MONO_W + 12 + v.badge().length() * CHAR_W + 12;
        double bottom = v.name().length() * CHAR_W;
        boxes.add(new LayoutGraph.Box(v.id(), Math.max(MIN_W, Math.max(top, bottom) + 2 * PAD), BOX_H));
    }

    private static void addEdge(String source, String target, TopoEdge edge, Map<String, EdgeView> edges,
                                List<LayoutGraph.Edge> gEdges) {
        addEdge(source, target, edge, edges, gEdges, null);
    }

    private static void addEdge(String source, String target, TopoEdge edge, Map<String, EdgeView> edges,
                                List<LayoutGraph.Edge> gEdges, String ownLink) {
        Link link = edge != null && edge.isLink() ? edge.link() : null;
        // the functions of one device share one link: label it once, on the edge to the lowest function
        boolean labelled = link != null && edges.values().stream().anyMatch(e -> e.link() == link);
        String label = link == null ? (ownLink == null ? "" : ownLink) : labelled ? "" : linkLabel(link);
        String id = source + "->" + target;
        edges.put(id, new EdgeView(id, source, target, link, label));
        gEdges.add(new LayoutGraph.Edge(id, source, target, label.isEmpty() ? 0 : label.length() * LABEL_CHAR_W + 8,
                label.isEmpty() ? 0 : 16));
    }

    /** {@code Gen1 x16 / cap Gen4 x16}: trained, then capable (either may be unknown). */
    public static String linkLabel(Link link) {
        return state(link.trained()) + " / cap " + state(link.capable());
    }

    /**
     * The label of the line from a root bus to a card that sits on it (a card passed through to a virtual machine):
     * its own link as it reports it ({@code Gen5 x16 own}, then {@code / cap} when it trained lower), since no
     * port above it carries a link; null for everything else.
     */
    static String ownLinkLabel(TopoNode parent, TopoNode.FunctionNode f) {
        if (!(parent instanceof TopoNode.RootComplex)) return null;
        PciFunction fn = f.function();
        if (fn.bdf().function() != 0) return null;
        boolean endpoint = fn.portType() == null ? fn.express() == null
                : fn.portType() == dev.lanescope.model.PortType.ENDPOINT
                || fn.portType() == dev.lanescope.model.PortType.LEGACY_ENDPOINT;
        LinkState sta = fn.express() != null && fn.express().lnkSta() != null ? fn.express().lnkSta()
                : fn.sysfsLink() == null ? null : fn.sysfsLink().current();
        if (!endpoint || sta == null || !sta.isKnown() || sta.width() <= 0) return null;
        LinkState cap = fn.express() != null && fn.express().capable() != null ? fn.express().capable()
                : fn.sysfsLink() == null ? null : fn.sysfsLink().max();
        boolean same = cap == null || !cap.isKnown() || cap.equals(sta);
        return state(sta) + " own" + (same ? "" : " / cap " + state(cap));
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
        if (parent instanceof TopoNode.RootComplex && !fn.isGpuOrAccelerator() && !fn.isNetwork()
                && (fn.classCode() >> 8) != 0x01) {
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

    private static final java.util.regex.Pattern VENDOR = java.util.regex.Pattern.compile(
            "^(?:.{0,60}?\\[[^\\]]{1,24}\\]\\s+|.{0,40}?(?:Corporation|Corp\\.|Inc\\.|Co\\., Ltd\\.|Technologies|Technology)\\s+)(.+)$");

    /** The device name without the vendor: {@code Advanced Micro Devices, Inc. [AMD/ATI] Picasso} becomes {@code Picasso}. */
    public static String withoutVendor(String name) {
        if (name == null) return "";
        java.util.regex.Matcher m = VENDOR.matcher(name);
        return m.matches() && m.group(1).length() >= 3 ? m.group(1) : name;
    }

    static String cut(String s) {
        if (s == null) return "";
        s = withoutVendor(s);
        return s.length() <= NAME_MAX ? s : s.substring(0, NAME_MAX - 1) + "…";
    }
}
