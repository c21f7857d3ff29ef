package dev.lanescope.ui.probe;

import java.util.List;

import dev.lanescope.analysis.Analyzer;
import dev.lanescope.analysis.UnderLoad;
import dev.lanescope.model.Topology;
import dev.lanescope.pipeline.CaptureAnalysis;
import dev.lanescope.pipeline.ReceiptOnCapture;
import dev.lanescope.probe.Receipt;
import dev.lanescope.ui.model.InsightsFactory;
import dev.lanescope.ui.session.OpenCapture;

/**
 * A receipt's under-load evidence applied to the open capture ({@link ReceiptOnCapture}, the checks the command line
 * makes too), in the window's words. Off the FX thread; the caller publishes {@link Outcome#analysed()}.
 */
final class EvidenceOnCapture {

    /** What to say, and the new analysis to show (null when nothing applies). */
    record Outcome(String text, InsightsFactory.Analysed analysed) {
    }

    private EvidenceOnCapture() {
    }

    static Outcome apply(Receipt r, OpenCapture l) {
        Topology t = l.topology();
        InsightsFactory.Analysed shown = l.analysed();
        // the capture as read, without evidence: the open one, unless an earlier receipt's evidence is applied
        CaptureAnalysis base = new CaptureAnalysis(l.label(), t.capture(), t,
                shown.evidence().byFunction().isEmpty() ? shown.report() : Analyzer.analyze(t), UnderLoad.none());
        ReceiptOnCapture on = ReceiptOnCapture.apply(r, base);
        if (!on.applied()) return new Outcome("Not applied to the open capture (" + l.label() + "): " + on.why() + ".", null);
        String head = "Applied to the open capture (" + l.label() + ")"
                + (r.gpuBusId() == null ? "" : ", GPU " + r.gpuBusId()) + ": ";
        List<String> changes = on.changes().stream().map(c -> c.after().hopLabel() + ": " + c.before().verdict().words()
                + " → " + c.after().verdict().words() + ". " + c.after().reason()).toList();
        return new Outcome(changes.isEmpty() ? head + "no verdict changed; the link readings under load agree with"
                + " what the capture says." : head + String.join(" ", changes), InsightsFactory.from(on.upgraded()));
    }
}
