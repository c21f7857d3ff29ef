package dev.lanescope.model.p2p;

import java.util.Locale;

/** The operations nccl-tests and rccl-tests measure, by the name of their program ({@code sendrecv_perf}). */
public enum CollectiveOp {
    SENDRECV("sendrecv", "send/receive"),
    ALL_REDUCE("all_reduce", "all-reduce"),
    ALL_GATHER("all_gather", "all-gather"),
    REDUCE_SCATTER("reduce_scatter", "reduce-scatter"),
    BROADCAST("broadcast", "broadcast"),
    REDUCE("reduce", "reduce"),
    ALLTOALL("alltoall", "all-to-all"),
    GATHER("gather", "gather"),
    SCATTER("scatter", "scatter"),
    HYPERCUBE("hypercube", "hypercube");

    private final String token;
    private final String words;

    CollectiveOp(String token, String words) {
        this.token = token;
        this.words = words;
    }

    /** The program's name without {@code _perf}: {@code all_reduce}. */
    public String token() {
        return token;
    }

    /** The program: {@code all_reduce_perf}. */
    public String program() {
        return token + "_perf";
    }

    public String words() {
        return words;
    }

    /** The op a program or file name names ({@code ./build/all_gather_perf}, {@code sendrecv.log}), or null. */
    public static CollectiveOp named(String text) {
        if (text == null) return null;
        String t = text.toLowerCase(Locale.ROOT).replace('-', '_');
        CollectiveOp best = null;
        for (CollectiveOp op : values()) {
            // longest match wins: "reduce_scatter" over "reduce", "all_reduce" over "reduce"
            if (t.contains(op.token) && (best == null || op.token.length() > best.token.length())) best = op;
        }
        return best;
    }
}
