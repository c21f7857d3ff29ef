package dev.lanescope.model.ladder;

import dev.lanescope.model.Bdf;

/** sysfs {@code /sys/bus/pci/devices/BDF/dma_mask_bits}: the DMA mask the driver set on this function. */
public record DmaMaskBits(Bdf device, int bits, EvidenceLine at) {
}
