package dev.lanescope.model;

import java.util.List;

/**
 * An nccl-tests / rccl-tests {@code all_reduce_perf} run: how long one all-reduce took per message size, over
 * {@code ranks} GPUs.
 *
 * @param file    the file as the user named it
 * @param ranks   GPUs taking part (the {@code # Rank} lines, else nThread x nGpus)
 * @param devices the device names of the {@code # Rank} lines, in rank order
 * @param rows    one per size, ascending
 */
public record AllReduceTable(String file, int ranks, List<String> devices, List<Row> rows) {

    public AllReduceTable {
        devices = List.copyOf(devices);
        rows = List.copyOf(rows);
    }

    /**
     * @param bytes        message size (the {@code size} column)
     * @param outOfPlaceUs the out-of-place {@code time} column, microseconds
     * @param inPlaceUs    the in-place {@code time} column (NaN when absent)
     * @param busGbPerS    the out-of-place {@code busbw} column
     * @param line         1-based line in the file
     */
    public record Row(long bytes, double outOfPlaceUs, double inPlaceUs, double busGbPerS, int line) {
    }
}
