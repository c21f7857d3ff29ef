package dev.lanescope.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.jgrapht.Graph;
import org.jgrapht.graph.DirectedAcyclicGraph;

/**
 * Builds the {@link Topology} graph from a {@link Capture}.
 * <ul>
 * <li>Parents come from the bridges' {@code Bus: secondary=} numbers (so {@code -vv} alone is enough); the
 *     {@code -t} tree supplies parents for functions whose bridge is not in the {@code -vv} text, and functions
 *     the {@code -vv} lacks. A disagreement between the two is reported, the registers win.</li>
 * <li>A function whose bus no bridge leads to hangs from the root complex of its domain and bus.</li>
 * <li>An edge from a downstream-facing port (Root Port, switch Downstream Port) to a device is a LINK edge with
 *     the hop facts; every other edge is PLAIN. When a non-root capture hides the port type, it is inferred
 *     from the shape: bridges on a root bus are root ports, a bridge below a root/downstream port is a switch
 *     upstream port, a bridge below an upstream port is a downstream port.</li>
 * </ul>
 */
public final class TopologyBuilder {

    private TopologyBuilder() {
    }

    public static Topology build(Capture capture) {
        List<Problem> problems = new ArrayList<>(capture.problems());
        Map<Bdf, PciFunction> functions = mergeTree(capture, problems);
        Map<Bdf, Bdf> parentOf = parents(capture, functions, problems);
        breakCycles(parentOf, problems);

        Graph<TopoNode, TopoEdge> g = new DirectedAcyclicGraph<>(TopoEdge.class);
        Map<Long, TopoNode.RootComplex> roots = new TreeMap<>();
        Map<Bdf, TopoNode.FunctionNode> nodes = new LinkedHashMap<>();
        Map<Bdf, TopoNode.Role> roles = inferRoles(functions, parentOf);
        for (PciFunction f : functions.values()) {
            TopoNode.Role role = roles.get(f.bdf());
            boolean inferred = f.express() == null && role != TopoNode.Role.ENDPOINT
                    && role != TopoNode.Role.HOST_BRIDGE && f.capabilitiesHidden();
            TopoNode.FunctionNode n = new TopoNode.FunctionNode(f, role, inferred);
            nodes.put(f.bdf(), n);
            g.addVertex(n);
        }
        for (PciFunction f : functions.values()) {
            Bdf p = parentOf.get(f.bdf());
            TopoNode.FunctionNode child = nodes.get(f.bdf());
            if (p == null) {
                TopoNode.RootComplex rc = roots.computeIfAbsent(key(f.bdf().domain(), f.bdf().bus()), k -> {
                    PciFunction host = functions.get(new Bdf(f.bdf().domain(), f.bdf().bus(), 0, 0));
                    TopoNode.RootComplex r = new TopoNode.RootComplex(f.bdf().domain(), f.bdf().bus(),
                            host != null && DeviceKind.of(host) == DeviceKind.HOST_BRIDGE ? host : null);
                    g.addVertex(r);
                    return r;
                });
                g.addEdge(rc, child, TopoEdge.plain());
            }
        }
        addEdges(g, functions, parentOf, nodes);
        return new Topology(capture, g, nodes, new ArrayList<>(roots.values()), problems);
    }

    /**
     * The parent of each function (null: a root complex), from the bridges' bus registers, else from the tree; a
     * disagreement between the two, or two bridges claiming one bus, is a warning.
     */
    private static Map<Bdf, Bdf> parents(Capture capture, Map<Bdf, PciFunction> functions, List<Problem> problems) {
        // bridges by (domain, secondary bus)
        Map<Long, PciFunction> bridgeBySecondary = new HashMap<>();
        for (PciFunction f : functions.values()) {
            BusRange r = f.busRange();
            if (r == null || r.secondary() == 0) continue;
            long key = key(f.bdf().domain(), r.secondary());
            PciFunction prev = bridgeBySecondary.putIfAbsent(key, f);
            if (prev != null) {
                problems.add(Problem.warning(src(f), line(f), "two bridges claim secondary bus "
                        + hex2(r.secondary()) + ": " + prev.bdf() + " and " + f.bdf() + "; keeping " + prev.bdf()));
            }
        }
        Map<Bdf, TreeEntry> treeByBdf = new HashMap<>();
        for (TreeEntry e : capture.tree()) treeByBdf.putIfAbsent(e.bdf(), e);
        Map<Bdf, Bdf> parentOf = new HashMap<>();
        for (PciFunction f : functions.values()) {
            PciFunction bridge = bridgeBySecondary.get(key(f.bdf().domain(), f.bdf().bus()));
            Bdf fromRegisters = bridge == null || bridge.bdf().equals(f.bdf()) ? null : bridge.bdf();
            TreeEntry te = treeByBdf.get(f.bdf());
            Bdf fromTree = te == null ? null : te.parent();
            if (fromTree != null && !functions.containsKey(fromTree)) fromTree = null;
            if (fromRegisters != null && fromTree != null && !fromRegisters.equals(fromTree)) {
                problems.add(Problem.warning(te.source().file(), te.source().line(), "the tree puts " + f.bdf()
                        + " under " + fromTree + " but the bridge registers put it under " + fromRegisters
                        + "; using the registers"));
            }
            parentOf.put(f.bdf(), fromRegisters != null ? fromRegisters : fromTree);
        }
        return parentOf;
    }

