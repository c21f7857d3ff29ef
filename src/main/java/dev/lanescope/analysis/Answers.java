package dev.lanescope.analysis;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.Topology;

/**
 * Each card's answer to "would moving it help?", computed once per analysis with the evidence the analysis was judged
 * with (docs/RULES.md §6): {@code advise}, its JSON, the window's side panel, the picture's focus and the PNG all read
 * the same {@link MoveAdvice} object from here, so none of them can drop a probe's or nvidia-smi's under-load reading.
 * An answer is made on first request and kept.
 */
public final class Answers {

    private final Topology topology;
    private final UnderLoad evidence;
    private final Map<Bdf, MoveAdvice> made = new ConcurrentHashMap<>();

    Answers(Topology topology, UnderLoad evidence) {
        this.topology = topology;
        this.evidence = evidence == null ? UnderLoad.none() : evidence;
    }

    /** The answer for one function of the analysed topology; IllegalArgumentException when it has no such function. */
    public MoveAdvice of(Bdf card) {
        MoveAdvice a = made.get(card);
        if (a != null) return a;
        MoveAdvice fresh = MoveAdvisor.advise(topology, card, evidence);
        MoveAdvice prev = made.putIfAbsent(card, fresh);
        return prev == null ? fresh : prev;
    }

    /** The under-load evidence every answer here was judged with. */
    public UnderLoad evidence() {
        return evidence;
    }
}
