package dev.lanescope.model;

/**
 * AtomicOps bits of one function (DevCap2 {@code AtomicOpsCap:} and DevCtl2 {@code AtomicOpsCtl:}).
 * Each flag is tri-state: {@code null} means lspci did not print it (not applicable, old lspci, or hidden).
 */
public record Atomics(Boolean routing, Boolean completer32, Boolean completer64, Boolean completer128,
                      Boolean requesterEnabled, Boolean egressBlocked) {

    public static final Atomics NONE = new Atomics(null, null, null, null, null, null);

    public boolean isEmpty() {
        return routing == null && completer32 == null && completer64 == null && completer128 == null
                && requesterEnabled == null && egressBlocked == null;
    }

    public Atomics withCap(Boolean routing, Boolean c32, Boolean c64, Boolean c128) {
        return new Atomics(routing, c32, c64, c128, requesterEnabled, egressBlocked);
    }

    public Atomics withCtl(Boolean reqEn, Boolean egress) {
        return new Atomics(routing, completer32, completer64, completer128, reqEn, egress);
    }
}
