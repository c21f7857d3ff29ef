package dev.lanescope.layout;

import java.util.List;

/**
 * What the layout engine needs: boxes with sizes and the edges between them, in a fixed order.
 * The order is part of the input on purpose: the same order gives the same picture.
 */
public record LayoutGraph(List<Box> boxes, List<Edge> edges) {

    public LayoutGraph {
        boxes = List.copyOf(boxes);
        edges = List.copyOf(edges);
    }

    /** A node to place, with its size in pixels. */
    public record Box(String id, double width, double height) {
    }

    /** An edge from parent to child; {@code labelWidth}/{@code labelHeight} reserve room for its label (0 for none). */
    public record Edge(String id, String source, String target, double labelWidth, double labelHeight) {
    }
}
