package dev.lanescope.probe;

import dev.lanescope.analysis.UnderLoad;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Units;

/**
 * Turns a receipt into under-load evidence for the link verdicts (docs/RULES.md §2): the GPU's link generation and
 * width sampled by nvidia-smi while the probe worked (keyed at the GPU's bus id), and the root port's sysfs link
 * when lanescope's runner polled it (keyed at the root port). Without samples, the achieved bandwidth can still
 * prove the link reached its maximum (docs/RULES.md §7: achieved GB/s is itself proof of the trained state); it is never
 * used to call a link degraded, since a slow engine also gives a low number.
 */
public final class ReceiptEvidence {

    private ReceiptEvidence() {
    }

    /**
     * Why a receipt's numbers cannot be this capture's, or null when nothing says they are from elsewhere: the host
     * names differ, or the same host's boot ids differ (a link retrains at every boot). A capture or receipt that
     * records neither cannot be checked, and is taken as the same machine.
     */
    public static String otherMachine(Receipt r, dev.lanescope.model.Capture c) {
        String ch = c.metadata().get("hostname");
        String rh = r.hostname();
        if (ch != null && rh != null && !ch.strip().equalsIgnoreCase(rh.strip())) {
            return "the receipt was measured on " + rh.strip() + ", the capture was taken on " + ch.strip()
                    + ": its figures are not this machine's, so they change no verdict here";
        }
        String cb = c.metadata().get("bootId");
        String rb = r.bootId();
        if (cb != null && rb != null && !cb.strip().equalsIgnoreCase(rb.strip())) {
            return "the receipt was measured in another boot (boot id " + rb.strip() + ", the capture's is "
                    + cb.strip() + "): links retrain at every boot, so its readings change no verdict here";
        }
        return null;
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
                u = u.with(gpu, capGen, -1, from + ": achieved " + Units.twoDecimals(best) + " GB/s, more than Gen"
                        + (capGen - 1) + " x" + capWidth + " carries");
            }
        }
        return u;
    }
}
