package dev.lanescope.ui.model;

import java.util.List;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.Link;

/**
 * Everything the side panel shows for one selected endpoint, in reading order: the plain answer first.
 *
 * @param answer       the plain sentence ("Moving it would not help: ...")
 * @param path         hops from the card up to the root complex, nearest first
 * @param ceiling      the path ceiling and limiting hop in the kernel's words
 * @param kernelLine   the kernel's own bandwidth line for this device when the capture has one (else null)
 * @param atomics      the AtomicOps verdict in words
 * @param peers        peer classes to the other GPUs
 * @param candidates   "Would moving it help?" ranked, best first: {@code move}'s candidates, in the same words
 * @param move         the advice itself, the same object {@code lanescope advise} prints (null when none applies)
 */
public record CardAdvice(Bdf card, String title, String answer, List<PathHop> path, String ceiling, String kernelLine,
                         String atomics, List<Peer> peers, List<Candidate> candidates,
                         dev.lanescope.analysis.MoveAdvice move) {

    public CardAdvice {
        path = List.copyOf(path);
        peers = List.copyOf(peers);
        candidates = List.copyOf(candidates);
    }

    public record PathHop(Link link, String port, String device, String capable, String trained, String target,
                          String verdictKey, String verdict) {
    }

    /** @param otherAddress the other end's address as shown: the full DDDD:BB:DD.F when the capture has several domains */
    public record Peer(Bdf other, String otherAddress, String otherName, String pathClass, String ncclLevel,
                       String explanation) {
    }

    /** A slot the card could move to; {@code port} is the downstream-facing port of that slot. */
    public record Candidate(int rank, Bdf port, String text) {
    }
}
