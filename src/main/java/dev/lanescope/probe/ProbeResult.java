package dev.lanescope.probe;

/**
 * One {@code "kind":"result"} line of {@code pcie_bw} / {@code pcie_bw_hip} / {@code torch_ref.py}
 * (native-probes/README.md, "JSON lines"): only the fields the ceiling needs.
 *
 * @param memory   {@code pinned} or {@code pageable}
 * @param mode     {@code h2d_sync}, {@code h2d_async}, {@code d2h} or {@code single}
 * @param bytes    bytes of one transfer
 * @param medianMs milliseconds per transfer (median block)
 * @param gbPerS   the probe's own GB/s (bytes / 1e9 / s); NaN when the line lacks it
 */
public record ProbeResult(String memory, String mode, long bytes, double medianMs, double gbPerS) {

    public boolean isH2d() {
        return mode.startsWith("h2d");
    }
}
