package dev.lanescope.analysis.ceiling;

import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/** The verdict sentences, one per {@link CeilingResult.Kind}, in plain words with the numbers that decide them. */
final class Verdicts {

    private Verdicts() {
    }

    static String sentence(CeilingResult.Kind kind, CeilingInputs in, double effective, double ratio, double slowdown,
                           OptionalDouble streaming, double compute, OptionalDouble crossLink, OptionalDouble crossHit,
                           List<String> notes) {
        String s = streaming.isPresent() ? tokens(streaming.getAsDouble()) : "unbounded";
        String c = tokens(compute);
        String hitText = crossHit.isPresent()
                ? String.format(Locale.ROOT, "an LRU hit rate above %.3f", crossHit.getAsDouble()) : null;
        switch (kind) {
            case NOTHING_CROSSES:
                notes.add("Streaming ceiling: none. With a hit rate of 1 no expert bytes cross the link, so 1 / link "
                        + "time has no finite value; GPU memory and compute set the speed.");
                return "Nothing crosses the link per token: every active expert is resident (hit rate 1), so the "
                        + "link does not limit this engine; GPU memory bandwidth and compute decide.";
            case LOSES_BY_CONSTRUCTION:
                return String.format(Locale.ROOT, "The link (%.3f GB/s at this transfer size) is %s slower than the "
                                + "%.1f GB/s host memory behind it, more than 10x: streaming loses by construction, %s "
                                + "tokens/s against %s computing in host RAM (%s slower). Doubling the link only "
                                + "doubles a losing number%s.", effective, times(ratio),
                        in.ramGbPerS(), s, c, times(slowdown),
                        hitText == null ? "" : "; only " + hitText + " would make streaming win");
            case WINS_ON_HIT_RATE:
                return String.format(Locale.ROOT, "The link (%.3f GB/s) is %s slower than host memory, yet streaming "
                                + "wins: the LRU keeps %.1f%% of expert bytes resident, so only the misses cross and "
                                + "streaming reaches %s tokens/s against %s in host RAM (%s faster). It stays ahead "
                                + "only while the hit rate stays above %.3f; below that it loses by construction.",
                        effective, times(ratio), in.hitRate() * 100, s, c, times(1 / slowdown),
                        crossHit.orElse(0));
            case LOSES:
                String lever = crossLink.isPresent()
                        ? String.format(Locale.ROOT, "a bulk link of %.1f GB/s%s would break even",
                        crossLink.getAsDouble(), hitText == null ? "" : " or " + hitText)
                        : "no link speed rescues it, because the per-transfer overhead alone costs more than "
                        + "computing in RAM; batching transfers is the lever" + (hitText == null ? "" : ", or " + hitText);
                return String.format(Locale.ROOT, "Streaming loses, %s slower: %s tokens/s against %s computing in "
                                + "host RAM. The link is within 10x of host memory (%s), so this is not settled by "
                                + "construction: %s.", times(slowdown), s, c, times(ratio), lever);
            case TOSS_UP:
                return String.format(Locale.ROOT, "A toss-up: streaming %s tokens/s against %s computing in host RAM, "
                        + "within 10%% of each other. The arithmetic cannot pick; measure both engines.", s, c);
            case WINS:
            default:
                return String.format(Locale.ROOT, "Streaming wins, %s faster: %s tokens/s against %s computing in host "
                        + "RAM. Here the link is the lever, so its trained speed and width matter.",
                        times(1 / slowdown), s, c);
        }
    }

    static String times(double x) {
        if (x >= 100) return String.format(Locale.ROOT, "%.0fx", x);
        if (x >= 10) return String.format(Locale.ROOT, "%.1fx", x);
        return String.format(Locale.ROOT, "%.2fx", x);
    }

    static String tokens(double t) {
        if (t >= 100) return String.format(Locale.ROOT, "%.0f", t);
        if (t >= 1) return String.format(Locale.ROOT, "%.1f", t);
        return String.format(Locale.ROOT, "%.3g", t);
    }
}
