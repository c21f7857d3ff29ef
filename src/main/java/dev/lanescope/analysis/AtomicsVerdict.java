package dev.lanescope.analysis;

import dev.lanescope.model.Bdf;

/**
 * Can this function do PCIe AtomicOps to the CPU (DOMAIN.md §4)?
 *
 * @param endpoint   the requester
 * @param status     the answer
 * @param breaksAt   the first function (nearest the requester) that breaks the chain, or that hides the fact;
 *                   null when none
 * @param missingBit what that function lacks, in lspci's words ({@code AtomicOpsCap Routing-}); null when none
 * @param reason     the sentence the user reads
 */
public record AtomicsVerdict(Bdf endpoint, Status status, Bdf breaksAt, String missingBit, String reason) {

    public enum Status {
        /** Chain good and the driver set ReqEn+. */
        ROUTABLE_ENABLED,
        /** Chain good, ReqEn-: no driver asked yet (not a failure). */
        ROUTABLE_NOT_REQUESTED,
        /** Some function on the path cannot route or complete AtomicOps. */
        BLOCKED,
        /** No visible Root Port, hidden capabilities, or an lspci too old to print AtomicOpsCap. */
        UNVERIFIABLE,
        /** Not an Endpoint, Legacy Endpoint or RC Integrated Endpoint. */
        NOT_A_REQUESTER
    }

    public boolean isRoutable() {
        return status == Status.ROUTABLE_ENABLED || status == Status.ROUTABLE_NOT_REQUESTED;
    }
}
