package dev.lanescope.analysis.ceiling;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

import dev.lanescope.model.Units;

/**
 * The streaming-vs-compute ceiling arithmetic of docs/RULES.md §11:
 * link time per token = missed bytes x (1 / bulk rate + overhead / slab); streaming ceiling = 1 / link time;
 * compute-in-RAM ceiling = host RAM bandwidth / bytes read per token. Pure functions, no state.
 */
public final class Ceiling {

    /** The seed's threshold: a link more than 10x slower than the memory behind it loses by construction. */
    public static final double BY_CONSTRUCTION_RATIO = 10;
    /** Within this factor either way the two paths are a toss-up. */
    public static final double TOSS_UP = 1.1;

    private Ceiling() {
    }

    /** Seconds the link needs per byte at this slab size: 1 / rate + overhead spread over the slab. */
    static double secondsPerByte(double h2dGbPerS, double overheadUs, long slabBytes) {
        return 1 / (h2dGbPerS * 1e9) + overheadUs * 1e-6 / slabBytes;
    }

    /** Microseconds one transfer of {@code bytes} takes at {@code gbPerS} plus {@code overheadUs}. */
    public static double transferMicros(long bytes, double gbPerS, double overheadUs) {
        return bytes / (gbPerS * 1e9) * 1e6 + overheadUs;
    }

    /** Streaming tokens/s for these inputs at another bulk link rate; empty when nothing crosses. */
    public static OptionalDouble streamingAt(CeilingInputs in, double h2dGbPerS) {
        double missed = in.missedBytesPerToken();
        return finitePositive(1 / (missed * secondsPerByte(h2dGbPerS, in.overheadUs(), in.slabBytes())));
    }

    public static double computeTokensPerS(CeilingInputs in) {
        return in.ramGbPerS() * 1e9 / in.ramBytesPerToken();
    }

    public static CeilingResult evaluate(CeilingInputs in) {
        double spb = secondsPerByte(in.h2dGbPerS(), in.overheadUs(), in.slabBytes());
        double missed = in.missedBytesPerToken();
        double linkSeconds = missed * spb;
        double effective = 1 / spb / 1e9;
        double computeSeconds = in.ramBytesPerToken() / (in.ramGbPerS() * 1e9);
        double compute = 1 / computeSeconds;
        OptionalDouble streaming = finitePositive(1 / linkSeconds);
        double ratio = in.ramGbPerS() / effective;
        double slowdown = linkSeconds / computeSeconds;
        double overheadShare = (in.overheadUs() * 1e-6 / in.slabBytes()) / spb;

        OptionalDouble crossLink = OptionalDouble.empty();
        if (missed > 0) {
            double perByteBudget = computeSeconds / missed - in.overheadUs() * 1e-6 / in.slabBytes();
            if (perByteBudget > 0) crossLink = finitePositive(1 / perByteBudget / 1e9);
        }
        double missShare = computeSeconds / (in.activeExpertBytesPerToken() * spb);
        OptionalDouble crossHit = missShare < 1 ? OptionalDouble.of(1 - missShare) : OptionalDouble.empty();

        List<String> notes = new ArrayList<>();
        CeilingResult.Kind kind = kind(missed, ratio, slowdown);
        String verdict = Verdicts.sentence(kind, in, effective, ratio, slowdown, streaming, compute, crossLink, crossHit,
                notes);
        if (overheadShare >= 0.1 && missed > 0) {
            notes.add(String.format(Locale.ROOT, "Per-transfer overhead is %.0f%% of the link time at %s transfers: "
                    + "batching transfers recovers it, a faster link does not.", overheadShare * 100,
                    Units.bytes(in.slabBytes())));
        }
        return new CeilingResult(in, missed, missed / in.slabBytes(), effective, linkSeconds * 1e3, streaming, compute,
                ratio, slowdown, overheadShare, crossLink, crossHit, kind, verdict, notes);
    }

    static CeilingResult.Kind kind(double missed, double ratio, double slowdown) {
        if (missed <= 0) return CeilingResult.Kind.NOTHING_CROSSES;
        if (ratio > BY_CONSTRUCTION_RATIO) {
            return slowdown > 1 ? CeilingResult.Kind.LOSES_BY_CONSTRUCTION : CeilingResult.Kind.WINS_ON_HIT_RATE;
        }
        if (slowdown > TOSS_UP) return CeilingResult.Kind.LOSES;
        if (slowdown >= 1 / TOSS_UP) return CeilingResult.Kind.TOSS_UP;
        return CeilingResult.Kind.WINS;
    }

    static OptionalDouble finitePositive(double v) {
        return Double.isFinite(v) && v > 0 ? OptionalDouble.of(v) : OptionalDouble.empty();
    }
}
