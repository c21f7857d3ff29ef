package dev.lanescope.analysis.ceiling;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;

/**
 * What the chart draws, as plain numbers: tokens/s against bulk link rate (log axis) and against hit rate.
 * Points are only ever finite; where streaming has no ceiling (nothing crosses) its line is empty.
 *
 * @param streamingVsLink  streaming ceiling at each link rate (current hit rate, slab and overhead)
 * @param computeVsLink    the compute-in-RAM ceiling at the same x values (flat: the link does not enter it)
 * @param markers          Gen3/4/5 x4/x8/x16 usable rates, with the streaming ceiling each would give
 * @param measured         the rate in use (measured, typed or estimated) with its streaming ceiling
 * @param linkCrossover    where the two lines meet on the link axis, if they do
 * @param streamingVsHit   streaming ceiling against hit rate, 0 to 0.99, at the current rate
 * @param computeVsHit     the compute-in-RAM ceiling at the same hit rates
 * @param hitCrossover     where the two meet on the hit-rate axis, if they do
 */
public record CeilingSeries(List<Point> streamingVsLink, List<Point> computeVsLink, List<Marker> markers,
                            Marker measured, Optional<Point> linkCrossover, List<Point> streamingVsHit,
                            List<Point> computeVsHit, Optional<Point> hitCrossover) {

    /** One chart point: x (GB/s or hit rate), y (tokens/s). */
    public record Point(double x, double tokensPerS) {
    }

    /** A labelled point on the link axis. */
    public record Marker(String label, double gbPerS, double tokensPerS) {
    }

    public static final int LINK_POINTS = 61;
    public static final int HIT_POINTS = 100;
    /** The hit-rate axis stops short of 1, where the streaming ceiling has no finite value. */
    public static final double MAX_HIT = 0.99;

    public static CeilingSeries of(CeilingResult r, String measuredLabel) {
        CeilingInputs in = r.inputs();
        List<Marker> markers = new ArrayList<>();
        for (LinkSpeed speed : List.of(LinkSpeed.GEN3, LinkSpeed.GEN4, LinkSpeed.GEN5)) {
            for (int width : new int[] {4, 8, 16}) {
                LinkState s = LinkState.of(speed, width);
                double gb = s.gigabytesPerSecond();
                markers.add(new Marker(s.genText(), gb, Ceiling.streamingAt(in, gb).orElse(0)));
            }
        }
        Marker measured = new Marker(measuredLabel, in.h2dGbPerS(), r.streamingTokensPerS().orElse(0));

        double lo = Math.min(1.0, in.h2dGbPerS() / 2);
        double hi = Math.max(128.0, in.h2dGbPerS() * 2);
        if (r.crossoverLinkGbPerS().isPresent()) {
            double x = r.crossoverLinkGbPerS().getAsDouble();
            lo = Math.min(lo, x / 2);
            hi = Math.max(hi, Math.min(x * 2, CeilingInputs.MAX_LINK_GB_PER_S * 10));
        }
        List<Point> sLink = new ArrayList<>();
        List<Point> cLink = new ArrayList<>();
        double compute = r.computeTokensPerS();
        for (int i = 0; i < LINK_POINTS; i++) {
            double x = lo * Math.pow(hi / lo, i / (double) (LINK_POINTS - 1));
            OptionalDouble y = Ceiling.streamingAt(in, x);
            if (y.isPresent()) sLink.add(new Point(x, y.getAsDouble()));
            cLink.add(new Point(x, compute));
        }
        Optional<Point> linkCross = r.crossoverLinkGbPerS().isPresent()
                ? Optional.of(new Point(r.crossoverLinkGbPerS().getAsDouble(), compute)) : Optional.empty();

        List<Point> sHit = new ArrayList<>();
        List<Point> cHit = new ArrayList<>();
        for (int i = 0; i < HIT_POINTS; i++) {
            double h = i == HIT_POINTS - 1 ? MAX_HIT : MAX_HIT * i / (HIT_POINTS - 1);
            OptionalDouble y = Ceiling.streamingAt(in.withHitRate(h), in.h2dGbPerS());
            if (y.isPresent()) sHit.add(new Point(h, y.getAsDouble()));
            cHit.add(new Point(h, compute));
        }
        Optional<Point> hitCross = r.crossoverHitRate().isPresent()
                ? Optional.of(new Point(r.crossoverHitRate().getAsDouble(), compute)) : Optional.empty();
        return new CeilingSeries(List.copyOf(sLink), List.copyOf(cLink), List.copyOf(markers), measured, linkCross,
                List.copyOf(sHit), List.copyOf(cHit), hitCross);
    }
}
