package dev.lanescope.layout;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.elk.alg.layered.options.LayeredOptions;
import org.eclipse.elk.core.RecursiveGraphLayoutEngine;
import org.eclipse.elk.core.options.CoreOptions;
import org.eclipse.elk.core.options.Direction;
import org.eclipse.elk.core.options.EdgeRouting;
import org.eclipse.elk.core.options.EdgeLabelPlacement;
import org.eclipse.elk.core.util.BasicProgressMonitor;
import org.eclipse.elk.graph.ElkBendPoint;
import org.eclipse.elk.graph.ElkEdge;
import org.eclipse.elk.graph.ElkEdgeSection;
import org.eclipse.elk.graph.ElkLabel;
import org.eclipse.elk.graph.ElkNode;
import org.eclipse.elk.graph.util.ElkGraphUtil;

/**
 * Lays a {@link LayoutGraph} out top-down with Eclipse ELK's layered (Sugiyama) algorithm and orthogonal
 * edges. Deterministic: a fixed random seed and the input order decide everything.
 */
public final class ElkLayout {

    private static final double NODE_GAP = 28;
    private static final double LAYER_GAP = 46;
    private static final double PADDING = 20;

    private ElkLayout() {
    }

    public static LayoutResult layout(LayoutGraph input) {
        ElkNode root = configuredRoot();
        Map<String, ElkNode> nodes = new HashMap<>();
        for (LayoutGraph.Box b : input.boxes()) {
            ElkNode n = ElkGraphUtil.createNode(root);
            n.setIdentifier(b.id());
            n.setDimensions(b.width(), b.height());
            nodes.put(b.id(), n);
        }
        List<ElkEdge> edges = new ArrayList<>();
        for (LayoutGraph.Edge e : input.edges()) {
            ElkNode s = nodes.get(e.source());
            ElkNode t = nodes.get(e.target());
            if (s == null || t == null) {
                throw new IllegalArgumentException("edge " + e.id() + " names a box that is not in the graph");
            }
            ElkEdge edge = ElkGraphUtil.createSimpleEdge(s, t);
            edge.setIdentifier(e.id());
            if (e.labelWidth() > 0) {
                ElkLabel label = ElkGraphUtil.createLabel(edge);
                label.setDimensions(e.labelWidth(), e.labelHeight());
                label.setProperty(CoreOptions.EDGE_LABELS_PLACEMENT, EdgeLabelPlacement.CENTER);
            }
            edges.add(edge);
        }
        new RecursiveGraphLayoutEngine().layout(root, new BasicProgressMonitor());

        List<LayoutResult.PlacedBox> boxes = new ArrayList<>();
        for (LayoutGraph.Box b : input.boxes()) {
            ElkNode n = nodes.get(b.id());
            boxes.add(new LayoutResult.PlacedBox(b.id(), n.getX(), n.getY(), n.getWidth(), n.getHeight()));
        }
        List<LayoutResult.PlacedEdge> placed = new ArrayList<>();
        for (int i = 0; i < edges.size(); i++) placed.add(placed(edges.get(i), input.edges().get(i), nodes));
        return new LayoutResult(root.getWidth(), root.getHeight(), boxes, placed);
    }

    /** The layered, top-down, orthogonal layout of a tree in depth-first address order, always the same. */
    private static ElkNode configuredRoot() {
        ElkNode root = ElkGraphUtil.createGraph();
        root.setProperty(CoreOptions.ALGORITHM, LayeredOptions.ALGORITHM_ID);
        root.setProperty(CoreOptions.DIRECTION, Direction.DOWN);
        root.setProperty(CoreOptions.EDGE_ROUTING, EdgeRouting.ORTHOGONAL);
        root.setProperty(CoreOptions.RANDOM_SEED, 1);
        root.setProperty(CoreOptions.SPACING_NODE_NODE, NODE_GAP);
        root.setProperty(LayeredOptions.SPACING_NODE_NODE_BETWEEN_LAYERS, LAYER_GAP);
        root.setProperty(LayeredOptions.SPACING_EDGE_NODE_BETWEEN_LAYERS, 12.0);
        root.setProperty(CoreOptions.PADDING, new org.eclipse.elk.core.math.ElkPadding(PADDING));
        root.setProperty(LayeredOptions.CONSIDER_MODEL_ORDER_STRATEGY,
                org.eclipse.elk.alg.layered.options.OrderingStrategy.NONE);
        root.setProperty(LayeredOptions.NODE_PLACEMENT_STRATEGY,
                org.eclipse.elk.alg.layered.options.NodePlacementStrategy.BRANDES_KOEPF);
        root.setProperty(CoreOptions.SEPARATE_CONNECTED_COMPONENTS, true);
        // the input is a tree in depth-first address order: that order already has no crossings, so keep it
        root.setProperty(LayeredOptions.CROSSING_MINIMIZATION_STRATEGY,
                org.eclipse.elk.alg.layered.options.CrossingMinimizationStrategy.NONE);
        root.setProperty(LayeredOptions.THOROUGHNESS, 1);
        // a tree: each box's layer is its depth, which is what the longest path from the sources gives
        root.setProperty(LayeredOptions.LAYERING_STRATEGY,
                org.eclipse.elk.alg.layered.options.LayeringStrategy.LONGEST_PATH_SOURCE);
        return root;
    }

