package dev.lanescope.pipeline;

import java.util.ArrayList;
import java.util.List;

import dev.lanescope.analysis.HopVerdict;
import dev.lanescope.analysis.UnderLoad;
import dev.lanescope.model.Bdf;
import dev.lanescope.probe.Receipt;
import dev.lanescope.probe.ReceiptEvidence;

/**
 * A probe receipt's under-load evidence applied to a capture, with the one set of checks the command line and the
 * window share: a receipt from another machine or boot changes nothing, nor one whose GPU the capture lacks, nor one
 * with no link reading under load; otherwise the capture is judged again with the evidence and the hops whose
 * verdict changed are listed.
 *
 * @param why      when not applied, why (a sentence fragment naming the capture); null when applied
 * @param upgraded the capture judged with the receipt's evidence (the base analysis when not applied)
 */
public record ReceiptOnCapture(Status status, String why, CaptureAnalysis base, CaptureAnalysis upgraded,
                               List<Change> changes) {

    public enum Status { OTHER_MACHINE, GPU_NOT_IN_CAPTURE, NO_EVIDENCE, APPLIED }

    /** A hop whose verdict the evidence changed. */
    public record Change(HopVerdict before, HopVerdict after) {
    }

    public ReceiptOnCapture {
        changes = List.copyOf(changes);
    }

    public boolean applied() {
        return status == Status.APPLIED;
    }

    /** Applies the receipt's evidence to {@code base} (a usable capture analysis, judged without evidence). */
    public static ReceiptOnCapture apply(Receipt r, CaptureAnalysis base) {
        String elsewhere = ReceiptEvidence.otherMachine(r, base.capture());
        if (elsewhere != null) return notApplied(Status.OTHER_MACHINE, elsewhere, base);
        Bdf gpu = r.gpuBusId();
        if (gpu != null && base.topology().node(gpu).isEmpty()) {
            return notApplied(Status.GPU_NOT_IN_CAPTURE, "the receipt's GPU " + gpu + " is not in the capture: receipt"
                    + " and capture come from different machines (or a VM), so its evidence applies to no hop", base);
        }
        UnderLoad ev = ReceiptEvidence.of(r);
        if (ev.byFunction().isEmpty()) {
            return notApplied(Status.NO_EVIDENCE, "the receipt holds no under-load link evidence"
                    + (gpu == null ? " (it names no GPU bus id)" : " for " + gpu) + ": the capture's verdicts stand"
                    + " as they are", base);
        }
        CaptureAnalysis up = base.withEvidence(ev);
        List<Change> changes = new ArrayList<>();
        List<HopVerdict> a = base.report().hops();
        List<HopVerdict> b = up.report().hops();
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            if (a.get(i).verdict() != b.get(i).verdict()) changes.add(new Change(a.get(i), b.get(i)));
        }
        return new ReceiptOnCapture(Status.APPLIED, null, base, up, changes);
    }

    private static ReceiptOnCapture notApplied(Status s, String why, CaptureAnalysis base) {
        return new ReceiptOnCapture(s, why, base, base, List.of());
    }
}