    /** The edges below the root complexes: a LINK below a downstream-facing port (one per device), else PLAIN. */
    private static void addEdges(Graph<TopoNode, TopoEdge> g, Map<Bdf, PciFunction> functions, Map<Bdf, Bdf> parentOf,
                                 Map<Bdf, TopoNode.FunctionNode> nodes) {
        Map<Bdf, Link> linkByDevice = new HashMap<>();
        for (PciFunction f : functions.values()) {
            Bdf p = parentOf.get(f.bdf());
            if (p == null) continue;
            TopoNode.FunctionNode parent = nodes.get(p);
            TopoNode.FunctionNode child = nodes.get(f.bdf());
            TopoEdge edge;
            if (parent.role().isDownstreamFacing()) {
                PciFunction dev = lowestFunctionOfDevice(functions, f.bdf());
                Link link = linkByDevice.computeIfAbsent(dev.bdf(), k -> makeLink(parent.function(), dev));
                edge = TopoEdge.link(link);
            } else {
                edge = TopoEdge.plain();
            }
            g.addEdge(parent, child, edge);
        }
    }

    /** Functions from the -vv text plus tree-only functions, sorted by address. */
    private static Map<Bdf, PciFunction> mergeTree(Capture capture, List<Problem> problems) {
        Map<Bdf, PciFunction> out = new TreeMap<>();
        for (PciFunction f : capture.functions()) out.put(f.bdf(), f);
        for (TreeEntry e : capture.tree()) {
            PciFunction have = out.get(e.bdf());
            if (have == null) {
                PciFunction.Builder b = PciFunction.builder(e.bdf());
                b.vendorDeviceName = e.name();
                b.vendorId = e.vendorId();
                b.deviceId = e.deviceId();
                b.busRange = e.busRange();
                b.source = e.source();
                if (e.busRange() != null) {
                    b.classCode = 0x0604;
                    b.className = "PCI bridge";
                } else if (DeviceKind.classFromName(e.name()) >= 0) {
                    // a tree line names the device but not its class: take the class its name states
                    b.classCode = DeviceKind.classFromName(e.name());
                }
                out.put(e.bdf(), b.build());
            } else if (have.busRange() == null && e.busRange() != null) {
                PciFunction.Builder b = have.toBuilder();
                b.busRange = e.busRange();
                out.put(e.bdf(), b.build());
            }
        }
        return out;
    }

    private static void breakCycles(Map<Bdf, Bdf> parentOf, List<Problem> problems) {
        for (Bdf start : new ArrayList<>(parentOf.keySet())) {
            Bdf cur = parentOf.get(start);
            int steps = 0;
            while (cur != null && steps++ < 300) {
                if (cur.equals(start)) {
                    problems.add(Problem.error("(topology)", 0, "bridge bus numbers form a loop through " + start
                            + "; hanging it from its root complex"));
                    parentOf.put(start, null);
                    break;
                }
                cur = parentOf.get(cur);
            }
        }
    }

    private static Map<Bdf, TopoNode.Role> inferRoles(Map<Bdf, PciFunction> functions, Map<Bdf, Bdf> parentOf) {
        Map<Bdf, TopoNode.Role> roles = new HashMap<>();
        List<PciFunction> byDepth = new ArrayList<>(functions.values());
        Map<Bdf, Integer> depth = new HashMap<>();
        for (PciFunction f : byDepth) depth.put(f.bdf(), depthOf(f.bdf(), parentOf));
        byDepth.sort(Comparator.comparingInt((PciFunction f) -> depth.get(f.bdf())).thenComparing(PciFunction::bdf));
        for (PciFunction f : byDepth) {
            Bdf p = parentOf.get(f.bdf());
            TopoNode.Role parentRole = p == null ? null : roles.get(p);
            roles.put(f.bdf(), roleOf(f, parentRole));
        }
        return roles;
    }

