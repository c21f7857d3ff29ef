package dev.lanescope.model;

import java.util.List;

/** A Resizable BAR entry: {@code BAR 0: current size: 256MB, supported: 256MB 512MB 1GB}. Sizes in bytes, -1 unknown. */
public record ResizableBar(int barIndex, long currentBytes, List<Long> supportedBytes) {
    public ResizableBar {
        supportedBytes = List.copyOf(supportedBytes);
    }

    public long maxSupportedBytes() {
        return supportedBytes.stream().mapToLong(Long::longValue).max().orElse(currentBytes);
    }
}
