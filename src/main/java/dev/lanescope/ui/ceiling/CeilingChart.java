package dev.lanescope.ui.ceiling;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.ValueAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Line;

import dev.lanescope.analysis.ceiling.CeilingResult;
import dev.lanescope.analysis.ceiling.CeilingSeries;

/**
 * Tokens/s ceiling on a log axis, against the link rate (log) or against the LRU hit rate: the streaming line,
 * the flat compute-in-RAM line, their crossover, the Gen3/4/5 x4/x8/x16 usable rates (coinciding rates share one
 * marker) and the rate in use. Animation is off. Shows nothing while the inputs are refused, so no non-finite
 * number reaches it.
 */
public final class CeilingChart extends LineChart<Number, Number> {

    /** Which x axis. */
    public enum View { LINK, HIT_RATE }

    private final View view;
    private final LogAxis y;
    private final List<Node> overlay = new ArrayList<>();
    private final List<Runnable> placers = new ArrayList<>();
    private Label crossoverLabel;

    private CeilingChart(View view, ValueAxis<Number> x, LogAxis y) {
        super(x, y);
        this.view = view;
        this.y = y;
        setAnimated(false);
        setCreateSymbols(false);
        setLegendVisible(true);
        getStyleClass().add("ceiling-chart");
        setTitle(view == View.LINK ? "Tokens/s ceiling against host-to-device link bandwidth"
                : "Tokens/s ceiling against LRU hit rate (at the rate in use)");
    }

    public static CeilingChart of(View view) {
        ValueAxis<Number> x;
        if (view == View.LINK) {
            x = new LogAxis("Host-to-device bandwidth, GB/s (log scale)", 0.5, 256);
        } else {
            NumberAxis n = new NumberAxis("LRU hit rate (share of active expert bytes already on the GPU)", 0, 1, 0.1);
            n.setAutoRanging(false);
            n.setAnimated(false);
            x = n;
        }
        return new CeilingChart(view, x, new LogAxis("Ceiling, tokens/s (log scale)", 0.1, 1000));
    }

    public View view() {
        return view;
    }

    /** The crossover's label as shown, or null when the lines do not cross in this view. */
    public Label crossoverLabel() {
        return crossoverLabel;
    }

    /** Draws {@code s} (null: an empty chart). */
    public void show(CeilingSeries s, CeilingResult r) {
        getPlotChildren().removeAll(overlay);
        overlay.clear();
        placers.clear();
        crossoverLabel = null;
        getData().clear();
        if (s == null || r == null) return;
        boolean link = view == View.LINK;
        List<CeilingSeries.Point> stream = link ? s.streamingVsLink() : s.streamingVsHit();
        List<CeilingSeries.Point> compute = link ? s.computeVsLink() : s.computeVsHit();
        bounds(stream, compute, s);
        getData().add(series("Streaming weights over the link", stream));
        getData().add(series("Computing in host RAM (link not used)", compute));
        if (link) {
            genMarkers(s);
            vertical(s.measured().gbPerS(), rateLabel(s, r), "measured", s.measured().tokensPerS());
            s.linkCrossover().ifPresent(p -> crossover(p, "crossover at " + Headlines.gbps(p.x())
                    + " bulk H2D: streaming wins only above it"));
        } else {
            double h = r.inputs().hitRate();
            if (h <= CeilingSeries.MAX_HIT) {
                vertical(h, String.format(Locale.ROOT, "hit rate in use %.2f → %s tokens/s", h,
                        r.streamingTokensPerS().isPresent() ? Headlines.tokens(r.streamingTokensPerS().getAsDouble())
                                : "no limit"), "measured", r.streamingTokensPerS().orElse(0));
            }
            s.hitCrossover().ifPresent(p -> crossover(p, String.format(Locale.ROOT,
                    "crossover at hit rate %.3f: streaming wins only above it", p.x())));
        }
        requestChartLayout();
    }

    private static String rateLabel(CeilingSeries s, CeilingResult r) {
        String t = r.streamingTokensPerS().isPresent()
                ? Headlines.tokens(r.streamingTokensPerS().getAsDouble()) + " tokens/s" : "no limit";
        return "this card (" + s.measured().label() + "): " + Headlines.gbps(s.measured().gbPerS()) + " → " + t;
    }

    private static XYChart.Series<Number, Number> series(String name, List<CeilingSeries.Point> pts) {
        XYChart.Series<Number, Number> se = new XYChart.Series<>();
        se.setName(name);
        for (CeilingSeries.Point p : pts) se.getData().add(new XYChart.Data<>(p.x(), p.tokensPerS()));
        return se;
    }

