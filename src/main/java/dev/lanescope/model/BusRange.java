package dev.lanescope.model;

/** A bridge's {@code Bus: primary=PP, secondary=SS, subordinate=UU}; also the tree's {@code -[SS-UU]-}. */
public record BusRange(int primary, int secondary, int subordinate) {
    public boolean contains(int bus) {
        return bus >= secondary && bus <= subordinate;
    }
}
