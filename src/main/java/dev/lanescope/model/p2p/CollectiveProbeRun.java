package dev.lanescope.model.p2p;

import java.util.List;

/**
 * What a collective probe run ({@code native-probes/collective_probe.py}) left: its start facts and one outcome per
 * rank and operation, in the order they happened; a run cut short keeps what it reached.
 *
 * @param file      the receipt as the user named it
 * @param backend   {@code nccl} (NCCL or RCCL) or {@code gloo} (CPU only: mechanics, not the GPUs)
 * @param devices   the two GPUs, rank order ({@code "0 NVIDIA H200 0000:19:00.0"}); empty when the start line is missing
 * @param busIds    their PCI addresses where torch gave them (null entries otherwise)
 * @param timeoutS  the group timeout in seconds (NaN when not given)
 * @param versions  torch / CUDA / HIP / NCCL versions as printed, for the receipt's reader
 * @param ops       every outcome
 * @param ended     true when the probe's end line is there
 * @param endError  the end line's error (null when none)
 */
public record CollectiveProbeRun(String file, String backend, List<String> devices, List<String> busIds,
                                 double timeoutS, String versions, List<OpOutcome> ops, boolean ended,
                                 String endError) {

    public CollectiveProbeRun {
        devices = List.copyOf(devices);
        busIds = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(busIds));
        ops = List.copyOf(ops);
    }

    /** How one operation went on one rank. */
    public enum OpStatus {
        OK, FAIL, HANG, CRASH, NOT_RUN;

        /** True for the outcomes that mean the operation does not work here. */
        public boolean broken() {
            return this == FAIL || this == HANG || this == CRASH;
        }
    }

    /**
     * One operation on one rank.
     *
     * @param phase   {@code collectives} or {@code sendrecv} (each its own fresh group)
     * @param op      {@code broadcast}, {@code all_reduce}, {@code barrier}, {@code send_recv_0_to_1}, ... or
     *                {@code init} (joining the group)
     * @param rank    0 or 1; -1 for an op neither rank reached
     * @param seconds how long it took, or how long the rank was silent for a hang
     * @param error   the error text as the probe reported it, null when none
     */
    public record OpOutcome(String phase, String op, int rank, OpStatus status, double seconds, String error,
                            Evidence at) {
    }
}