    private void bounds(List<CeilingSeries.Point> stream, List<CeilingSeries.Point> compute, CeilingSeries s) {
        double lo = Double.MAX_VALUE;
        double hi = 0;
        for (List<CeilingSeries.Point> l : List.of(stream, compute)) {
            for (CeilingSeries.Point p : l) {
                lo = Math.min(lo, p.tokensPerS());
                hi = Math.max(hi, p.tokensPerS());
            }
        }
        if (!(hi > 0)) {
            lo = 0.1;
            hi = 10;
        }
        lo /= 1.5;
        hi *= 4; // room above the lines for the marker labels
        if (hi / lo < 100) {
            double mid = Math.sqrt(hi * lo);
            lo = mid / 10;
            hi = mid * 10;
        }
        y.setBounds(lo, hi);
        if (getXAxis() instanceof LogAxis x) {
            List<CeilingSeries.Point> xs = s.computeVsLink();
            x.setBounds(xs.get(0).x(), xs.get(xs.size() - 1).x());
        }
    }

    private void genMarkers(CeilingSeries s) {
        Map<Long, List<CeilingSeries.Marker>> groups = new LinkedHashMap<>();
        for (CeilingSeries.Marker m : s.markers()) {
            groups.computeIfAbsent(Math.round(m.gbPerS() * 100), k -> new ArrayList<>()).add(m);
        }
        for (List<CeilingSeries.Marker> g : groups.values()) {
            CeilingSeries.Marker first = g.get(0);
            StringBuilder text = new StringBuilder();
            for (CeilingSeries.Marker m : g) text.append(m.label()).append('\n');
            text.append(Headlines.gbps(first.gbPerS()));
            Line line = line("gen-marker");
            Label label = label(text.toString(), "gen-label");
            Circle dot = dot("gen-dot", 4);
            Tooltip.install(dot, new Tooltip(text.toString().replace('\n', ' ') + " usable → "
                    + Headlines.tokens(first.tokensPerS()) + " tokens/s streaming"));
            placers.add(() -> {
                double px = getXAxis().getDisplayPosition(first.gbPerS());
                setLine(line, px);
                double w = label.prefWidth(-1);
                label.resizeRelocate(clamp(px - w / 2, w), 2, w, label.prefHeight(w));
                place(dot, first.gbPerS(), first.tokensPerS());
            });
        }
    }

    private void vertical(double x, String text, String style, double tokens) {
        Line line = line(style + "-marker");
        Label label = label(text, style + "-label");
        Circle dot = dot(style + "-dot", 6);
        placers.add(() -> {
            double px = getXAxis().getDisplayPosition(x);
            setLine(line, px);
            double w = label.prefWidth(-1);
            double h = label.prefHeight(w);
            double lx = px + 6 + w > getXAxis().getWidth() ? px - 6 - w : px + 6;
            label.resizeRelocate(clamp(lx, w), y.getHeight() - h - 6, w, h);
            if (tokens > 0) place(dot, x, tokens);
            dot.setVisible(tokens > 0);
        });
    }

    private void crossover(CeilingSeries.Point p, String text) {
        Circle dot = dot("crossover-marker", 7);
        Label label = label(text, "crossover-label");
        crossoverLabel = label;
        placers.add(() -> {
            double px = getXAxis().getDisplayPosition(p.x());
            double py = y.getDisplayPosition(p.tokensPerS());
            dot.setCenterX(px);
            dot.setCenterY(py);
            double w = label.prefWidth(-1);
            double h = label.prefHeight(w);
            label.resizeRelocate(clamp(px - w + 12, w), py - h - 10, w, h);
        });
    }

    private double clamp(double x, double w) {
        return Math.max(2, Math.min(x, getXAxis().getWidth() - w - 2));
    }

    private void setLine(Line line, double px) {
        line.setStartX(px);
        line.setEndX(px);
        line.setStartY(0);
        line.setEndY(y.getHeight());
    }

    private void place(Circle c, double x, double tokens) {
        c.setCenterX(getXAxis().getDisplayPosition(x));
        c.setCenterY(y.getDisplayPosition(tokens));
    }

    private Line line(String style) {
        Line l = new Line();
        l.getStyleClass().add(style);
        l.setManaged(false);
        add(l);
        return l;
    }

    private Label label(String text, String style) {
        Label l = new Label(text);
        l.getStyleClass().addAll("chart-marker-label", style);
        l.setManaged(false);
        add(l);
        return l;
    }

    private Circle dot(String style, double r) {
        Circle c = new Circle(r);
        c.getStyleClass().add(style);
        c.setManaged(false);
        add(c);
        return c;
    }

    private void add(Node n) {
        overlay.add(n);
        getPlotChildren().add(n);
    }

    @Override
    protected void layoutPlotChildren() {
        super.layoutPlotChildren();
        for (Runnable p : placers) p.run();
        // lines under dots under labels, so no marker line crosses a label's text
        for (Class<?> k : List.of(Line.class, Circle.class, Label.class)) {
            for (Node n : overlay) {
                if (k.isInstance(n)) n.toFront();
            }
        }
    }
}
