package dev.lanescope.ui.topology;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import javafx.application.Platform;
import javafx.css.PseudoClass;
import javafx.geometry.Bounds;
import javafx.geometry.Orientation;
import javafx.scene.Group;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollBar;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Polyline;
import javafx.scene.shape.Rectangle;
import javafx.scene.transform.Scale;
import javafx.scene.transform.Translate;

import dev.lanescope.layout.LayoutResult;
import dev.lanescope.layout.TopologyLayouts;

/**
 * Draws a {@link TopologyLayouts.Picture}: boxes and orthogonal edge polylines exactly where the layout put
 * them; no geometry of its own. State (verdict colours, selection, path, search) arrives as ids and tokens and
 * becomes pseudo-classes in {@link #applyState}. Zoom with the wheel, pan by dragging, {@link #fit()}.
 */
public final class TopologyView extends Region {

    public static final PseudoClass SELECTED = PseudoClass.getPseudoClass("selected");
    public static final PseudoClass ON_PATH = PseudoClass.getPseudoClass("on-path");
    public static final PseudoClass CANDIDATE = PseudoClass.getPseudoClass("candidate");
    public static final PseudoClass DIMMED = PseudoClass.getPseudoClass("dimmed");
    public static final PseudoClass GROUP = PseudoClass.getPseudoClass("group");
    public static final PseudoClass GPU = PseudoClass.getPseudoClass("gpu");
    public static final PseudoClass BREAKS = PseudoClass.getPseudoClass("breaks");
    static final List<String> EDGE_KEYS = List.of("ok", "idle", "capped", "degraded", "narrow", "down", "tunnel",
            "unknown", "plain", "routes", "blocks", "noroute", "na");
    private static final Map<String, PseudoClass> EDGE_PSEUDO = new HashMap<>();

    static {
        for (String k : EDGE_KEYS) EDGE_PSEUDO.put(k, PseudoClass.getPseudoClass(k));
    }

    private final Pane content = new Pane();
    private final Group world = new Group(content);
    private final Scale scale = new Scale(1, 1, 0, 0);
    private final Translate translate = new Translate();
    private final Map<String, VBox> boxes = new HashMap<>();
    private final Map<String, Polyline> edges = new HashMap<>();
    private final Map<String, Label> edgeLabels = new HashMap<>();
    private TopologyLayouts.Picture picture;
    private Consumer<String> onClick = id -> { };
    private Consumer<String> onToggleGroup = key -> { };
    private double dragX;
    private double dragY;
    private boolean interactive;
    /** The scroll bars: the window's only (made by {@link #makeInteractive}), never an exported picture's. */
    private ScrollBar hbar;
    private ScrollBar vbar;
    private boolean updatingBars;

    public TopologyView() {
        getStyleClass().add("topology-view");
        content.getStyleClass().add("topology-content");
        world.getTransforms().addAll(translate, scale);
        getChildren().add(world);
        setPrefSize(400, 300);
        setMinSize(0, 0);
        Rectangle clip = new Rectangle();
        clip.widthProperty().bind(widthProperty());
        clip.heightProperty().bind(heightProperty());
        setClip(clip);
    }

    /** The scroll bars, following the picture's offset and zoom and panning it when dragged. */
    private void addScrollBars() {
        hbar = new ScrollBar();
        vbar = new ScrollBar();
        hbar.setOrientation(Orientation.HORIZONTAL);
        vbar.setOrientation(Orientation.VERTICAL);
        for (ScrollBar bar : List.of(hbar, vbar)) {
            bar.getStyleClass().add("topology-scroll");
            bar.setManaged(false);
            bar.setVisible(false);
        }
        getChildren().addAll(hbar, vbar);
        hbar.valueProperty().addListener((o, a, b) -> {
            if (!updatingBars) translate.setX(-b.doubleValue());
        });
        vbar.valueProperty().addListener((o, a, b) -> {
            if (!updatingBars) translate.setY(-b.doubleValue());
        });
        javafx.beans.InvalidationListener moved = o -> updateScrollBars();
        translate.xProperty().addListener(moved);
        translate.yProperty().addListener(moved);
        scale.xProperty().addListener(moved);
        widthProperty().addListener(moved);
        heightProperty().addListener(moved);
        updateScrollBars();
    }

    /**
     * Scroll bars show that part of the picture lies off screen (and how much, and where); they appear only
     * then, and dragging them pans.
     */
    private void updateScrollBars() {
        if (updatingBars || hbar == null) return;
        updatingBars = true;
        try {
            double z = scale.getX();
            boolean h = picture != null && bar(hbar, translate.getX(), picture.layout().width() * z, getWidth());
            boolean v = picture != null && bar(vbar, translate.getY(), picture.layout().height() * z, getHeight());
            hbar.setVisible(h);
            vbar.setVisible(v);
        } finally {
            updatingBars = false;
        }
    }

