package dev.lanescope.probe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One {@code "kind":"result"} line of {@code pcie_bw} / {@code pcie_bw_hip} / {@code torch_ref.py}
 * (native-probes/README.md): one (GPU, size, memory, mode). Times are milliseconds per transfer; GB/s is
 * bytes / 1e9 / s. Missing numbers are NaN (or -1 for integers). {@code raw} is the line as read, written back
 * unchanged into receipts.
 */
public record ProbeResult(String tool, int device, String pciBusId, String name, String memory, String mode,
                          String direction, String api, long bytes, int iterations, int repeats, double medianMs,
                          double minMs, double maxMs, double gbPerS, double gbPerSMax, int hostNumaNode, int cpu,
                          ObjectNode raw) {

    /** Only the fields the ceiling calculator reads ({@link H2dReceipt}); the rest unknown. */
    public ProbeResult(String memory, String mode, long bytes, double medianMs, double gbPerS) {
        this(null, -1, null, null, memory, mode, mode != null && mode.startsWith("h2d") ? "h2d" : null, null, bytes, -1,
                -1, medianMs, Double.NaN, Double.NaN, gbPerS, Double.NaN, -1, -1, null);
    }

    public static ProbeResult of(ObjectNode o) {
        return new ProbeResult(Json.text(o, "tool"), Json.integer(o, "device", -1), Json.text(o, "pciBusId"),
                Json.text(o, "name"), Json.text(o, "memory"), Json.text(o, "mode"), Json.text(o, "direction"),
                Json.text(o, "api"), Json.longValue(o, "bytes", -1), Json.integer(o, "iterations", -1),
                Json.integer(o, "repeats", -1), Json.number(o, "medianMs"), Json.number(o, "minMs"),
                Json.number(o, "maxMs"), gbps(o), Json.number(o, "gbPerSMax"), Json.integer(o, "hostNumaNode", -1),
                Json.integer(o, "cpu", -1), o);
    }

    private static double gbps(JsonNode o) {
        double g = Json.number(o, "gbPerS");
        if (Double.isNaN(g)) {
            double ms = Json.number(o, "medianMs");
            long b = Json.longValue(o, "bytes", -1);
            if (ms > 0 && b > 0) g = b / 1e9 / (ms / 1000.0);
        }
        return g;
    }

    /** "pinned h2d_async". */
    public String series() {
        return memory + " " + mode;
    }

    public boolean isH2d() {
        return "h2d".equals(direction) || (mode != null && mode.startsWith("h2d"));
    }
}
