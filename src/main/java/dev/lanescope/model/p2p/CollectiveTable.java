package dev.lanescope.model.p2p;

import java.util.Comparator;
import java.util.List;

/**
 * One nccl-tests / rccl-tests table: the bandwidth of one collective per message size, over {@code ranks} GPUs.
 *
 * @param file      the file as the user named it
 * @param op        the operation measured (null when the file does not say and its columns cannot tell)
 * @param opFrom    how {@link #op} was known, in words ("the command line", "the file name", ...)
 * @param ranks     GPUs taking part (the {@code # Rank} lines, else nThread x nGpus; 0 when neither is there)
 * @param devices   the {@code # Rank} lines' device names, in rank order
 * @param busIds    the {@code # Rank} lines' bus numbers ({@code 0x31}), in rank order
 * @param rows      one per size, ascending
 * @param avgBusBw  the {@code # Avg bus bandwidth} line (NaN when absent)
 * @param line      1-based line of the table's first row
 */
public record CollectiveTable(String file, CollectiveOp op, String opFrom, int ranks, List<String> devices,
                              List<String> busIds, List<Row> rows, double avgBusBw, int line) {

    public CollectiveTable {
        devices = List.copyOf(devices);
        busIds = List.copyOf(busIds);
        rows = List.copyOf(rows);
    }

    /**
     * One size.
     *
     * @param bytes        the {@code size} column
     * @param count        elements
     * @param type         element type ({@code float})
     * @param redop        reduction ({@code sum}, {@code none}; null in layouts without the column)
     * @param root         root rank (-1 for none or when the layout has no column)
     * @param timeUs       out-of-place time, microseconds
     * @param algGbPerS    out-of-place algorithm bandwidth
     * @param busGbPerS    out-of-place bus bandwidth
     * @param inPlaceTimeUs in-place time (NaN when absent)
     * @param inPlaceBusGbPerS in-place bus bandwidth (NaN when absent)
     * @param line         1-based line in the file
     */
    public record Row(long bytes, long count, String type, String redop, int root, double timeUs, double algGbPerS,
                      double busGbPerS, double inPlaceTimeUs, double inPlaceBusGbPerS, int line) {

        /** The better of the out-of-place and in-place bus bandwidth. */
        public double bestBusGbPerS() {
            return Double.isNaN(inPlaceBusGbPerS) ? busGbPerS : Math.max(busGbPerS, inPlaceBusGbPerS);
        }
    }

    /** The row of the largest message (where bus bandwidth is meant to be read), or null when empty. */
    public Row largest() {
        return rows.isEmpty() ? null : rows.get(rows.size() - 1);
    }

    /** The row with the highest out-of-place bus bandwidth, or null when empty. */
    public Row peak() {
        return rows.stream().max(Comparator.comparingDouble(Row::busGbPerS)).orElse(null);
    }
}