    private static int depthOf(Bdf b, Map<Bdf, Bdf> parentOf) {
        int d = 0;
        Bdf cur = parentOf.get(b);
        while (cur != null && d < 300) {
            d++;
            cur = parentOf.get(cur);
        }
        return d;
    }

    private static TopoNode.Role roleOf(PciFunction f, TopoNode.Role parentRole) {
        PortType t = f.portType();
        if (t != null) {
            switch (t) {
                case ROOT_PORT: return TopoNode.Role.ROOT_PORT;
                case UPSTREAM_PORT: return TopoNode.Role.SWITCH_UPSTREAM;
                case DOWNSTREAM_PORT: return TopoNode.Role.SWITCH_DOWNSTREAM;
                case PCIE_TO_PCI_BRIDGE: case PCI_TO_PCIE_BRIDGE: return TopoNode.Role.PCI_BRIDGE;
                case RC_INTEGRATED_ENDPOINT: case RC_EVENT_COLLECTOR: return TopoNode.Role.INTEGRATED;
                case ENDPOINT: case LEGACY_ENDPOINT: return TopoNode.Role.ENDPOINT;
                default: break;
            }
        }
        if (DeviceKind.of(f) == DeviceKind.HOST_BRIDGE) return TopoNode.Role.HOST_BRIDGE;
        if (f.busRange() == null) return t == null && parentRole == null ? TopoNode.Role.OTHER : TopoNode.Role.ENDPOINT;
        // a bridge whose Express capability we cannot see: infer from where it sits
        if (parentRole == null) return TopoNode.Role.ROOT_PORT;
        return switch (parentRole) {
            case ROOT_PORT, SWITCH_DOWNSTREAM -> TopoNode.Role.SWITCH_UPSTREAM;
            case SWITCH_UPSTREAM -> TopoNode.Role.SWITCH_DOWNSTREAM;
            default -> TopoNode.Role.PCI_BRIDGE;
        };
    }

    private static PciFunction lowestFunctionOfDevice(Map<Bdf, PciFunction> functions, Bdf bdf) {
        for (int fn = 0; fn < bdf.function(); fn++) {
            PciFunction f = functions.get(bdf.withFunction(fn));
            if (f != null) return f;
        }
        return functions.get(bdf);
    }

    /**
     * The hop facts between a downstream-facing port and the device below it: each end's own link as {@link OwnLink}
     * reads it; the trained state from the port (authoritative), else from the device (docs/RULES.md §1).
     */
    static Link makeLink(PciFunction port, PciFunction device) {
        LinkState portCap = OwnLink.capable(port);
        LinkState devCap = OwnLink.capable(device);
        LinkState capable = LinkState.min(portCap, devCap);
        LinkState trained;
        Link.Source from;
        LinkState portSta = OwnLink.trained(port);
        LinkState devTrained = OwnLink.trained(device);
        if (portSta != null) {
            trained = portSta;
            from = "LnkSta".equals(OwnLink.trainedSource(port)) ? Link.Source.PORT_REGISTERS : Link.Source.SYSFS;
        } else if (devTrained != null) {
            // the port's LnkSta is absent, or its speed code is one the lspci could not decode while the device's is fine
            trained = devTrained;
            from = "LnkSta".equals(OwnLink.trainedSource(device)) ? Link.Source.DEVICE_REGISTERS : Link.Source.SYSFS;
        } else if (OwnLink.lnkStaAsPrinted(port) != null) {
            trained = OwnLink.lnkStaAsPrinted(port);
            from = Link.Source.PORT_REGISTERS;
        } else if (OwnLink.lnkStaAsPrinted(device) != null) {
            trained = OwnLink.lnkStaAsPrinted(device);
            from = Link.Source.DEVICE_REGISTERS;
        } else {
            trained = null;
            from = Link.Source.NONE;
        }
        LinkSpeed target = port.express() == null ? null : port.express().targetSpeed();
        return new Link(port, device, portCap, devCap, capable, trained, target, from, OwnLink.lnkStaAsPrinted(device));
    }

    private static long key(int domain, int bus) {
        return ((long) domain << 8) | bus;
    }

    private static String hex2(int v) {
        return String.format(java.util.Locale.ROOT, "%02x", v);
    }

    private static String src(PciFunction f) {
        return f.source() == null ? "(capture)" : f.source().file();
    }

    private static int line(PciFunction f) {
        return f.source() == null ? 0 : f.source().line();
    }
}
