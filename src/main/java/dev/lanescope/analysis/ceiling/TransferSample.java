package dev.lanescope.analysis.ceiling;

/** One measured host-to-device transfer size: bytes per transfer and the median time of one transfer. */
public record TransferSample(long bytes, double medianMs) {

    public TransferSample {
        if (bytes < 1) throw new CeilingInputException("bytes", "a transfer moves at least one byte (got " + bytes + ")");
        if (!(medianMs > 0) || Double.isInfinite(medianMs)) {
            throw new CeilingInputException("medianMs", "must be a finite time above 0 ms (got " + medianMs + ")");
        }
    }

    /** GB/s as the probes print it: bytes / 1e9 / seconds. */
    public double gbPerS() {
        return bytes / 1e9 / (medianMs / 1000.0);
    }
}
