package dev.lanescope.probe;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.parse.Csv;

/**
 * A probe receipt (schema {@code lanescope-receipt/1}, native-probes/README.md "Receipt format"): every result
 * line beside the link state read in the same boot. Written by {@code run_receipt.sh} (python3 or sh assembly) or
 * by lanescope's own runner. Reads are tolerant: a missing fact is null and is named in {@link #missing()}.
 */
public final class Receipt {

    public static final String SCHEMA = "lanescope-receipt/1";

    /** One hop's sysfs link read: current and max speed/width (speed null when not read). */
    public record Hop(Bdf bdf, LinkSpeed currentSpeed, int currentWidth, LinkSpeed maxSpeed, int maxWidth) {
        public boolean belowMax() {
            return currentSpeed != null && maxSpeed != null && currentSpeed.isKnown() && maxSpeed.isKnown()
                    && (currentSpeed.generation() < maxSpeed.generation() || (currentWidth > 0 && maxWidth > 0
                    && currentWidth < maxWidth));
        }

        public String display() {
            return (currentSpeed == null ? "?" : currentSpeed.display()) + " x" + (currentWidth < 0 ? "?" : currentWidth)
                    + " (max " + (maxSpeed == null ? "?" : maxSpeed.display()) + " x" + (maxWidth < 0 ? "?" : maxWidth)
                    + ")";
        }
    }

    /** Link generation/width sampled while the probe worked (genMax -1 when nothing was sampled). */
    public record Sampled(String what, int count, int genMin, int genMax, int widthMin, int widthMax) {
        public boolean any() {
            return count > 0 && genMax > 0;
        }
    }

    private final ObjectNode root;
    private final Path source;
    private final List<ProbeResult> results;

    public Receipt(ObjectNode root, Path source) {
        this.root = root;
        this.source = source;
        List<ProbeResult> r = new ArrayList<>();
        for (JsonNode n : root.path("results")) {
            if (n.isObject()) r.add(ProbeResult.of((ObjectNode) n));
        }
        this.results = List.copyOf(r);
    }

    public ObjectNode json() {
        return root;
    }

    /** Where it was read from (null when built in memory). */
    public Path source() {
        return source;
    }

    public String label() {
        return source == null ? "receipt" : source.getFileName().toString();
    }

    public String schema() {
        return Json.text(root, "schema");
    }

    public String createdBy() {
        return Json.text(root, "createdBy");
    }

    public String startedAt() {
        return Json.text(root, "startedAt");
    }

    public String hostname() {
        return Json.text(root, "host", "hostname");
    }

    public String bootId() {
        return Json.text(root, "host", "bootId");
    }

    public String bootIdAfter() {
        return Json.text(root, "host", "bootIdAfter");
    }

    public String kernel() {
        return Json.text(root, "host", "kernel");
    }

    public String version(String key) {
        return Json.text(root, "versions", key);
    }

    public Integer gpuIndex() {
        return Json.intOrNull(root, "gpu", "index");
    }

    /** The GPU's PCI address, from the receipt's gpu section or else from its results. */
    public Bdf gpuBusId() {
        Bdf b = Bdf.tryParse(Json.text(root, "gpu", "pciBusId"));
        if (b == null && !results.isEmpty()) b = Bdf.tryParse(results.get(0).pciBusId());
        return b;
    }

    public String gpuName() {
        String n = Json.text(root, "gpu", "name");
        if (n == null && !results.isEmpty()) n = results.get(0).name();
        return n;
    }

    public Integer gpuNumaNode() {
        Integer n = Json.intOrNull(root, "gpu", "numaNode");
        return n != null ? n : Json.intOrNull(root, "numa", "gpuNumaNode");
    }

    /** NUMA nodes of the pinned buffers' first pages (from the results). */
    public List<Integer> hostBufferNumaNodes() {
        return results.stream().map(ProbeResult::hostNumaNode).filter(i -> i >= 0).distinct().sorted().toList();
    }

