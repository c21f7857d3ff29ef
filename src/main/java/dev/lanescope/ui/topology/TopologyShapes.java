package dev.lanescope.ui.topology;

import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

import javafx.event.EventHandler;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Polyline;

import dev.lanescope.layout.LayoutResult;
import dev.lanescope.layout.TopologyLayouts;

/**
 * The shapes {@link TopologyView} places where the layout put them: a box per function or group (address, badge,
 * name, link), an edge polyline and its link label. Their state (colours, selection) is set by the view alone.
 */
final class TopologyShapes {

    private TopologyShapes() {
    }

    static Polyline edge(LayoutResult.PlacedEdge pe) {
        Polyline line = new Polyline();
        for (LayoutResult.Point p : pe.points()) line.getPoints().addAll(p.x(), p.y());
        line.getStyleClass().add("topo-edge");
        line.setMouseTransparent(true);
        return line;
    }

    /** The link label of an edge, or null when it has none. */
    static Label edgeLabel(LayoutResult.PlacedEdge pe, TopologyLayouts.EdgeView ev) {
        if (ev == null || ev.label().isEmpty() || pe.points().size() < 2) return null;
        Label l = new Label(ev.label());
        l.getStyleClass().add("edge-label");
        LayoutResult.Point at = labelPoint(pe);
        l.relocate(at.x(), at.y());
        l.setMouseTransparent(true);
        return l;
    }

    /**
     * Where a link label goes: beside the last vertical run of the edge (the part that belongs to this child
     * alone, below the shared bus line), so sibling labels never sit on each other's lines.
     */
    static LayoutResult.Point labelPoint(LayoutResult.PlacedEdge pe) {
        List<LayoutResult.Point> pts = pe.points();
        LayoutResult.Point end = pts.get(pts.size() - 1);
        LayoutResult.Point before = pts.get(pts.size() - 2);
        double top = Math.min(before.y(), end.y());
        double mid = (top + end.y()) / 2;
        return new LayoutResult.Point(end.x() + 4, mid - 8);
    }

    /** A box: a click selects it ({@code click} gets its id), a double-click opens or folds its group. */
    static VBox box(TopologyLayouts.NodeView nv, Consumer<String> click, Consumer<String> toggleGroup) {
        Label title = new Label(nv.title());
        title.getStyleClass().add("node-bdf");
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        Label badge = new Label(nv.badge());
        badge.getStyleClass().addAll("badge", "badge-" + nv.badge().replaceAll("[^A-Za-z]", "").toLowerCase(Locale.ROOT));
        HBox top = new HBox(6, title, gap, badge);
        Label name = new Label(nv.name());
        name.getStyleClass().add("node-name");
        VBox box = new VBox(4, top, name);
        if (!nv.link().isEmpty()) {
            Label link = new Label(nv.link());
            link.getStyleClass().add("node-link");
            box.getChildren().add(link);
        }
        box.getStyleClass().addAll("topo-node", "kind-" + nv.kind().name().toLowerCase(Locale.ROOT));
        box.setId("node-" + nv.id().replaceAll("[^A-Za-z0-9]", "_"));
        box.setUserData(nv.id());
        box.pseudoClassStateChanged(TopologyView.GROUP, nv.kind() == TopologyLayouts.Kind.GROUP
                || nv.kind() == TopologyLayouts.Kind.FOLD);
        box.pseudoClassStateChanged(TopologyView.GPU, "GPU".equals(nv.badge()));
        installTooltipOnFirstHover(box, nv);
        box.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2 && nv.groupKey() != null) toggleGroup.accept(nv.groupKey());
            else click.accept(nv.id());
            e.consume();
        });
        return box;
    }

    /**
     * The box's tooltip, made when the pointer first enters the box: a tooltip is a window of its own, and making one
     * per box up front cost an exported picture a sixth of a second (docs/bench/cli.md) and a large machine's window
     * more, for tooltips a picture never shows.
     */
    private static void installTooltipOnFirstHover(VBox box, TopologyLayouts.NodeView nv) {
        box.addEventHandler(MouseEvent.MOUSE_ENTERED, new EventHandler<>() {
            @Override
            public void handle(MouseEvent e) {
                box.removeEventHandler(MouseEvent.MOUSE_ENTERED, this);
                Tooltip.install(box, new Tooltip(tooltip(nv)));
            }
        });
    }

    static String tooltip(TopologyLayouts.NodeView nv) {
        return nv.title() + "\n" + nv.name() + (nv.groupKey() == null ? ""
                : nv.kind() == TopologyLayouts.Kind.FOLD ? "\nDouble-click to show these " + nv.count() + " functions"
                : nv.kind() == TopologyLayouts.Kind.GROUP ? "\nDouble-click to expand these " + nv.count()
                : "\nDouble-click to fold identical siblings");
    }
}
