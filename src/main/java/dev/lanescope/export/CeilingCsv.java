package dev.lanescope.export;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.lanescope.analysis.ceiling.CeilingInputs;
import dev.lanescope.analysis.ceiling.CeilingResult;
import dev.lanescope.analysis.ceiling.CeilingSeries;
import dev.lanescope.parse.Csv;

/**
 * The ceiling's numbers as one CSV table with columns {@code kind,name,x,value,unit}: the inputs, the outputs,
 * the Gen markers, then both chart series (against link rate and against hit rate). Written by {@link Csv}.
 */
public final class CeilingCsv {

    public static final String HEADER = "kind,name,x,value,unit";

    static final List<String> COLUMNS = List.of(HEADER.split(","));

    private CeilingCsv() {
    }

    public static String of(CeilingResult r, CeilingSeries s) {
        List<List<String>> b = new ArrayList<>();
        CeilingInputs in = r.inputs();
        row(b, "input", "activeExpertBytesPerToken", "", num(in.activeExpertBytesPerToken()), "bytes");
        row(b, "input", "hitRate", "", num(in.hitRate()), "fraction");
        row(b, "input", "h2dGbPerS", "", num(in.h2dGbPerS()), "GB/s");
        row(b, "input", "overheadUs", "", num(in.overheadUs()), "us");
        row(b, "input", "slabBytes", "", num(in.slabBytes()), "bytes");
        row(b, "input", "ramGbPerS", "", num(in.ramGbPerS()), "GB/s");
        row(b, "input", "ramBytesPerToken", "", num(in.ramBytesPerToken()), "bytes");
        row(b, "output", "missedBytesPerToken", "", num(r.missedBytesPerToken()), "bytes");
        row(b, "output", "effectiveLinkGbPerS", "", num(r.effectiveLinkGbPerS()), "GB/s");
        row(b, "output", "linkTimePerTokenMs", "", num(r.linkTimePerTokenMs()), "ms");
        row(b, "output", "streamingTokensPerS", "",
                r.streamingTokensPerS().isPresent() ? num(r.streamingTokensPerS().getAsDouble()) : "", "tokens/s");
        row(b, "output", "computeTokensPerS", "", num(r.computeTokensPerS()), "tokens/s");
        row(b, "output", "memoryToLinkRatio", "", num(r.memoryToLinkRatio()), "x");
        row(b, "output", "streamingSlowdown", "", num(r.streamingSlowdown()), "x");
        row(b, "output", "overheadShare", "", num(r.overheadShare()), "fraction");
        row(b, "output", "crossoverLinkGbPerS", "",
                r.crossoverLinkGbPerS().isPresent() ? num(r.crossoverLinkGbPerS().getAsDouble()) : "", "GB/s");
        row(b, "output", "crossoverHitRate", "",
                r.crossoverHitRate().isPresent() ? num(r.crossoverHitRate().getAsDouble()) : "", "fraction");
        row(b, "output", "verdict", "", r.verdict(), "");
        for (CeilingSeries.Marker m : s.markers()) {
            row(b, "marker", m.label(), num(m.gbPerS()), num(m.tokensPerS()), "tokens/s");
        }
        row(b, "marker", s.measured().label(), num(s.measured().gbPerS()), num(s.measured().tokensPerS()), "tokens/s");
        s.streamingVsLink().forEach(p -> row(b, "vsLink", "streaming", num(p.x()), num(p.tokensPerS()), "tokens/s"));
        s.computeVsLink().forEach(p -> row(b, "vsLink", "compute", num(p.x()), num(p.tokensPerS()), "tokens/s"));
        s.streamingVsHit().forEach(p -> row(b, "vsHitRate", "streaming", num(p.x()), num(p.tokensPerS()), "tokens/s"));
        s.computeVsHit().forEach(p -> row(b, "vsHitRate", "compute", num(p.x()), num(p.tokensPerS()), "tokens/s"));
        return Csv.table(COLUMNS, b);
    }

    static void row(List<List<String>> rows, String... cells) {
        rows.add(List.of(cells));
    }

    static String num(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return String.format(Locale.ROOT, "%d", (long) v);
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.6g", v)).stripTrailingZeros().toPlainString();
    }
}
