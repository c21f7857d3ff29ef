package dev.lanescope.model;

/**
 * The error counters of one function, as the kernel and the GPU drivers count them (docs/RULES.md §12): the sysfs AER
 * counters {@code aer_dev_correctable}, {@code aer_dev_nonfatal}, {@code aer_dev_fatal} (their {@code TOTAL_ERR_*}
 * lines), a root port's {@code aer_rootport_total_err_*} (errors reported to it from everything below), and the PCIe
 * replay counter (nvidia-smi, or amdgpu's {@code pcie_replay_count}). A counter that was not read is -1.
 *
 * @param correctable     correctable errors this function saw
 * @param nonFatal        uncorrectable non-fatal errors
 * @param fatal           uncorrectable fatal errors
 * @param replays         link-level replays (the GPU's own counter)
 * @param rootCorrectable a root port's total of correctable errors reported to it
 * @param rootNonFatal    a root port's total of non-fatal errors reported to it
 * @param rootFatal       a root port's total of fatal errors reported to it
 */
public record ErrorCounters(long correctable, long nonFatal, long fatal, long replays, long rootCorrectable,
                            long rootNonFatal, long rootFatal) {

    /** Nothing read. */
    public static final ErrorCounters NONE = new ErrorCounters(-1, -1, -1, -1, -1, -1, -1);

    /** The errors seen on this function's own link (the root-port totals are not: they come from the whole tree). */
    public long linkErrors() {
        return n(correctable) + n(nonFatal) + n(fatal) + n(replays);
    }

    /** Some counter of this function's own link was read. */
    public boolean read() {
        return correctable >= 0 || nonFatal >= 0 || fatal >= 0 || replays >= 0;
    }

    /** This one with {@code other}'s counters where this has none. */
    public ErrorCounters orElse(ErrorCounters other) {
        return new ErrorCounters(pick(correctable, other.correctable), pick(nonFatal, other.nonFatal),
                pick(fatal, other.fatal), pick(replays, other.replays), pick(rootCorrectable, other.rootCorrectable),
                pick(rootNonFatal, other.rootNonFatal), pick(rootFatal, other.rootFatal));
    }

    /**
     * What was added between {@code earlier} and this reading; a counter read only once, or that went down (a reset,
     * a driver reload), is -1.
     */
    public ErrorCounters since(ErrorCounters earlier) {
        return new ErrorCounters(d(correctable, earlier.correctable), d(nonFatal, earlier.nonFatal),
                d(fatal, earlier.fatal), d(replays, earlier.replays), d(rootCorrectable, earlier.rootCorrectable),
                d(rootNonFatal, earlier.rootNonFatal), d(rootFatal, earlier.rootFatal));
    }

    /** The counters one by one with their names, for words and metrics: only those that were read. */
    public java.util.Map<String, Long> named() {
        java.util.Map<String, Long> m = new java.util.LinkedHashMap<>();
        put(m, "correctable", correctable);
        put(m, "nonfatal", nonFatal);
        put(m, "fatal", fatal);
        put(m, "replays", replays);
        put(m, "rootport_correctable", rootCorrectable);
        put(m, "rootport_nonfatal", rootNonFatal);
        put(m, "rootport_fatal", rootFatal);
        return m;
    }

    private static void put(java.util.Map<String, Long> m, String k, long v) {
        if (v >= 0) m.put(k, v);
    }

    private static long n(long v) {
        return Math.max(0, v);
    }

    private static long pick(long a, long b) {
        return a >= 0 ? a : b;
    }

    private static long d(long now, long before) {
        return now < 0 || before < 0 || now < before ? -1 : now - before;
    }
}