    public Bdf rootPort() {
        return Bdf.tryParse(Json.text(root, "rootPort"));
    }

    /** {@code link.<phase>.<which>}: phase before|after, which gpu|rootPort. */
    public Hop hop(String phase, String which) {
        JsonNode h = Json.at(root, "link", phase, which);
        if (h == null) return null;
        return new Hop(Bdf.tryParse(Json.text(h, "pciBusId")), LinkSpeed.parse(Json.text(h, "currentLinkSpeed")),
                Json.integer(h, "currentLinkWidth", -1), LinkSpeed.parse(Json.text(h, "maxLinkSpeed")),
                Json.integer(h, "maxLinkWidth", -1));
    }

    /** nvidia-smi's link query before/after as key -> value (numbers or text such as "[N/A]"); both assemblies. */
    public Map<String, String> nvidiaSmi(String phase) {
        Map<String, String> m = new LinkedHashMap<>();
        JsonNode n = Json.at(root, "nvidiaSmiLink", phase);
        if (n == null) return m;
        if (n.isObject()) {
            n.properties().forEach(e -> m.put(e.getKey(), e.getValue().asText()));
        } else if (n.isArray() && n.size() >= 2) { // sh assembly: header line, value line
            String[] k = Csv.smiCells(n.get(0).asText());
            String[] v = Csv.smiCells(n.get(1).asText());
            for (int i = 0; i < Math.min(k.length, v.length); i++) m.put(k[i].strip(), v[i].strip());
        }
        return m;
    }