    /** Sets one bar from the picture's offset and size against the view; true when something lies outside. */
    private static boolean bar(ScrollBar bar, double offset, double size, double view) {
        boolean outside = offset < -0.5 || offset + size > view + 0.5;
        if (!outside) return false;
        double min = Math.min(0, -offset);
        double max = Math.max(Math.max(0, size - view), -offset);
        bar.setMin(min);
        bar.setMax(max);
        bar.setVisibleAmount(Math.max(1, (max - min) * view / Math.max(size, view)));
        bar.setValue(-offset);
        return true;
    }

    /** True when part of the picture lies outside the view (the scroll bars show). */
    public boolean hasOffscreen() {
        return hbar != null && (hbar.isVisible() || vbar.isVisible());
    }

    /** Mouse and keyboard handling for the window (a PNG export view stays passive). */
    public void makeInteractive() {
        if (interactive) return;
        interactive = true;
        addScrollBars();
        setFocusTraversable(true);
        setOnScroll(e -> {
            double f = e.getDeltaY() > 0 ? 1.15 : 1 / 1.15;
            zoomAt(f, e.getX(), e.getY());
            e.consume();
        });
        setOnMousePressed(e -> {
            dragX = e.getX() - translate.getX();
            dragY = e.getY() - translate.getY();
            requestFocus();
        });
        setOnMouseDragged(e -> {
            translate.setX(e.getX() - dragX);
            translate.setY(e.getY() - dragY);
        });
    }

    public void setOnNodeClicked(Consumer<String> c) {
        this.onClick = c;
    }

    public void setOnToggleGroup(Consumer<String> c) {
        this.onToggleGroup = c;
    }

    public TopologyLayouts.Picture getPicture() {
        return picture;
    }

    /** Rebuilds the drawing for a new picture. */
    public void setPicture(TopologyLayouts.Picture picture) {
        this.picture = picture;
        content.getChildren().clear();
        boxes.clear();
        edges.clear();
        edgeLabels.clear();
        if (picture == null) return;
        LayoutResult r = picture.layout();
        content.setPrefSize(r.width(), r.height());
        content.setMinSize(r.width(), r.height());
        content.setMaxSize(r.width(), r.height());
        Platform.runLater(this::updateScrollBars);
        for (LayoutResult.PlacedEdge pe : r.edges()) {
            Polyline line = TopologyShapes.edge(pe);
            edges.put(pe.id(), line);
            content.getChildren().add(line);
        }
        for (LayoutResult.PlacedEdge pe : r.edges()) {
            Label l = TopologyShapes.edgeLabel(pe, picture.edges().get(pe.id()));
            if (l == null) continue;
            edgeLabels.put(pe.id(), l);
            content.getChildren().add(l);
        }
        for (LayoutResult.PlacedBox pb : r.boxes()) {
            VBox box = TopologyShapes.box(picture.nodes().get(pb.id()), id -> onClick.accept(id),
                    key -> onToggleGroup.accept(key));
            box.relocate(pb.x(), pb.y());
            box.setPrefSize(pb.width(), pb.height());
            box.resize(pb.width(), pb.height());
            boxes.put(pb.id(), box);
            content.getChildren().add(box);
        }
    }

    /**
     * Applies state as pseudo-classes, the one place they are set: edge colour tokens, the selected box, the
     * highlighted path, the candidate slot's path, and which boxes match the search (the rest are dimmed).
     */
    public void applyState(Map<String, String> edgeKeys, String selectedId, Set<String> path, Set<String> candidate,
                           Set<String> matches, Set<String> breaks) {
        for (Map.Entry<String, Polyline> e : edges.entrySet()) {
            String key = edgeKeys.getOrDefault(e.getKey(), "plain");
            setEdgeKey(e.getValue(), key);
            e.getValue().pseudoClassStateChanged(ON_PATH, path.contains(e.getKey()));
            e.getValue().pseudoClassStateChanged(CANDIDATE, candidate.contains(e.getKey()));
            Label l = edgeLabels.get(e.getKey());
            if (l != null) {
                setEdgeKey(l, key);
                l.pseudoClassStateChanged(ON_PATH, path.contains(e.getKey()));
            }
        }
        for (Map.Entry<String, VBox> b : boxes.entrySet()) {
            VBox box = b.getValue();
            box.pseudoClassStateChanged(SELECTED, b.getKey().equals(selectedId));
            box.pseudoClassStateChanged(ON_PATH, path.contains(b.getKey()));
            box.pseudoClassStateChanged(CANDIDATE, candidate.contains(b.getKey()));
            box.pseudoClassStateChanged(DIMMED, !matches.contains(b.getKey()));
            box.pseudoClassStateChanged(BREAKS, breaks.contains(b.getKey()));
        }
    }

    private static void setEdgeKey(javafx.scene.Node n, String key) {
        for (Map.Entry<String, PseudoClass> p : EDGE_PSEUDO.entrySet()) {
            n.pseudoClassStateChanged(p.getValue(), p.getKey().equals(key));
        }
    }

