package dev.lanescope.ui.ceiling;

import java.util.Locale;

import dev.lanescope.analysis.ceiling.CeilingResult;
import dev.lanescope.analysis.ceiling.EngineShape;

/**
 * The panel's answer in one short line (shown large) and the full sentence under it, per engine shape: only an
 * engine that streams weights is limited by the link; for the other two the streaming verdict is what would
 * happen if the experts had to stream. Plain functions, shared by the panel and the PNG export.
 */
public final class Headlines {

    private Headlines() {
    }

    public static String headline(EngineShape shape, CeilingResult r) {
        String s = r.streamingTokensPerS().isPresent() ? tokens(r.streamingTokensPerS().getAsDouble()) : "no limit";
        String c = tokens(r.computeTokensPerS());
        return switch (shape) {
            case COMPUTES_IN_RAM -> "The link does not matter for this engine: host RAM sets its ceiling at " + c
                    + " tokens/s";
            case RESIDENT -> "The link does not matter: everything is resident in GPU memory";
            case STREAMS_WEIGHTS -> switch (r.kind()) {
                case NOTHING_CROSSES -> "The link does not matter: nothing crosses it per token (hit rate 1)";
                case LOSES_BY_CONSTRUCTION -> "Streaming loses by construction: " + s + " vs " + c
                        + " tokens/s in host RAM (link " + times(r.memoryToLinkRatio()) + " slower than memory)";
                case WINS_ON_HIT_RATE -> "Streaming wins on the hit rate alone: " + s + " vs " + c + " tokens/s";
                case LOSES -> "Streaming loses, " + times(r.streamingSlowdown()) + " slower: " + s + " vs " + c
                        + " tokens/s";
                case TOSS_UP -> "A toss-up: streaming " + s + " vs " + c + " tokens/s in host RAM";
                case WINS -> "Streaming wins, " + times(1 / r.streamingSlowdown()) + " faster: " + s + " vs " + c
                        + " tokens/s";
            };
        };
    }

    public static String verdict(EngineShape shape, CeilingResult r) {
        return switch (shape) {
            case STREAMS_WEIGHTS -> r.verdict();
            case COMPUTES_IN_RAM -> "Only activations (~KB per token) cross PCIe, so neither the link's generation "
                    + "nor its width changes the speed. If this engine streamed the experts instead: " + r.verdict();
            case RESIDENT -> "Nothing crosses PCIe per token; GPU memory bandwidth and compute decide. If the experts "
                    + "did not fit and had to stream: " + r.verdict();
        };
    }

    /** Whether the link limits this engine at all. */
    public static boolean linkMatters(EngineShape shape, CeilingResult r) {
        return shape == EngineShape.STREAMS_WEIGHTS && r.kind() != CeilingResult.Kind.NOTHING_CROSSES;
    }

    /** {@code 4.2}, {@code 107}, {@code 0.0312}. */
    public static String tokens(double t) {
        if (t >= 100) return String.format(Locale.ROOT, "%,.0f", t);
        if (t >= 1) return String.format(Locale.ROOT, "%.1f", t);
        return String.format(Locale.ROOT, "%.3g", t);
    }

    /** {@code 31.3×}, {@code 2.05×}, {@code 120×}. */
    public static String times(double x) {
        if (x >= 100) return String.format(Locale.ROOT, "%.0f×", x);
        if (x >= 10) return String.format(Locale.ROOT, "%.1f×", x);
        return String.format(Locale.ROOT, "%.2f×", x);
    }

    /** {@code 7.88 GB/s}, {@code 242 GB/s}. */
    public static String gbps(double g) {
        if (g >= 100) return String.format(Locale.ROOT, "%.0f GB/s", g);
        if (g >= 10) return String.format(Locale.ROOT, "%.1f GB/s", g);
        return String.format(Locale.ROOT, "%.2f GB/s", g);
    }
}
