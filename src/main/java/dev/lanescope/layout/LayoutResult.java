package dev.lanescope.layout;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Where every box and edge goes. Pure data: the window and the PNG exporter both render it. */
public record LayoutResult(double width, double height, List<PlacedBox> boxes, List<PlacedEdge> edges) {

    public LayoutResult {
        boxes = List.copyOf(boxes);
        edges = List.copyOf(edges);
    }

    public record Point(double x, double y) {
    }

    public record PlacedBox(String id, double x, double y, double width, double height) {
        public double centerX() {
            return x + width / 2;
        }
    }

    /** The route of an edge from source to target, bend points included, and where its label sits. */
    public record PlacedEdge(String id, String source, String target, List<Point> points, Point label) {
        public PlacedEdge {
            points = List.copyOf(points);
        }
    }

    public Map<String, PlacedBox> boxesById() {
        return boxes.stream().collect(Collectors.toMap(PlacedBox::id, Function.identity()));
    }
}