    private Integer smiInt(String phase, String key) {
        String v = nvidiaSmi(phase).get(key);
        if (v == null) return null;
        try {
            return (int) Double.parseDouble(v.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The generation the link can reach: nvidia-smi gen.max, else the GPU's sysfs max speed, else -1. */
    public int capableGeneration() {
        Integer g = smiInt("before", "pcie.link.gen.max");
        if (g == null) g = smiInt("before", "pcie.link.gen.gpumax");
        if (g != null && g > 0) return g;
        Hop h = firstHop("gpu");
        return h != null && h.maxSpeed() != null && h.maxSpeed().isKnown() ? h.maxSpeed().generation() : -1;
    }

    /** The width the link can reach: nvidia-smi width.max, else sysfs max width, else -1. */
    public int capableWidth() {
        Integer w = smiInt("before", "pcie.link.width.max");
        if (w != null && w > 0) return w;
        Hop h = firstHop("gpu");
        return h == null ? -1 : h.maxWidth();
    }

    private Hop firstHop(String which) {
        Hop h = hop("before", which);
        return h != null ? h : hop("after", which);
    }

    /** The GPU's link as sampled under load (nvidia-smi); computed from the samples when the summary is absent. */
    public Sampled gpuUnderLoad() {
        return sampled("linkDuringLoad", "nvidia-smi pcie.link.gen/width.current");
    }

    /** The root port's sysfs link polled under load (written by lanescope's runner only). */
    public Sampled rootPortUnderLoad() {
        return sampled("rootPortDuringLoad", "root port current_link_speed/width");
    }

    private Sampled sampled(String key, String what) {
        JsonNode d = Json.at(root, key);
        if (d == null) return new Sampled(what, 0, -1, -1, -1, -1);
        int gMin = Integer.MAX_VALUE, gMax = -1, wMin = Integer.MAX_VALUE, wMax = -1, n = 0;
        for (JsonNode s : d.path("samples")) {
            Integer g, w;
            if (s.isObject()) {
                g = Json.intOrNull(s, "gen");
                w = Json.intOrNull(s, "width");
            } else { // sh assembly: "timestamp, gen, width"
                String[] f = Csv.smiCells(s.asText());
                g = f.length >= 3 ? parseInt(f[1]) : null;
                w = f.length >= 3 ? parseInt(f[2]) : null;
            }
            if (g == null || g <= 0) continue;
            n++;
            gMin = Math.min(gMin, g);
            gMax = Math.max(gMax, g);
            if (w != null && w > 0) {
                wMin = Math.min(wMin, w);
                wMax = Math.max(wMax, w);
            }
        }
        if (n == 0) {
            Integer gm = Json.intOrNull(d, "genMax");
            if (gm == null) return new Sampled(what, 0, -1, -1, -1, -1);
            Integer c = Json.intOrNull(d, "count");
            return new Sampled(what, c == null ? 1 : c, orMinus(Json.intOrNull(d, "genMin")), gm,
                    orMinus(Json.intOrNull(d, "widthMin")), orMinus(Json.intOrNull(d, "widthMax")));
        }
        return new Sampled(what, n, gMin, gMax, wMax < 0 ? -1 : wMin, wMax);
    }

    private static int orMinus(Integer i) {
        return i == null ? -1 : i;
    }

    private static Integer parseInt(String s) {
        try {
            return Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    public List<ProbeResult> results() {
        return results;
    }

    public Integer probeExitCode() {
        return Json.intOrNull(root, "probe", "exitCode");
    }

    /** The probe ended well: exit 0 and (when recorded) an ok end line. */
    public boolean probeOk() {
        Boolean c = Json.bool(root, "checks", "probeOk");
        if (c != null) return c;
        Integer rc = probeExitCode();
        Boolean endOk = Json.bool(root, "probe", "end", "ok");
        return rc != null && rc == 0 && !Boolean.FALSE.equals(endOk);
    }

    public String probeStderr() {
        return Json.text(root, "probe", "stderr");
    }

    public String probeError() {
        return Json.text(root, "probe", "end", "error");
    }

    /** Same boot before and after (null when a boot id is missing). */
    public Boolean sameBoot() {
        if (bootId() == null || bootIdAfter() == null) return null;
        return bootId().equals(bootIdAfter());
    }

    /** What this receipt lacks, in words; empty when every fact a claim needs is there. */
    public List<String> missing() {
        List<String> m = new ArrayList<>();
        if (!SCHEMA.equals(schema())) {
            m.add(schema() == null ? "schema (not marked as a lanescope receipt; read as one)"
                    : "schema is '" + schema() + "', not " + SCHEMA + " (read as far as it matches)");
        }
        if (results.isEmpty()) m.add("results (no result lines)");
        if (gpuBusId() == null) m.add("gpu.pciBusId (the GPU cannot be matched to a capture)");
        if (hop("before", "gpu") == null) m.add("link.before.gpu (the GPU's sysfs link before the run)");
        if (hop("after", "gpu") == null) m.add("link.after.gpu (the GPU's sysfs link after the run)");
        if (rootPort() == null) {
            m.add("rootPort (not recorded: the GPU sits directly on a root bus, as in a VM, or the path was not read)");
        }
        if (!gpuUnderLoad().any() && !rootPortUnderLoad().any()) {
            m.add("linkDuringLoad (no link samples taken while the probe worked)");
        }
        if (bootId() == null) m.add("host.bootId");
        if (bootIdAfter() == null) m.add("host.bootIdAfter");
        if (hostname() == null) m.add("host.hostname");
        if (kernel() == null) m.add("host.kernel");
        if (startedAt() == null) m.add("startedAt");
        if (version("nvidiaDriver") == null && version("cudaRuntime") == null && version("hipRuntime") == null) {
            m.add("versions (driver/runtime)");
        }
        if (gpuNumaNode() == null) m.add("gpu.numaNode");
        if (probeExitCode() == null) m.add("probe.exitCode");
        return m;
    }

    /** A number with its link state beside it: probe ok, one boot, and the link read in sysfs or sampled. */
    public boolean claimable() {
        boolean linkRead = (hop("before", "gpu") != null && hop("before", "gpu").currentSpeed() != null)
                || gpuUnderLoad().any() || rootPortUnderLoad().any();
        return probeOk() && Boolean.TRUE.equals(sameBoot()) && linkRead && !results.isEmpty();
    }
}
