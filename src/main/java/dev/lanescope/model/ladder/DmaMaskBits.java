package dev.lanescope.model.ladder;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.p2p.Evidence;

/** sysfs {@code /sys/bus/pci/devices/BDF/dma_mask_bits}: the DMA mask the driver set on this function. */
public record DmaMaskBits(Bdf device, int bits, Evidence at) {
}