    public VBox boxNode(String id) {
        return boxes.get(id);
    }

    public Polyline edgeNode(String id) {
        return edges.get(id);
    }

    /** The drawing at scale 1 (for export). */
    public Pane content() {
        return content;
    }

    public double getZoom() {
        return scale.getX();
    }

    public void zoomAt(double factor, double x, double y) {
        double z = Math.max(0.1, Math.min(4, scale.getX() * factor));
        double f = z / scale.getX();
        translate.setX(x - (x - translate.getX()) * f);
        translate.setY(y - (y - translate.getY()) * f);
        scale.setX(z);
        scale.setY(z);
    }

    public void zoom(double factor) {
        zoomAt(factor, getWidth() / 2, getHeight() / 2);
    }

    /**
     * Scales the whole picture into the view and centres it: Fit always shows every box (never above 100 %).
     * What is too small to read there is the reason the window opens large machines on the selected card's
     * path with the rest folded, not a reason for Fit to leave boxes outside.
     */
    public void fit() {
        if (picture == null || getWidth() <= 0 || getHeight() <= 0) return;
        double vw = getWidth();
        double vh = getHeight();
        double w = picture.layout().width();
        double h = picture.layout().height();
        double z = Math.min(1.0, Math.min(vw / w, vh / h));
        scale.setX(z);
        scale.setY(z);
        translate.setX((vw - w * z) / 2);
        translate.setY(Math.min(8, (vh - h * z) / 2));
        updateScrollBars();
    }

    /**
     * Shows these boxes together: at the largest zoom (at most 100 %, at least {@code minZoom}) that holds
     * them all, centred on them; when even {@code minZoom} cannot, the first of them (the card the picture is
     * about) is kept in view.
     */
    public void showBoxes(List<String> ids, double minZoom) {
        double minX = Double.MAX_VALUE;
        double minY = Double.MAX_VALUE;
        double maxX = -Double.MAX_VALUE;
        double maxY = -Double.MAX_VALUE;
        for (String id : ids) {
            VBox b = boxes.get(id);
            if (b == null) continue;
            minX = Math.min(minX, b.getLayoutX());
            minY = Math.min(minY, b.getLayoutY());
            maxX = Math.max(maxX, b.getLayoutX() + b.getPrefWidth());
            maxY = Math.max(maxY, b.getLayoutY() + b.getPrefHeight());
        }
        if (minX == Double.MAX_VALUE) {
            fit();
            return;
        }
        double pad = 16;
        double z = Math.min(1.0, Math.min(getWidth() / (maxX - minX + 2 * pad), getHeight() / (maxY + pad)));
        z = Math.max(minZoom, z);
        scale.setX(z);
        scale.setY(z);
        double tx = getWidth() / 2 - (minX + maxX) / 2 * z;
        double ty = Math.min(8, getHeight() - pad - maxY * z);
        VBox first = boxes.get(ids.get(0));
        if (first != null) { // the card itself stays in view
            double fx = first.getLayoutX() * z + tx;
            double fw = first.getPrefWidth() * z;
            if (fx < pad) tx += pad - fx;
            else if (fx + fw > getWidth() - pad) tx -= fx + fw - (getWidth() - pad);
        }
        translate.setX(tx);
        translate.setY(ty);
        updateScrollBars();
    }

    /** The zoom at which the whole picture fits the view (at most 1). */
    public double fitZoom() {
        if (picture == null || getWidth() <= 0 || getHeight() <= 0) return 1;
        return Math.min(1.0, Math.min(getWidth() / picture.layout().width(), getHeight() / picture.layout().height()));
    }

    /** Scrolls so the box is in the middle of the view. */
    public void reveal(String id) {
        VBox b = boxes.get(id);
        if (b == null) return;
        Bounds bb = b.getBoundsInParent();
        double z = scale.getX();
        double cx = (bb.getMinX() + bb.getWidth() / 2) * z;
        double cy = (bb.getMinY() + bb.getHeight() / 2) * z;
        if (cx + translate.getX() < 0 || cx + translate.getX() > getWidth()
                || cy + translate.getY() < 0 || cy + translate.getY() > getHeight()) {
            translate.setX(getWidth() / 2 - cx);
            translate.setY(getHeight() / 2 - cy);
        }
    }

    @Override
    protected void layoutChildren() {
        double t = 12;
        if (hbar != null) {
            hbar.resizeRelocate(0, getHeight() - t, Math.max(0, getWidth() - t), t);
            vbar.resizeRelocate(getWidth() - t, 0, t, Math.max(0, getHeight() - t));
        }
        content.autosize();
        for (Map.Entry<String, VBox> b : boxes.entrySet()) {
            VBox box = b.getValue();
            box.resize(box.getPrefWidth(), box.getPrefHeight());
        }
    }
}
