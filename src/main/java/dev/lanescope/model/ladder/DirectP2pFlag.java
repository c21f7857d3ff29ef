package dev.lanescope.model.ladder;

/** A framework or RCCL/NCCL log's {@code isAllDirectP2p 1} (or {@code 0}): every rank pair on the direct path, or not. */
public record DirectP2pFlag(boolean allDirect, EvidenceLine at) {
}
