package dev.lanescope.analysis;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.ErrorCounters;
import dev.lanescope.model.NvidiaSmiLink;

/**
 * Link readings taken while the device worked: the highest generation and width seen under load, per function.
 * The key is the function whose own link was read (for nvidia-smi, the GPU; for a probe receipt that reads a root
 * port's {@code current_link_speed}, the root port). A reading only counts for the hop that function's own
 * LnkSta describes: an RDNA GPU's own endpoint always reads 16 GT/s because that is the link inside the card
 * (docs/RULES.md §2), so it says nothing about the root port's hop.
 * <p>
 * It also carries the error counters read beside the capture or during a watch ({@code errors}, by function; see
 * {@link LinkErrors}), so the verdicts weigh them without another parameter (docs/RULES.md §12).
 */
public record UnderLoad(Map<Bdf, Observation> byFunction, Map<Bdf, ErrorCounters> errors) {

    /** One reading: generation 1..6 (-1 unknown), width (-1 unknown), and where it came from. */
    public record Observation(int maxGeneration, int maxWidth, String source) {
    }

    public UnderLoad {
        byFunction = Map.copyOf(byFunction);
        errors = Map.copyOf(errors);
    }

    public UnderLoad(Map<Bdf, Observation> byFunction) {
        this(byFunction, Map.of());
    }

    public static UnderLoad none() {
        return new UnderLoad(Map.of());
    }

    /** The same readings with these error counters (by function) added; a function's newer counters win. */
    public UnderLoad withErrors(Map<Bdf, ErrorCounters> counters) {
        Map<Bdf, ErrorCounters> m = new LinkedHashMap<>(errors);
        m.putAll(counters);
        return new UnderLoad(byFunction, m);
    }

    /** These readings and {@code other}'s together; {@code other}'s win where both read a function. */
    public UnderLoad and(UnderLoad other) {
        Map<Bdf, Observation> m = new LinkedHashMap<>(byFunction);
        m.putAll(other.byFunction);
        return new UnderLoad(m, errors).withErrors(other.errors);
    }

    /** The error counters of one function, or {@link ErrorCounters#NONE}. */
    public ErrorCounters errorsOf(Bdf bdf) {
        return bdf == null ? ErrorCounters.NONE : errors.getOrDefault(bdf, ErrorCounters.NONE);
    }

    public static UnderLoad of(Bdf bdf, int maxGeneration, int maxWidth, String source) {
        return new UnderLoad(Map.of(bdf, new Observation(maxGeneration, maxWidth, source)));
    }

    public UnderLoad with(Bdf bdf, int maxGeneration, int maxWidth, String source) {
        Map<Bdf, Observation> m = new LinkedHashMap<>(byFunction);
        m.put(bdf, new Observation(maxGeneration, maxWidth, source));
        return new UnderLoad(m, errors);
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

    /** The reading for exactly this function (a port: its sibling ports are other links). */
    public Optional<Observation> forFunction(Bdf bdf) {
        return bdf == null ? Optional.empty() : Optional.ofNullable(byFunction.get(bdf));
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