    /** An edge as laid out: its route (straight down when ELK gave no section) and its label's place. */
    private static LayoutResult.PlacedEdge placed(ElkEdge edge, LayoutGraph.Edge e, Map<String, ElkNode> nodes) {
        List<LayoutResult.Point> pts = new ArrayList<>();
        if (!edge.getSections().isEmpty()) {
            ElkEdgeSection sec = edge.getSections().get(0);
            pts.add(new LayoutResult.Point(sec.getStartX(), sec.getStartY()));
            for (ElkBendPoint bp : sec.getBendPoints()) pts.add(new LayoutResult.Point(bp.getX(), bp.getY()));
            pts.add(new LayoutResult.Point(sec.getEndX(), sec.getEndY()));
        } else {
            ElkNode s = nodes.get(e.source());
            ElkNode t = nodes.get(e.target());
            pts.add(new LayoutResult.Point(s.getX() + s.getWidth() / 2, s.getY() + s.getHeight()));
            pts.add(new LayoutResult.Point(t.getX() + t.getWidth() / 2, t.getY()));
        }
        LayoutResult.Point label = null;
        if (!edge.getLabels().isEmpty()) {
            ElkLabel l = edge.getLabels().get(0);
            label = new LayoutResult.Point(l.getX(), l.getY());
        }
        return new LayoutResult.PlacedEdge(e.id(), e.source(), e.target(), pts, label);
    }

    /**
     * Lays each graph out on its own (a root complex and what hangs below it) and stands them side by side in
     * the given order, left to right, wrapped into rows (tops aligned). The row width is the one that lets the
     * whole picture fit a screen of width/height {@code aspect} at the largest zoom, so a two-socket server
     * becomes two or three readable rows, never a staircase.
     */
    public static LayoutResult layoutRows(List<LayoutGraph> graphs, double aspect) {
        List<LayoutResult> parts = new ArrayList<>();
        for (LayoutGraph g : graphs) parts.add(layout(g));
        if (parts.size() == 1) return parts.get(0);
        double widest = 0;
        double total = 0;
        for (LayoutResult r : parts) {
            widest = Math.max(widest, r.width());
            total += r.width();
        }
        double bestWidth = total;
        double bestZoom = -1;
        double prefix = 0;
        for (LayoutResult r : parts) {
            prefix += r.width();
            double rowWidth = Math.max(widest, prefix);
            double[] size = pack(parts, rowWidth, null);
            double zoom = Math.min(aspect / size[0], 1 / size[1]);
            if (zoom > bestZoom + 1e-12) {
                bestZoom = zoom;
                bestWidth = rowWidth;
            }
        }
        List<LayoutResult.PlacedBox> boxes = new ArrayList<>();
        List<LayoutResult.PlacedEdge> edges = new ArrayList<>();
        double[] size = pack(parts, bestWidth, (r, at) -> {
            for (LayoutResult.PlacedBox b : r.boxes()) {
                boxes.add(new LayoutResult.PlacedBox(b.id(), b.x() + at.x(), b.y() + at.y(), b.width(), b.height()));
            }
            for (LayoutResult.PlacedEdge e : r.edges()) {
                List<LayoutResult.Point> pts = new ArrayList<>();
                for (LayoutResult.Point p : e.points()) pts.add(new LayoutResult.Point(p.x() + at.x(), p.y() + at.y()));
                LayoutResult.Point l = e.label() == null ? null
                        : new LayoutResult.Point(e.label().x() + at.x(), e.label().y() + at.y());
                edges.add(new LayoutResult.PlacedEdge(e.id(), e.source(), e.target(), pts, l));
            }
        });
        return new LayoutResult(size[0], size[1], boxes, edges);
    }

    /** Greedy rows no wider than {@code rowWidth}; reports each part's offset; returns the total width and height. */
    private static double[] pack(List<LayoutResult> parts, double rowWidth,
                                 java.util.function.BiConsumer<LayoutResult, LayoutResult.Point> place) {
        double x = 0;
        double y = 0;
        double rowHeight = 0;
        double width = 0;
        for (LayoutResult r : parts) {
            if (x > 0 && x + r.width() > rowWidth + 0.5) {
                y += rowHeight;
                x = 0;
                rowHeight = 0;
            }
            if (place != null) place.accept(r, new LayoutResult.Point(x, y));
            x += r.width();
            width = Math.max(width, x);
            rowHeight = Math.max(rowHeight, r.height());
        }
        return new double[] {width, y + rowHeight};
    }
}
