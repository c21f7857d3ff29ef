package dev.lanescope.export;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

import dev.lanescope.analysis.MoveAdvice;
import dev.lanescope.analysis.MoveCandidate;
import dev.lanescope.model.LinkState;

/**
 * {@code lanescope advise --json}, for scripts: one component per key in the order written. The README's CLI
 * section lists them all (a test holds the two together). Contract keys: {@code answer} (the sentence the window
 * shows first), {@code helps} (true, false, or null when the capture cannot tell), {@code candidates[]} with
 * {@code port}, {@code predictedGbps} (null when unknown) and {@code why}, {@code current} (the card's own position,
 * or null) and {@code notes}. Others may be added.
 *
 * @param pathCapableGbps what a healthy boot would give in the current slot; null when unknown
 */
public record AdviceJson(String device, String answer, Boolean helps, String cardCapable, String ceilingNow,
                         Double pathCapableGbps, String idleMeaning, Candidate current, List<Candidate> candidates,
                         List<String> notes) {

    /**
     * A place the card could go (or its own, as {@code current}).
     *
     * @param rank best first from 1; left out for {@code current}
     */
    public record Candidate(@JsonInclude(JsonInclude.Include.NON_NULL) Integer rank, String port, String label,
                            Double predictedGbps, String predictedLink, String why, String limitedBy, Swap swapWith,
                            boolean sameModel, boolean chipset, String atomics, List<String> peers,
                            List<String> notes, String text) {
    }

    /** What sits in that place now. */
    public record Swap(String device, String name) {
    }

    public static AdviceJson of(MoveAdvice a) {
        List<Candidate> ranked = new ArrayList<>();
        for (MoveCandidate c : a.candidates()) ranked.add(candidate(ranked.size() + 1, c));
        return new AdviceJson(a.device().toString(), a.answer(), a.helps(), display(a.cardCapable()),
                a.ceilingNow() == null ? null : a.ceilingNow().sentence(), gbps(a.pathCapableMbps()), a.idleMeaning(),
                a.current() == null ? null : candidate(null, a.current()), ranked, List.copyOf(a.notes()));
    }

    private static Candidate candidate(Integer rank, MoveCandidate c) {
        return new Candidate(rank, c.port().toString(), c.label(), gbps(c.predictedMbps()), display(c.predictedLink()),
                c.why(), c.limitedBy(),
                c.occupant() == null ? null : new Swap(c.occupant().toString(), c.occupantName()), c.twin(),
                c.chipset(), c.atomics() == null ? null : c.atomics().words(), c.peerClasses(), c.notes(),
                c.sentence());
    }

    private static Double gbps(long mbps) {
        return mbps < 0 ? null : mbps / 1000.0;
    }

    private static String display(LinkState s) {
        return s == null || !s.isKnown() ? null : s.display();
    }
}
