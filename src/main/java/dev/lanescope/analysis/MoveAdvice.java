package dev.lanescope.analysis;

import java.util.ArrayList;
import java.util.List;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.LinkState;

/**
 * "Would moving it help?" (docs/RULES.md §6).
 *
 * @param answer         the plain sentence, first
 * @param helps          true when some candidate port predicts more than the card gets now, false when none does or
 *                       the card cannot move, null when the capture cannot tell
 * @param cardCapable    the card's own LnkCap (its upstream port's for a card with its own switch)
 * @param ceilingNow     the path ceiling now (§3)
 * @param pathCapableMbps what a healthy boot would give in the current slot (-1 when unknown)
 * @param idleMeaning    what an idle reading means for this card (null when not a GPU)
 * @param current        the card's own position with its ceiling (null when no link above it is visible)
 * @param candidates     places a user can plug this card into, ranked by predicted ceiling, best first (never the
 *                       current position)
 */
public record MoveAdvice(Bdf device, String answer, Boolean helps, LinkState cardCapable, PathCeiling ceilingNow,
                         long pathCapableMbps, String idleMeaning, MoveCandidate current,
                         List<MoveCandidate> candidates,
                         List<String> notes) {
    public MoveAdvice {
        candidates = List.copyOf(candidates);
        notes = List.copyOf(notes);
    }

    /** Everything in reading order: answer, capability, ceiling now, path capable, idle meaning, candidates, notes. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add(answer);
        out.add("Card capability: " + (cardCapable == null ? "unknown"
                : cardCapable.display() + " (" + cardCapable.gbpsText() + " Gb/s)") + ".");
        if (ceilingNow != null) out.add("Ceiling now: " + ceilingNow.sentence() + ".");
        out.add("Path capable in this slot: " + (pathCapableMbps < 0 ? "unknown" : LinkState.formatGbps(pathCapableMbps)
                + " Gb/s") + ".");
        if (idleMeaning != null) out.add(idleMeaning);
        if (current != null) out.add("Now: " + current.sentence() + ".");
        for (MoveCandidate c : candidates) out.add("Candidate " + c.sentence() + ".");
        out.addAll(notes);
        return out;
    }
}
