package dev.lanescope.ui.probe;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.Link;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;
import dev.lanescope.probe.BatchReading;
import dev.lanescope.probe.LinkMath;
import dev.lanescope.probe.ProbeResult;

/**
 * What the chart draws, JavaFX-free: GB/s against transfer size for pinned/pageable H2D and D2H, and two flat lines
 * at the usable bandwidth of the hop at its trained and at its capable link. x is log2(bytes), so equal steps are
 * equal ratios of size (the axis labels say the sizes).
 */
public final class ProbeCurves {

    /** The measured series: (memory mode) as in the probe's lines, and the legend's words. */
    public static final List<String[]> MEASURED = List.of(
            new String[] {"pinned h2d_async", "Pinned H2D (async)"},
            new String[] {"pageable h2d_sync", "Pageable H2D (sync)"},
            new String[] {"pinned d2h", "Pinned D2H"},
            new String[] {"pageable d2h", "Pageable D2H"});

    /** The curve of the fastest batched way per size (pcie_bw's batched modes), shown when the results have it. */
    public static final String BATCHED = "Pinned H2D, batched (fastest way)";

    /** One line: legend name, a style key for CSS ({@code measured}, {@code usable-trained}, {@code usable-capable}). */
    public record Curve(String name, String key, List<double[]> points) {
        public Curve {
            points = List.copyOf(points);
        }
    }

    /**
     * The two flat lines the capture itself gives for a GPU before any receipt: its hop's trained and capable link
     * (each null when unknown; both null without a capture, a GPU or a hop above it).
     */
    public record HopLines(LinkLine trained, LinkLine capable) {
        public static final HopLines NONE = new HopLines(null, null);

        public static HopLines of(Topology topology, Bdf gpu) {
            if (topology == null || gpu == null) return NONE;
            TopoNode.FunctionNode n = topology.node(gpu).orElse(null);
            List<Link> up = n == null ? List.of() : topology.linksUpward(n);
            if (up.isEmpty()) return NONE;
            Link hop = up.get(0);
            return new HopLines(line(hop.trained()), line(hop.capable()));
        }

        private static LinkLine line(LinkState s) {
            return s != null && s.isKnown() ? new LinkLine(s.speed().generation(), s.width()) : null;
        }
    }

    /** The link a flat line stands for: generation and width (-1 unknown) and where it was read. */
    public record LinkLine(int gen, int width) {
        public double gbps() {
            return LinkMath.usableGBps(gen, width);
        }

        public boolean known() {
            return !Double.isNaN(gbps());
        }

        public String text() {
            return LinkMath.link(gen, width);
        }
    }

    private ProbeCurves() {
    }

    /** The four measured curves (empty ones kept, so the legend stays put) and the two usable lines when known. */
    public static List<Curve> of(List<ProbeResult> results, LinkLine trained, LinkLine capable) {
        List<Curve> out = new ArrayList<>();
        long min = Long.MAX_VALUE, max = Long.MIN_VALUE;
        for (String[] s : MEASURED) {
            Map<Long, Double> by = new TreeMap<>();
            for (ProbeResult r : results) {
                if (r.bytes() <= 0 || Double.isNaN(r.gbPerS()) || !s[0].equals(r.series())) continue;
                by.put(r.bytes(), r.gbPerS());
            }
            List<double[]> pts = new ArrayList<>();
            by.forEach((b, g) -> pts.add(new double[] {log2(b), g}));
            out.add(new Curve(s[1], "measured", pts));
        }
        List<double[]> batched = new ArrayList<>();
        for (BatchReading.Row r : BatchReading.of(results).rows()) {
            if (!Double.isNaN(r.best())) batched.add(new double[] {log2(r.bytes()), r.best()});
        }
        if (!batched.isEmpty()) out.add(new Curve(BATCHED, "measured", batched));
        for (ProbeResult r : results) {
            if (r.bytes() <= 0) continue;
            min = Math.min(min, r.bytes());
            max = Math.max(max, r.bytes());
        }
        double x0 = min == Long.MAX_VALUE ? 18 : Math.floor(log2(min) + 1e-9);
        double x1 = max == Long.MIN_VALUE ? 31 : Math.ceil(log2(max) - 1e-9);
        boolean same = trained != null && capable != null && trained.equals(capable);
        if (trained != null && trained.known()) {
            out.add(flat("Usable, trained " + trained.text() + " (" + gb(trained.gbps()) + " GB/s)", "usable-trained",
                    trained.gbps(), x0, x1));
        }
        if (capable != null && capable.known()) {
            out.add(flat("Usable, capable " + capable.text() + " (" + gb(capable.gbps()) + " GB/s"
                    + (same ? ", same line" : "") + ")", "usable-capable", capable.gbps(), x0, x1));
        }
        return out;
    }

    private static Curve flat(String name, String key, double y, double x0, double x1) {
        return new Curve(name, key, List.of(new double[] {x0, y}, new double[] {x1, y}));
    }

    static String gb(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
    }

    static double log2(long bytes) {
        return Math.log(bytes) / Math.log(2);
    }

    /** An axis label for x = log2(bytes): "256 KiB", "1 MiB", "2 GiB"; sizes between powers of two as rounded. */
    public static String sizeLabel(double x) {
        double b = Math.pow(2, x);
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        int u = 0;
        while (b >= 1024 && u < units.length - 1) {
            b /= 1024;
            u++;
        }
        return (Math.abs(b - Math.rint(b)) < 0.01 ? String.format(Locale.ROOT, "%.0f", b)
                : String.format(Locale.ROOT, "%.1f", b)) + " " + units[u];
    }
}
