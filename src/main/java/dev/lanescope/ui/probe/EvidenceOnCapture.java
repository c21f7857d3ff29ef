package dev.lanescope.ui.probe;

import java.util.ArrayList;
import java.util.List;

import dev.lanescope.analysis.Analyzer;
import dev.lanescope.analysis.HopVerdict;
import dev.lanescope.analysis.Report;
import dev.lanescope.analysis.UnderLoad;
import dev.lanescope.model.Bdf;
import dev.lanescope.probe.Receipt;
import dev.lanescope.probe.ReceiptEvidence;
import dev.lanescope.ui.main.MainViewModel;
import dev.lanescope.ui.model.InsightsFactory;

/**
 * A receipt's under-load evidence applied to the open capture (DOMAIN.md §2): when the receipt's GPU is a function
 * of the capture, the capture is analysed again with the evidence, so an idle downshift becomes OK or speed degraded.
 * Off the FX thread; the caller publishes {@link Outcome#analysed()}.
 */
final class EvidenceOnCapture {

    /** What to say, and the new analysis to show (null when nothing applies). */
    record Outcome(String text, InsightsFactory.Analysed analysed) {
    }

    private EvidenceOnCapture() {
    }

    static Outcome apply(Receipt r, MainViewModel.Loaded l) {
        Bdf gpu = r.gpuBusId();
        if (gpu == null) {
            return new Outcome("The receipt names no GPU bus id, so it cannot be matched to the capture.", null);
        }
        if (l.topology().node(gpu).isEmpty()) {
            return new Outcome("The receipt's GPU " + gpu + " is not in the open capture (" + l.label() + "): receipt"
                    + " and capture come from different machines (or a VM), so its evidence applies to no hop.", null);
        }
        String elsewhere = ReceiptEvidence.otherMachine(r, l.topology().capture());
        if (elsewhere != null) {
            return new Outcome("Not applied to the open capture (" + l.label() + "): " + elsewhere + ".", null);
        }
        UnderLoad ev = ReceiptEvidence.of(r);
        if (ev.byFunction().isEmpty()) {
            return new Outcome("The receipt holds no under-load link evidence for " + gpu + ": the capture's verdicts"
                    + " stand as they are.", null);
        }
        Report base = Analyzer.analyze(l.topology());
        InsightsFactory.Analysed a = InsightsFactory.analyse(l.topology(), ev);
        List<String> changes = new ArrayList<>();
        for (int i = 0; i < Math.min(base.hops().size(), a.report().hops().size()); i++) {
            HopVerdict x = base.hops().get(i);
            HopVerdict y = a.report().hops().get(i);
            if (x.verdict() != y.verdict()) {
                changes.add(y.hopLabel() + ": " + x.verdict().words() + " → "
                        + y.verdict().words() + ". " + y.reason());
            }
        }
        String head = "Applied to the open capture (" + l.label() + "), GPU " + gpu + ": ";
        return new Outcome(changes.isEmpty() ? head + "no verdict changed; the link readings under load agree with"
                + " what the capture says." : head + String.join(" ", changes), a);
    }
}
