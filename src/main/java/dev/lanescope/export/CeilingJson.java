package dev.lanescope.export;

import java.util.List;
import java.util.OptionalDouble;

import dev.lanescope.analysis.ceiling.CeilingInputs;
import dev.lanescope.analysis.ceiling.CeilingResult;
import dev.lanescope.analysis.ceiling.CeilingSeries;
import dev.lanescope.analysis.ceiling.EngineShape;
import dev.lanescope.analysis.ceiling.H2dRate;

/**
 * {@code lanescope ceiling --json}, one component per key in the order written. Contract keys:
 * {@code linkTimePerTokenMs}, {@code streamingTokensPerS} (null when nothing crosses the link),
 * {@code computeTokensPerS}, {@code memoryToLinkRatio}, {@code verdict}. Others may be added.
 */
public record CeilingJson(double linkTimePerTokenMs, Double streamingTokensPerS, double computeTokensPerS,
                          double memoryToLinkRatio, String verdict, String verdictKind, double streamingSlowdown,
                          double missedBytesPerToken, double transfersPerToken, double effectiveLinkGbPerS,
                          double overheadShare, Double crossoverLinkGbPerS, Double crossoverHitRate, List<String> notes,
                          Inputs inputs, Source h2dSource, List<Marker> markers, List<Shape> engineShapes) {

    /** What the figures were computed from: bytes, hit rate, rates in GB/s, overhead in microseconds. */
    public record Inputs(long activeExpertBytesPerToken, double hitRate, double h2dGbPerS, double overheadUs,
                         long slabBytes, double ramGbPerS, long ramBytesPerToken) {
    }

    /** Where the host-to-device rate came from. */
    public record Source(String source, String note) {
    }

    /** A link generation's usable rate and the streaming rate it allows. */
    public record Marker(String link, double usableGbPerS, double streamingTokensPerS) {
    }

    /** An engine shape: whether its weights cross PCIe per token and whether the link matters to it. */
    public record Shape(String shape, String engine, String crossesPciePerToken, String linkMatters) {
    }

    public static CeilingJson of(CeilingResult r, H2dRate rate, CeilingSeries series) {
        CeilingInputs in = r.inputs();
        return new CeilingJson(r.linkTimePerTokenMs(), orNull(r.streamingTokensPerS()), r.computeTokensPerS(),
                r.memoryToLinkRatio(), r.verdict(), r.kind().name(), r.streamingSlowdown(), r.missedBytesPerToken(),
                r.transfersPerToken(), r.effectiveLinkGbPerS(), r.overheadShare(), orNull(r.crossoverLinkGbPerS()),
                orNull(r.crossoverHitRate()), List.copyOf(r.notes()),
                new Inputs(in.activeExpertBytesPerToken(), in.hitRate(), in.h2dGbPerS(), in.overheadUs(),
                        in.slabBytes(), in.ramGbPerS(), in.ramBytesPerToken()),
                new Source(rate.source().name(), rate.note()),
                series.markers().stream().map((CeilingSeries.Marker m) -> new Marker(m.label(), m.gbPerS(),
                        m.tokensPerS())).toList(),
                EngineShape.table().stream().map(row -> new Shape(row.shape().name(), row.engine(),
                        row.crossesPcie(), row.linkMatters())).toList());
    }

    private static Double orNull(OptionalDouble v) {
        return v.isPresent() ? v.getAsDouble() : null;
    }
}
