package dev.lanescope.analysis.ceiling;

import java.util.List;
import java.util.OptionalDouble;

/**
 * The numbers and the verdict of one evaluation. No field is ever NaN or infinite: a ceiling that does not exist
 * (nothing crosses the link) is an empty optional, explained in {@link #notes()}.
 *
 * @param inputs                 what was evaluated
 * @param missedBytesPerToken    expert bytes that cross the link per token
 * @param transfersPerToken      missed bytes / slab size (an average, may be fractional)
 * @param effectiveLinkGbPerS    the rate at the slab size: slab / (slab / bulk + overhead)
 * @param linkTimePerTokenMs     time the link needs per token for the missed bytes
 * @param streamingTokensPerS    1 / link time; empty when nothing crosses
 * @param computeTokensPerS      host RAM bandwidth / bytes read per token
 * @param memoryToLinkRatio      host RAM bandwidth / effective link rate (the seed's "31x")
 * @param streamingSlowdown      link time / compute time: how many times slower streaming is (below 1: faster)
 * @param overheadShare          share of the link time that is per-transfer overhead, 0..1
 * @param crossoverLinkGbPerS    bulk link rate at which streaming matches compute; empty when none exists
 * @param crossoverHitRate       hit rate at which streaming matches compute; empty when streaming wins at any
 * @param kind                   the verdict's case
 * @param verdict                the verdict sentence
 * @param notes                  caveats: overhead, unbounded ceilings, missing crossovers
 */
public record CeilingResult(CeilingInputs inputs, double missedBytesPerToken, double transfersPerToken,
                            double effectiveLinkGbPerS, double linkTimePerTokenMs, OptionalDouble streamingTokensPerS,
                            double computeTokensPerS, double memoryToLinkRatio, double streamingSlowdown,
                            double overheadShare, OptionalDouble crossoverLinkGbPerS, OptionalDouble crossoverHitRate,
                            Kind kind, String verdict, List<String> notes) {

    /** The verdict's cases. */
    public enum Kind {
        /** Nothing crosses: every active expert byte is resident. */
        NOTHING_CROSSES,
        /** The link is more than 10x slower than host memory and streaming loses. */
        LOSES_BY_CONSTRUCTION,
        /** The link is more than 10x slower, but the LRU hit rate saves enough bytes that streaming wins. */
        WINS_ON_HIT_RATE,
        /** Streaming is slower, but within reach of a faster link or a better hit rate. */
        LOSES,
        /** Within 10% either way. */
        TOSS_UP,
        /** Streaming is faster than computing in host RAM. */
        WINS
    }

    public CeilingResult {
        notes = List.copyOf(notes);
    }
}
