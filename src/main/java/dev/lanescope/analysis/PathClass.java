package dev.lanescope.analysis;

/** Peer path classes as nvidia-smi {@code topo -m} and NCCL name them, nearest first. */
public enum PathClass {
    PIX("Connection traversing at most a single PCIe bridge"),
    PXB("Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)"),
    PHB("Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)"),
    NODE("Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a NUMA node"),
    SYS("Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)");

    private final String legend;

    PathClass(String legend) {
        this.legend = legend;
    }

    /** nvidia-smi's legend text. */
    public String legend() {
        return legend;
    }

    public boolean isNearerOrEqual(PathClass other) {
        return ordinal() <= other.ordinal();
    }
}
