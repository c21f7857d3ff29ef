package dev.lanescope.ui.probe;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.lanescope.layout.TopologyLayouts;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Vendor;
import dev.lanescope.ui.session.OpenCapture;

/**
 * One GPU the panel offers: its bus id (which maps it to its box in the graph, {@code nodeId}), its name, and its
 * rank among the capture's GPUs of the same vendor in bus order (the CUDA/HIP index when the capture is this
 * machine and nvidia-smi cannot be asked). {@code bdf} null means "GPU 0 of this machine" (no capture GPU).
 */
public record GpuChoice(Bdf bdf, String name, String nodeId, int vendorRank) {

    public static GpuChoice thisMachine() {
        return new GpuChoice(null, "GPU 0 of this machine (the open capture lists no GPU)", null, 0);
    }

    /**
     * The GPUs a probe can measure in a loaded capture, in the order given ({@code gpus}, bus order), each ranked
     * among its vendor's; an integrated GPU has no PCIe link to measure and is left out. With none (or no capture):
     * {@link #thisMachine()} alone.
     */
    static List<GpuChoice> listFrom(OpenCapture loaded, List<Bdf> gpus) {
        List<GpuChoice> out = new ArrayList<>();
        if (loaded != null) {
            Map<Vendor, Integer> rank = new HashMap<>();
            for (Bdf b : gpus) {
                TopoNode.FunctionNode n = loaded.topology().node(b).orElse(null);
                if (n == null || n.role() == TopoNode.Role.INTEGRATED) continue;
                int r = rank.merge(Vendor.of(n.function()), 1, Integer::sum) - 1;
                var box = loaded.picture().nodeOf(b);
                out.add(new GpuChoice(b, TopologyLayouts.withoutVendor(n.function().shortName()),
                        box == null ? null : box.id(), r));
            }
        }
        if (out.isEmpty()) out.add(thisMachine());
        return out;
    }

    /** The choice for {@code want} (the one kept, else the selected card), else the first. */
    static GpuChoice pick(List<GpuChoice> choices, Bdf want) {
        for (GpuChoice c : choices) if (c.bdf() != null && c.bdf().equals(want)) return c;
        return choices.get(0);
    }

    /** "0000:01:00.0  Quadro P2000". */
    public String label() {
        return bdf == null ? name : bdf + "  " + name;
    }

    @Override
    public String toString() {
        return label();
    }
}
