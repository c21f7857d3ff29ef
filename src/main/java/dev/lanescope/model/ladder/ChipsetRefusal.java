package dev.lanescope.model.ladder;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.p2p.Evidence;

/**
 * amdgpu's {@code amdgpu 0000:03:00.0: PCIe P2P access from peer device 0000:83:00.0 is not supported by the chipset}:
 * the kernel's P2PDMA distance test refused this pair on the running kernel.
 */
public record ChipsetRefusal(Bdf device, Bdf peer, Evidence at) {
}
