package dev.lanescope.model;

/**
 * One GPU row of {@code nvidia-smi --query-gpu=...pcie.link...} CSV. Generations and widths are -1 when absent
 * or {@code [N/A]}. {@code underLoad} is set when the capture says the row was sampled while the GPU worked.
 */
public record NvidiaSmiLink(int index, Bdf busId, String name, int genCurrent, int genMax, int genGpuMax,
                            int genHostMax, int widthCurrent, int widthMax, SourceRef source) {
}
