package dev.lanescope.probe;

import java.time.Duration;
import java.util.List;

/**
 * Everything one probe run left: its results as they arrived (kept whatever happened), the start and end lines,
 * the other lines, notes about the stream, stderr, and how it ended.
 */
public record ProbeRun(List<String> command, Status status, int exitCode, ProbeEvent.Start start, ProbeEvent.End end,
                       List<ProbeResult> results, List<ProbeEvent.Other> otherLines, List<String> notes,
                       List<String> unparsedLines, String stderr, Duration wall, String startError) {

    /** How a run ended. */
    public enum Status {
        /** exit 0 and an {@code end} line with ok true */
        COMPLETED,
        /** non-zero exit, a crash, or an {@code end} line with ok false */
        FAILED,
        /** over its time limit: killed */
        TIMED_OUT,
        /** cancelled by the user: killed */
        CANCELLED,
        /** the binary could not be started */
        NOT_STARTED
    }

    public ProbeRun {
        command = List.copyOf(command);
        results = List.copyOf(results);
        otherLines = List.copyOf(otherLines);
        notes = List.copyOf(notes);
        unparsedLines = List.copyOf(unparsedLines);
    }

    public boolean ok() {
        return status == Status.COMPLETED;
    }

    /** The probe said there is no device (exit 3, "no CUDA device" / "no HIP device"). */
    public boolean noDevice() {
        return exitCode == 3 || (end != null && end.exitCode() == 3);
    }

    /** The stderr lines that carry the probe's own message (never only the tail). */
    public List<String> stderrLines() {
        return stderr == null || stderr.isBlank() ? List.of() : stderr.strip().lines().toList();
    }

    /** One sentence: how it ended, how many results were kept, and why. */
    public String summary() {
        int planned = start == null ? -1 : plannedResults();
        String kept = results.size() + (planned > 0 ? " of " + planned : "") + " result"
                + (results.size() == 1 ? "" : "s");
        String probeError = end != null && end.error() != null ? end.error()
                : stderrLines().isEmpty() ? null : stderrLines().get(stderrLines().size() - 1);
        switch (status) {
            case COMPLETED:
                return "probe finished: " + kept + " in " + seconds() + " s";
            case TIMED_OUT:
                return "probe killed after its time limit (" + seconds() + " s): partial results kept, " + kept;
            case CANCELLED:
                return "probe cancelled: partial results kept, " + kept;
            case NOT_STARTED:
                return "probe could not start: " + startError;
            default:
                return "probe failed (exit " + exitCode + ")" + (probeError == null ? "" : ": " + probeError)
                        + "; partial results kept, " + kept;
        }
    }

    /** GPUs x sizes x results per size (the batched modes pinned only), from the start line. */
    public int plannedResults() {
        if (start == null) return -1;
        int gpus = Math.max(1, start.raw().path("gpus").size());
        return gpus * start.sizes().size() * start.resultsPerSize();
    }

    private String seconds() {
        return String.format(java.util.Locale.ROOT, "%.1f", wall.toMillis() / 1000.0);
    }
}
