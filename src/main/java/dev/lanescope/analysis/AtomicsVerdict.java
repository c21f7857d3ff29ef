package dev.lanescope.analysis;

import dev.lanescope.model.Bdf;

/**
 * Can this function do PCIe AtomicOps to the CPU (docs/RULES.md §4), and does its driver need them?
 *
 * @param endpoint   the requester
 * @param status     the answer
 * @param breaksAt   for BLOCKED, the first function (nearest the requester) that breaks the chain; for
 *                   UNVERIFIABLE, the one that hides the fact (may be null); null otherwise
 * @param missingBit what that function lacks, in lspci's words ({@code AtomicOpsCap Routing-}); null when none
 * @param reason     the sentences the user reads
 * @param need       whether (and why) the requester's driver asks for AtomicOps
 */
public record AtomicsVerdict(Bdf endpoint, Status status, Bdf breaksAt, String missingBit, String reason,
                             AtomicsChain.Need need) {

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

    /** A chain that breaks for a device whose driver needs it: the only AtomicOps finding shown as a fault. */
    public boolean isFault() {
        return status == Status.BLOCKED && need.matters();
    }

    /** The status in the words the panel, the table and the command line print. */
    public String words() {
        return switch (status) {
            case ROUTABLE_ENABLED -> "Works";
            case ROUTABLE_NOT_REQUESTED -> "Routable (no driver asked yet)";
            case BLOCKED -> need.matters() ? "Blocked" : "Not routed, not needed";
            case UNVERIFIABLE -> "Cannot be verified";
            case NOT_A_REQUESTER -> "Not a requester";
        };
    }
}
