package dev.lanescope.model;

import java.util.List;
import java.util.Map;

/**
 * {@code nvidia-smi topo -m}: labels in column order and, per row label, the cell per column label
 * ({@code X}, {@code NV12}, {@code PIX}, {@code PXB}, {@code PHB}, {@code NODE}, {@code SYS}; {@code SOC} read as SYS),
 * plus each GPU's NUMA affinity when printed.
 */
public record TopoMatrix(List<String> labels, Map<String, Map<String, String>> cells,
                         Map<String, String> numaAffinity, Map<String, String> nicLegend, SourceRef source) {
    public TopoMatrix {
        labels = List.copyOf(labels);
        cells = Map.copyOf(cells);
        numaAffinity = Map.copyOf(numaAffinity);
        nicLegend = Map.copyOf(nicLegend);
    }
}
