package dev.lanescope.model;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.jgrapht.Graph;
import org.jgrapht.GraphPath;
import org.jgrapht.Graphs;
import org.jgrapht.alg.interfaces.LowestCommonAncestorAlgorithm;
import org.jgrapht.alg.lca.EulerTourRMQLCAFinder;
import org.jgrapht.graph.AsUnmodifiableGraph;
import org.jgrapht.graph.GraphWalk;

/**
 * The PCIe topology of one capture: a JGraphT directed forest from root complexes through root ports and
 * switch ports to endpoints. Hand-out views are unmodifiable. Built by {@link TopologyBuilder}.
 */
public final class Topology {

    private final Capture capture;
    private final Graph<TopoNode, TopoEdge> graph;
    private final Map<Bdf, TopoNode.FunctionNode> byBdf;
    private final List<TopoNode.RootComplex> roots;
    private final List<Problem> problems;
    private LowestCommonAncestorAlgorithm<TopoNode> lca;

    Topology(Capture capture, Graph<TopoNode, TopoEdge> graph, Map<Bdf, TopoNode.FunctionNode> byBdf,
             List<TopoNode.RootComplex> roots, List<Problem> problems) {
        this.capture = capture;
        this.graph = new AsUnmodifiableGraph<>(graph);
        this.byBdf = Collections.unmodifiableMap(new LinkedHashMap<>(byBdf));
        this.roots = List.copyOf(roots);
        this.problems = List.copyOf(problems);
    }

    public Capture capture() {
        return capture;
    }

    /** True when the capture spans more than one PCI domain (an Arm server, a VMD controller, a big host). */
    public boolean multiDomain() {
        return roots.stream().map(TopoNode.RootComplex::domain).distinct().count() > 1
                || byBdf.keySet().stream().map(Bdf::domain).distinct().count() > 1;
    }

    /** An address as users read it: {@code BB:DD.F} on a one-domain capture, the full {@code DDDD:BB:DD.F} otherwise. */
    public String address(Bdf bdf) {
        return multiDomain() ? bdf.toString() : bdf.shortForm();
    }

    /** The graph, unmodifiable. */
    public Graph<TopoNode, TopoEdge> graph() {
        return graph;
    }

    public List<TopoNode.RootComplex> rootComplexes() {
        return roots;
    }

    /** Reading problems of the capture plus those met while building the graph. */
    public List<Problem> problems() {
        return problems;
    }

    /** Function nodes in address order. */
    public List<TopoNode.FunctionNode> functions() {
        return List.copyOf(byBdf.values());
    }

    public Optional<TopoNode.FunctionNode> node(Bdf bdf) {
        return Optional.ofNullable(byBdf.get(bdf));
    }

    public Optional<PciFunction> function(Bdf bdf) {
        return node(bdf).map(TopoNode.FunctionNode::function);
    }

    /** The parent of a node, or empty for a root complex. */
    public Optional<TopoNode> parent(TopoNode node) {
        List<TopoNode> preds = Graphs.predecessorListOf(graph, node);
        return preds.isEmpty() ? Optional.empty() : Optional.of(preds.get(0));
    }

    /** The edge that leads into a node from its parent, or empty for a root complex. */
    public Optional<TopoEdge> incomingEdge(TopoNode node) {
        Set<TopoEdge> in = graph.incomingEdgesOf(node);
        return in.isEmpty() ? Optional.empty() : Optional.of(in.iterator().next());
    }

    public List<TopoNode> children(TopoNode node) {
        List<TopoNode> kids = Graphs.successorListOf(graph, node);
        kids.sort(Comparator.comparing(TopoNode::id));
        return kids;
    }

    /** The path from the node's root complex down to the node, as a JGraphT path. */
    public GraphPath<TopoNode, TopoEdge> pathFromRoot(TopoNode node) {
        List<TopoEdge> edges = new ArrayList<>();
        TopoNode cur = node;
        Optional<TopoEdge> in;
        while ((in = incomingEdge(cur)).isPresent()) {
            edges.add(in.get());
            cur = graph.getEdgeSource(in.get());
        }
        Collections.reverse(edges);
        return new GraphWalk<>(graph, cur, node, edges, edges.size());
    }

    /**
     * The function nodes above a node, nearest first, up to its root port or the function on its root bus (the root
     * complex is not a function): the walk the kernel's pci_upstream_bridge() makes. Read off {@link #pathFromRoot}.
     */
    public List<TopoNode.FunctionNode> ancestors(TopoNode node) {
        List<TopoNode> path = pathFromRoot(node).getVertexList();
        List<TopoNode.FunctionNode> out = new ArrayList<>(path.size());
        for (int i = path.size() - 2; i >= 0; i--) {
            if (path.get(i) instanceof TopoNode.FunctionNode f) out.add(f);
        }
        return out;
    }

    /**
     * Every function node below a node (not the node itself), depth first in address order: the order `lspci -tv`
     * prints the tree in.
     */
    public List<TopoNode.FunctionNode> descendants(TopoNode node) {
        List<TopoNode.FunctionNode> out = new ArrayList<>();
        Deque<TopoNode> todo = new ArrayDeque<>();
        List<TopoNode> kids = children(node);
        for (int i = kids.size() - 1; i >= 0; i--) todo.push(kids.get(i));
        while (!todo.isEmpty()) {
            TopoNode n = todo.pop();
            if (n instanceof TopoNode.FunctionNode f) out.add(f);
            List<TopoNode> below = children(n);
            for (int i = below.size() - 1; i >= 0; i--) todo.push(below.get(i));
        }
        return out;
    }

    /** LINK edges from the node up to its root complex, nearest first (device end first, as the kernel walks). */
    public List<Link> linksUpward(TopoNode node) {
        List<TopoEdge> edges = new ArrayList<>(pathFromRoot(node).getEdgeList());
        Collections.reverse(edges);
        return edges.stream().filter(TopoEdge::isLink).map(TopoEdge::link).collect(Collectors.toList());
    }

    /** Every LINK edge in port order. */
    public List<Link> links() {
        return graph.edgeSet().stream().filter(TopoEdge::isLink).map(TopoEdge::link)
                .distinct()
                .sorted(Comparator.comparing((Link l) -> l.port().bdf()).thenComparing(l -> l.device().bdf()))
                .collect(Collectors.toList());
    }

    /** The root complex a node hangs from. */
    public TopoNode.RootComplex rootOf(TopoNode node) {
        return (TopoNode.RootComplex) pathFromRoot(node).getStartVertex();
    }

    /** Lowest common ancestor of two nodes in the same root complex; empty across root complexes. */
    public Optional<TopoNode> lowestCommonAncestor(TopoNode a, TopoNode b) {
        if (!rootOf(a).equals(rootOf(b))) return Optional.empty();
        if (lca == null) {
            lca = new EulerTourRMQLCAFinder<>(graph, Set.copyOf(roots));
        }
        return Optional.ofNullable(lca.getLCA(a, b));
    }
}
