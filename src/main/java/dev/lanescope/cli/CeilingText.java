package dev.lanescope.cli;

import java.util.Locale;

import dev.lanescope.analysis.ceiling.CeilingResult;
import dev.lanescope.analysis.ceiling.CeilingSeries;
import dev.lanescope.analysis.ceiling.EngineShape;
import dev.lanescope.analysis.ceiling.H2dRate;

/** The readable form of {@code lanescope ceiling}: the verdict first, then the numbers behind it. */
final class CeilingText {

    private CeilingText() {
    }

    static String render(CeilingResult r, H2dRate rate, CeilingSeries s) {
        StringBuilder b = new StringBuilder();
        b.append("Streaming-vs-compute ceiling\n");
        b.append("  ").append(r.verdict()).append("\n\n");
        var in = r.inputs();
        line(b, "H2D rate", f("%.3f GB/s bulk, %.1f us per transfer (%s)", in.h2dGbPerS(), in.overheadUs(),
                rate.source().name().toLowerCase(Locale.ROOT).replace('_', ' ')));
        if (rate.source() != H2dRate.Source.TYPED) line(b, "", rate.note());
        line(b, "expert bytes/token", f("%,d active, hit rate %.3f -> %,.0f cross the link (%.1f transfers of %,d B)",
                in.activeExpertBytesPerToken(), in.hitRate(), r.missedBytesPerToken(), r.transfersPerToken(),
                in.slabBytes()));
        line(b, "link time/token", f("%.3f ms at %.3f GB/s effective for %,d B transfers", r.linkTimePerTokenMs(),
                r.effectiveLinkGbPerS(), in.slabBytes()));
        line(b, "streaming ceiling", r.streamingTokensPerS().isPresent()
                ? f("%.3f tokens/s", r.streamingTokensPerS().getAsDouble()) : "none (nothing crosses the link)");
        line(b, "compute-in-RAM", f("%.3f tokens/s (%.1f GB/s host RAM / %,d B read per token)",
                r.computeTokensPerS(), in.ramGbPerS(), in.ramBytesPerToken()));
        line(b, "memory : link", f("%.1fx (host RAM / effective link)", r.memoryToLinkRatio()));
        line(b, "crossover", (r.crossoverLinkGbPerS().isPresent()
                ? f("link %.2f GB/s bulk", r.crossoverLinkGbPerS().getAsDouble()) : "no link rate")
                + "; " + (r.crossoverHitRate().isPresent()
                ? f("hit rate %.3f", r.crossoverHitRate().getAsDouble()) : "streaming wins at any hit rate"));
        for (String note : r.notes()) b.append("  note: ").append(note).append('\n');

        b.append("\nStreaming ceiling at usable link rates (tokens/s)\n");
        for (CeilingSeries.Marker m : s.markers()) {
            b.append(f("  %-9s %7.3f GB/s  %12.3f\n", m.label(), m.gbPerS(), m.tokensPerS()));
        }
        b.append(f("  %-9s %7.3f GB/s  %12.3f\n", "this rate", s.measured().gbPerS(), s.measured().tokensPerS()));

        b.append("\nWhat crosses PCIe per token\n");
        for (EngineShape.Row row : EngineShape.table()) {
            b.append("  ").append(row.engine()).append("\n      crosses: ").append(row.crossesPcie())
                    .append("\n      link matters: ").append(row.linkMatters()).append('\n');
        }
        return b.toString();
    }

    private static void line(StringBuilder b, String label, String value) {
        b.append(f("  %-19s %s\n", label, value));
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
