package dev.lanescope.ui.probe;

import dev.lanescope.model.Bdf;

/**
 * One GPU the panel offers: its bus id (which maps it to its box in the graph, {@code nodeId}), its name, and its
 * rank among the capture's GPUs of the same vendor in bus order (the CUDA/HIP index when the capture is this
 * machine and nvidia-smi cannot be asked). {@code bdf} null means "GPU 0 of this machine" (no capture GPU).
 */
public record GpuChoice(Bdf bdf, String name, String nodeId, int vendorRank) {

    public static GpuChoice thisMachine() {
        return new GpuChoice(null, "GPU 0 of this machine (the open capture lists no GPU)", null, 0);
    }

    /** "0000:01:00.0  Quadro P2000". */
    public String label() {
        return bdf == null ? name : bdf + "  " + name;
    }

    @Override
    public String toString() {
        return label();
    }
}
