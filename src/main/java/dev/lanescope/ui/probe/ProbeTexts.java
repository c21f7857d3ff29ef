package dev.lanescope.ui.probe;

import java.nio.file.Path;
import java.util.Locale;

import dev.lanescope.probe.BatchReading;
import dev.lanescope.probe.EngineVsWire;
import dev.lanescope.probe.GpuUsers;
import dev.lanescope.probe.LinkMath;
import dev.lanescope.probe.ProbeRun;
import dev.lanescope.probe.Receipt;
import dev.lanescope.probe.ReceiptCompare;
import dev.lanescope.probe.ReceiptReading;

/** The probe panel's sentences, apart from its state machine ({@link ProbeViewModel}): what each outcome says. */
final class ProbeTexts {

    static final String START = "Pick a GPU and press Run, or open a saved receipt.";

    private ProbeTexts() {
    }

    /** The answer when the user declined to probe beside the processes using the GPU. */
    static String notRun(GpuUsers.Listing users, String gpu) {
        int n = users.users().size();
        return "Not run: " + n + " process" + (n == 1 ? " uses " : "es use ") + gpu + ". A probe beside a serving"
                + " process slows it, reads low, and can wedge the driver: stop them first, then run.";
    }

    /** The status line once a run ended with a receipt: its summary, and where the receipt went (or why not). */
    static String finished(ProbeRun run, Path saved, String saveError) {
        String tail = saved != null ? "; receipt saved to " + saved
                : saveError != null ? "; the receipt could not be saved: " + saveError : "";
        return capitalise(run.summary()) + tail;
    }

    /** The status line when the probe found no GPU: its own words, else what it printed on stderr. */
    static String noGpu(ProbeRun run) {
        return "No GPU: " + (run.end() != null && run.end().error() != null ? run.end().error()
                : String.join(" ", run.stderrLines()));
    }

    /**
     * A typed engine rate held against the wire at the same size, in words: empty when nothing was typed, the parse
     * error for a typo, a reminder while there is no receipt to hold it against.
     */
    static String engineAgainstWire(String typed, Receipt r, ReceiptReading rd) {
        if (typed == null || typed.isBlank()) return "";
        EngineVsWire.Claim c;
        try {
            c = EngineVsWire.parse(typed);
        } catch (IllegalArgumentException bad) {
            return bad.getMessage();
        }
        if (r == null || rd == null) return engineWaiting(c);
        return EngineVsWire.of(c, BatchReading.of(r.results()), rd.peakPinnedH2d()).sentence();
    }

    /** A typed engine rate read back while there is no measurement to hold it against. */
    static String engineWaiting(EngineVsWire.Claim c) {
        return String.format(Locale.ROOT, "Read as %.2f GB/s at %s. Run the probe or open a receipt to compare it"
                + " with this link at the same size.", c.gbps(), LinkMath.size(c.bytes()));
    }

    static String compared(ReceiptCompare c) {
        return "Compared: " + c.linkA() + " vs " + c.linkB() + ", " + c.changes().size() + " rows";
    }

    static String compareDetails(ReceiptCompare c) {
        StringBuilder sb = new StringBuilder();
        for (ReceiptCompare.Change ch : c.changes()) sb.append(ch.line()).append('\n');
        return sb.toString().stripTrailing();
    }

    /** The receipt's one-line identity: GPU, host, time, the link it recorded, and whether it makes a claim. */
    static String info(Receipt r, ReceiptReading rd) {
        return r.label() + ": " + (r.gpuName() == null ? "GPU" : r.gpuName())
                + (r.gpuBusId() == null ? "" : " " + r.gpuBusId()) + " on " + (r.hostname() == null ? "?" : r.hostname())
                + ", " + (r.startedAt() == null ? "time unknown" : r.startedAt()) + " · link recorded "
                + LinkMath.link(rd.trainedGen(), rd.trainedWidth()) + ", capable "
                + LinkMath.link(rd.capableGen(), rd.capableWidth()) + " · " + (rd.claimable() ? "a claim (link state"
                + " recorded in the same boot)" : "not a claim");
    }

    /** "Achieved / usable: 0.88 …" for the best pinned H2D size, at the trained and at the capable link. */
    static String ratio(ReceiptReading rd) {
        ReceiptReading.Row peak = null;
        for (ReceiptReading.Row row : rd.rows()) {
            double v = row.bestPinnedH2d();
            if (!Double.isNaN(v) && (peak == null || v > peak.bestPinnedH2d())) peak = row;
        }
        if (peak == null) return "Achieved / usable: no pinned host-to-device result.";
        String trained = LinkMath.link(rd.trainedGen(), rd.trainedWidth());
        String capable = LinkMath.link(rd.capableGen(), rd.capableWidth());
        StringBuilder s = new StringBuilder("Achieved / usable: ");
        if (Double.isNaN(peak.usableTrained())) {
            s.append("unknown (no link state recorded)");
        } else {
            s.append(String.format(Locale.ROOT, "%.2f at the trained %s (pinned H2D %.1f of %.1f GB/s at %s)",
                    peak.ratioTrained(), trained, peak.bestPinnedH2d(), peak.usableTrained(),
                    LinkMath.size(peak.bytes())));
        }
        if (!Double.isNaN(peak.usableCapable())) {
            s.append(String.format(Locale.ROOT, "; %.2f of the capable %s (%.1f GB/s)", peak.ratioCapable(), capable,
                    peak.usableCapable()));
        }
        if (rd.voidTimings()) s.append(". The link trained low: these timings are void.");
        return s.append('.').toString().replace("..", ".");
    }

    static String firstLine(String s) {
        if (s == null) return "";
        int i = s.indexOf('\n');
        return i < 0 ? s : s.substring(0, i);
    }

    private static String capitalise(String s) {
        return s == null || s.isEmpty() ? "" : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
