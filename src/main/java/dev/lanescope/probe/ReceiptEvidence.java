package dev.lanescope.probe;

import dev.lanescope.analysis.UnderLoad;
import dev.lanescope.model.Bdf;

/**
 * Turns a receipt into under-load evidence for the link verdicts (DOMAIN.md §2): the GPU's link generation and
 * width sampled by nvidia-smi while the probe worked (keyed at the GPU's bus id), and the root port's sysfs link
 * when lanescope's runner polled it (keyed at the root port). Without samples, the achieved bandwidth can still
 * prove the link reached its maximum (seed 000: achieved GB/s is itself proof of the trained state); it is never
 * used to call a link degraded, since a slow engine also gives a low number.
 */
public final class ReceiptEvidence {

    private ReceiptEvidence() {
    }

    public static UnderLoad of(Receipt r) {
        UnderLoad u = UnderLoad.none();
        Bdf gpu = r.gpuBusId();
        Receipt.Sampled g = r.gpuUnderLoad();
        String from = "probe receipt " + r.label();
        if (gpu != null && g.any()) {
            u = u.with(gpu, g.genMax(), g.widthMax(), from + ": " + g.what() + " under load, " + g.count()
                    + " samples, Gen" + g.genMin() + ".." + g.genMax());
        }
        Receipt.Sampled rp = r.rootPortUnderLoad();
        if (r.rootPort() != null && rp.any()) {
            u = u.with(r.rootPort(), rp.genMax(), rp.widthMax(), from + ": " + rp.what() + " under load, "
                    + rp.count() + " samples");
        }
        if (gpu != null && !g.any()) {
            int capGen = r.capableGeneration();
            int capWidth = r.capableWidth();
            double best = r.results().stream().filter(x -> "pinned".equals(x.memory()))
                    .mapToDouble(ProbeResult::gbPerS).filter(d -> !Double.isNaN(d)).max().orElse(Double.NaN);
            if (capGen > 1 && capWidth > 0 && !Double.isNaN(best)
                    && best > LinkMath.usableGBps(capGen - 1, capWidth)) {
                u = u.with(gpu, capGen, -1, from + ": achieved " + LinkMath.gb(best) + " GB/s, more than Gen"
                        + (capGen - 1) + " x" + capWidth + " carries");
            }
        }
        return u;
    }
}
