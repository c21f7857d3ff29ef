package dev.lanescope.model.p2p;

/** Where a pair stands on one rung of the P2P acceptance ladder. */
public enum RungStatus {
    PASS,
    FAIL,
    /** No evidence yet, or evidence that cannot decide. */
    NOT_PROVEN,
    /** The rung's rule belongs to another driver's stack (amdgpu's large-BAR rule for two NVIDIA GPUs). */
    NOT_APPLICABLE
}
