package dev.lanescope.model.ladder;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.p2p.Evidence;

/**
 * amdgpu's {@code amdgpu 0000:03:00.0: amdgpu: Detected VRAM RAM=32752M, BAR=32768M}: how much VRAM the card has and
 * how much of it the CPU (and a peer) can see through its BAR. {@code BAR < RAM} is the small-BAR case.
 */
public record VramBarLine(Bdf device, long ramMiB, long barMiB, Evidence at) {
    public boolean wholeVramVisible() {
        return barMiB >= ramMiB;
    }
}
