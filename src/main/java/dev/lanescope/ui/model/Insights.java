package dev.lanescope.ui.model;

import java.util.List;
import java.util.Map;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.Link;

/**
 * What the window shows about a capture, in the words the user reads: one {@link Hop} per link and one
 * {@link Card} per endpoint. Built once per capture off the FX thread by {@link InsightsFactory}; immutable.
 */
public record Insights(Map<Link, Hop> hops, Map<Bdf, Atomic> atomics, List<String> summary) {

    public Insights {
        hops = Map.copyOf(hops);
        atomics = Map.copyOf(atomics);
        summary = List.copyOf(summary);
    }

    /** A hop's verdict: {@code key} is the colour token of docs/RULES.md §2 (ok, idle, capped, degraded, ...). */
    public record Hop(String key, String verdict, String reason, String advice, List<String> secondary) {
        public Hop {
            secondary = List.copyOf(secondary);
        }
    }

    /**
     * AtomicOps for an endpoint: ok (reaches the root), breaks at a port, or unknown. {@code breaksAt} is the port
     * that breaks the chain ({@code blocked}) or hides the fact; {@code fault} is true only when the chain breaks for
     * a device whose driver needs AtomicOps (anything else is information, never painted as a fault).
     */
    public record Atomic(String status, Bdf breaksAt, String missingBit, String reason, boolean blocked,
                         boolean fault) {
        /** The chain breaks and the device needs it: the graph marks the breaking port. */
        public boolean broken() {
            return fault;
        }
    }

    public Hop hop(Link link) {
        return link == null ? null : hops.get(link);
    }

    public static Insights empty() {
        return new Insights(Map.of(), Map.of(), List.of());
    }
}
