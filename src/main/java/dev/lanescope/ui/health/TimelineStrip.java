package dev.lanescope.ui.health;

import java.util.List;

import javafx.css.PseudoClass;
import javafx.scene.layout.Region;
import javafx.scene.shape.Line;
import javafx.scene.shape.Polyline;
import javafx.scene.text.Text;

import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;

/**
 * One hop's timeline: its link speed (upper band) and width (lower band) at every sample, as step lines, with what
 * both ends can do dashed behind them and the time along the bottom. Shapes, not a canvas, so the palette's CSS
 * colours them; the speed line takes the hop's verdict colour (the pseudo-class the picture's edges use).
 */
final class TimelineStrip extends Region {

    private static final double LABELS = 100;
    private static final double HEIGHT = 112;
    private final Polyline speed = new Polyline();
    private final Polyline width = new Polyline();
    private final Line speedCap = new Line();
    private final Line widthCap = new Line();
    private final Line axis = new Line();
    private final Text speedTop = text();
    private final Text speedBottom = text();
    private final Text widthTop = text();
    private final Text widthBottom = text();
    private final Text start = text();
    private final Text end = text();
    private WatchTimeline.Row row;

    TimelineStrip(WatchTimeline.Row row) {
        getStyleClass().add("timeline-strip");
        speed.getStyleClass().add("timeline-speed");
        width.getStyleClass().add("timeline-width");
        speedCap.getStyleClass().add("timeline-capable");
        widthCap.getStyleClass().add("timeline-capable");
        axis.getStyleClass().add("timeline-axis");
        getChildren().addAll(axis, speedCap, widthCap, speed, width, speedTop, speedBottom, widthTop, widthBottom,
                start, end);
        setMinHeight(HEIGHT);
        setPrefHeight(HEIGHT);
        setMaxHeight(HEIGHT);
        setPrefWidth(640);
        show(row);
    }

    private static Text text() {
        Text t = new Text();
        t.getStyleClass().add("timeline-label");
        return t;
    }

    void show(WatchTimeline.Row r) {
        this.row = r;
        if (r.colourKey() != null) speed.pseudoClassStateChanged(PseudoClass.getPseudoClass(r.colourKey()), true);
        requestLayout();
    }

    @Override
    protected void layoutChildren() {
        List<WatchTimeline.Point> pts = row.points();
        double w = getWidth();
        double x0 = LABELS;
        double x1 = Math.max(x0 + 20, w - 8);
        double sTop = 10;
        double sBottom = 42;
        double wTop = 62;
        double wBottom = 88;
        int maxGen = 2;
        int maxWidth = 2;
        for (WatchTimeline.Point p : pts) {
            maxGen = Math.max(maxGen, p.state().speed().generation());
            maxWidth = Math.max(maxWidth, p.state().width());
        }
        LinkState cap = row.capable();
        if (cap != null && cap.speed().isKnown()) maxGen = Math.max(maxGen, cap.speed().generation());
        if (cap != null) maxWidth = Math.max(maxWidth, cap.width());
        double tEnd = pts.isEmpty() ? 1 : Math.max(1, pts.get(pts.size() - 1).seconds());
        int topGen = maxGen;
        double topWidth = log2(maxWidth);
        speed.getPoints().clear();
        width.getPoints().clear();
        for (int i = 0; i < pts.size(); i++) {
            WatchTimeline.Point p = pts.get(i);
            double x = x0 + (x1 - x0) * p.seconds() / tEnd;
            double next = i + 1 < pts.size() ? x0 + (x1 - x0) * pts.get(i + 1).seconds() / tEnd : x1;
            double ys = band(sTop, sBottom, (p.state().speed().generation() - 1) / (double) Math.max(1, topGen - 1));
            double yw = band(wTop, wBottom, log2(Math.max(1, p.state().width())) / Math.max(1, topWidth));
            speed.getPoints().addAll(x, ys, next, ys);
            width.getPoints().addAll(x, yw, next, yw);
        }
        boolean hasCap = cap != null && cap.speed().isKnown();
        speedCap.setVisible(hasCap);
        widthCap.setVisible(cap != null && cap.width() > 0);
        if (hasCap) {
            double y = band(sTop, sBottom, (cap.speed().generation() - 1) / (double) Math.max(1, topGen - 1));
            place(speedCap, x0, y, x1, y);
        }
        if (cap != null && cap.width() > 0) {
            double y = band(wTop, wBottom, log2(cap.width()) / Math.max(1, topWidth));
            place(widthCap, x0, y, x1, y);
        }
        place(axis, x0, wBottom + 4, x1, wBottom + 4);
        label(speedTop, "speed " + LinkSpeed.ofGeneration(topGen).display(), 0, sTop + 4);
        label(speedBottom, LinkSpeed.ofGeneration(1).display(), 0, sBottom + 4);
        label(widthTop, "width x" + maxWidth, 0, wTop + 4);
        label(widthBottom, "x1", 0, wBottom + 4);
        label(start, "0 s", x0, HEIGHT - 2);
        end.setText(Math.round(tEnd) + " s");
        label(end, end.getText(), x1 - end.getLayoutBounds().getWidth(), HEIGHT - 2);
    }

    private static double band(double top, double bottom, double fraction) {
        return bottom - (bottom - top) * Math.max(0, Math.min(1, fraction));
    }

    private static double log2(double v) {
        return Math.log(v) / Math.log(2);
    }

    private static void place(Line l, double xa, double ya, double xb, double yb) {
        l.setStartX(xa);
        l.setStartY(ya);
        l.setEndX(xb);
        l.setEndY(yb);
    }

    private static void label(Text t, String s, double x, double y) {
        t.setText(s);
        t.setX(x);
        t.setY(y);
    }
}
