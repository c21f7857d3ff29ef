package dev.lanescope.model.ladder;

import java.util.List;
import java.util.Map;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.p2p.Evidence;

/**
 * A driver's own peer-access answer per GPU pair: {@code nvidia-smi topo -p2p r} (cells {@code OK}, {@code CNS}
 * chipset not supported, {@code GNS}, {@code TNS}, {@code NS}, {@code U}) or {@code rocm-smi --showtopoaccess}
 * (cells {@code True}/{@code False}), or a probe's {@code canAccessPeer} matrix.
 *
 * @param tool      what printed it, in the user's words ({@code nvidia-smi topo -p2p r})
 * @param labels    the GPU labels in column order ({@code GPU0}, {@code GPU1})
 * @param cells     row label to column label to cell
 * @param busIds    label to PCI address where the same output (or a sibling file) names it; may be empty
 * @param rows      where each row label was read
 */
public record PeerAccessMatrix(String tool, List<String> labels, Map<String, Map<String, String>> cells,
                               Map<String, Bdf> busIds, Map<String, Evidence> rows) {
    public PeerAccessMatrix {
        labels = List.copyOf(labels);
        cells = Map.copyOf(cells);
        busIds = Map.copyOf(busIds);
        rows = Map.copyOf(rows);
    }

    /** True when the cell means "peer access works". */
    public static boolean isYes(String cell) {
        return cell != null && (cell.equalsIgnoreCase("OK") || cell.equalsIgnoreCase("True")
                || cell.equalsIgnoreCase("yes") || cell.equals("1"));
    }

    /** What an nvidia-smi cell means in words; rocm-smi's True/False are plain already. */
    public static String cellWords(String cell) {
        if (cell == null) return "not shown";
        return switch (cell.toUpperCase(java.util.Locale.ROOT)) {
            case "OK" -> "OK";
            case "CNS" -> "chipset not supported";
            case "GNS" -> "GPU not supported";
            case "TNS" -> "topology not supported";
            case "NS" -> "not supported";
            case "U" -> "unknown";
            case "TRUE" -> "accessible";
            case "FALSE" -> "not accessible";
            default -> cell;
        };
    }
}
