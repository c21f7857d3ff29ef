package dev.lanescope.analysis;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.NvidiaSmiLink;

/**
 * Link readings taken while the device worked: the highest generation and width seen under load, per function.
 * The key is the function whose own link was read (for nvidia-smi, the GPU; for a probe receipt that reads a root
 * port's {@code current_link_speed}, the root port). A reading only counts for the hop that function's own
 * LnkSta describes: an RDNA GPU's own endpoint always reads 16 GT/s because that is the link inside the card
 * (docs/RULES.md §2), so it says nothing about the root port's hop.
 */
public record UnderLoad(Map<Bdf, Observation> byFunction) {

    /** One reading: generation 1..6 (-1 unknown), width (-1 unknown), and where it came from. */
    public record Observation(int maxGeneration, int maxWidth, String source) {
    }

    public UnderLoad {
        byFunction = Map.copyOf(byFunction);
    }

    public static UnderLoad none() {
        return new UnderLoad(Map.of());
    }

    public static UnderLoad of(Bdf bdf, int maxGeneration, int maxWidth, String source) {
        return new UnderLoad(Map.of(bdf, new Observation(maxGeneration, maxWidth, source)));
    }

    public UnderLoad with(Bdf bdf, int maxGeneration, int maxWidth, String source) {
        Map<Bdf, Observation> m = new LinkedHashMap<>(byFunction);
        m.put(bdf, new Observation(maxGeneration, maxWidth, source));
        return new UnderLoad(m);
    }

    /**
     * Reads nvidia-smi rows as under-load evidence. Only call this for rows sampled while the GPUs worked:
     * an idle nvidia-smi reading is not evidence of anything.
     */
    public static UnderLoad fromNvidiaSmiSampledUnderLoad(List<NvidiaSmiLink> rows, String source) {
        Map<Bdf, Observation> m = new LinkedHashMap<>();
        for (NvidiaSmiLink r : rows) {
            if (r.busId() == null || r.genCurrent() <= 0) continue;
            m.put(r.busId(), new Observation(r.genCurrent(), r.widthCurrent(), source));
        }
        return new UnderLoad(m);
    }

    /** The reading for this function or another function of the same device. */
    public Optional<Observation> forDeviceOf(Bdf bdf) {
        if (bdf == null) return Optional.empty();
        Observation o = byFunction.get(bdf);
        if (o != null) return Optional.of(o);
        for (Map.Entry<Bdf, Observation> e : byFunction.entrySet()) {
            Bdf k = e.getKey();
            if (k.domain() == bdf.domain() && k.bus() == bdf.bus() && k.device() == bdf.device()) {
                return Optional.of(e.getValue());
            }
        }
        return Optional.empty();
    }
}
