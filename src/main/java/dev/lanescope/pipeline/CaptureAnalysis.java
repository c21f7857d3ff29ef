package dev.lanescope.pipeline;

import java.nio.file.Path;
import java.util.List;

import dev.lanescope.analysis.Analyzer;
import dev.lanescope.analysis.Report;
import dev.lanescope.analysis.UnderLoad;
import dev.lanescope.analysis.WatchSummary;
import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.capture.HealthEvidenceLoader;
import dev.lanescope.model.WatchRecord;
import dev.lanescope.model.Capture;
import dev.lanescope.model.KernelBandwidthLine;
import dev.lanescope.model.Problem;
import dev.lanescope.model.Severity;
import dev.lanescope.model.TopoMatrix;
import dev.lanescope.model.Topology;
import dev.lanescope.model.TopologyBuilder;

/**
 * One capture read, built and analysed, with the under-load evidence it was judged with: the one way from files to
 * verdicts that the commands, diff and scan, the window and the PNG all take. When the input held no PCI functions
 * and no tree, the topology is empty and {@link #usable()} false (the window keeps showing what it had).
 *
 * @param source   the input as the user named it (the path for one input, else the capture's label)
 * @param evidence the under-load readings the report was judged with (none unless asked for)
 */
public record CaptureAnalysis(String source, Capture capture, Topology topology, Report report, UnderLoad evidence) {

    /** The kernel link notices an unusable input's message quotes at most. */
    private static final int UNUSABLE_QUOTES = 10;

    /** Where a long load is (for a progress bar): a fraction 0..1 and what it is doing. */
    public interface Progress {
        Progress NONE = (fraction, what) -> { };

        void at(double fraction, String what);
    }

    public static CaptureAnalysis load(Path input) {
        return load(List.of(input), false, Progress.NONE);
    }

    public static CaptureAnalysis load(List<Path> inputs) {
        return load(inputs, false, Progress.NONE);
    }

    /**
     * @param nvidiaSmiUnderLoad the user says the capture's nvidia-smi rows were sampled while the GPUs worked:
     *                           their current generation and width then count as under-load evidence
     */
    public static CaptureAnalysis load(List<Path> inputs, boolean nvidiaSmiUnderLoad, Progress progress) {
        progress.at(0.05, "Reading the capture …");
        Capture c = CaptureLoader.load(inputs);
        String source = inputs.size() == 1 ? inputs.get(0).toString() : c.label();
        progress.at(0.35, "Building the topology …");
        Topology t = TopologyBuilder.build(c);
        progress.at(0.55, "Judging every hop …");
        UnderLoad ev = nvidiaSmiUnderLoad ? nvidiaSmiEvidence(c) : UnderLoad.none();
        ev = ev.and(healthEvidence(HealthEvidenceLoader.load(inputs), c));
        return new CaptureAnalysis(source, c, t, Analyzer.analyze(t, ev), ev);
    }

    /**
     * The error counters and watches found beside a capture, as evidence for its hops (docs/RULES.md §12): the
     * counters always; a watch only when it was taken in the capture's boot (a different boot id, or none to compare
     * when the capture has one, and the watch says nothing about how this boot trained).
     */
    public static UnderLoad healthEvidence(HealthEvidenceLoader.HealthEvidence health, Capture capture) {
        UnderLoad ev = UnderLoad.none().withErrors(health.counters());
        String boot = capture.metadata().get("bootId");
        for (WatchRecord w : health.watches()) {
            if (!sameBoot(boot, w)) continue;
            ev = ev.and(WatchSummary.of(w).evidence());
        }
        return ev;
    }

    /**
     * Whether a watch may judge a capture of boot {@code captureBoot}: unless both name a boot and the two differ (a
     * watch of another boot says nothing about how this one trained).
     */
    public static boolean sameBoot(String captureBoot, WatchRecord w) {
        return captureBoot == null || w.bootId() == null || captureBoot.strip().equals(w.bootId().strip());
    }

    /** The capture's nvidia-smi rows as under-load evidence (only when they were sampled while the GPUs worked). */
    public static UnderLoad nvidiaSmiEvidence(Capture capture) {
        if (capture.nvidiaSmi().isEmpty()) return UnderLoad.none();
        return UnderLoad.fromNvidiaSmiSampledUnderLoad(capture.nvidiaSmi(),
                "nvidia-smi pcie.link.gen.current sampled under load (" + capture.label() + ")");
    }

    /** The same capture judged again with other under-load evidence. */
    public CaptureAnalysis withEvidence(UnderLoad ev) {
        return new CaptureAnalysis(source, capture, topology, Analyzer.analyze(topology, ev), ev);
    }

    /** The input held PCI functions or a tree. */
    public boolean usable() {
        return !capture.functions().isEmpty() || !capture.tree().isEmpty();
    }

    /** The input as the user named it. */
    public String label() {
        return source;
    }

    public String hostname() {
        return capture.metadata().get("hostname");
    }

    public String bootId() {
        return capture.metadata().get("bootId");
    }

    /** The capture time as the bundle's {@code date} file says it (ISO 8601 UTC from collect.sh), or null. */
    public String capturedAt() {
        return capture.metadata().get("date");
    }

    /** The first ERROR, for one-line messages about unusable input. */
    public String firstError() {
        return capture.problems().stream().filter(p -> p.severity() == Severity.ERROR).map(Problem::toString)
                .findFirst().orElse("no PCI functions or tree found");
    }

    /**
     * Why the input is unusable: every warning and error with its file and line, then what the input did hold that
     * a tree cannot be built from (the kernel's own link notices, quoted; an {@code nvidia-smi topo -m} matrix),
     * then how to get what is missing.
     */
    public List<String> unusableLines() {
        List<String> out = new java.util.ArrayList<>();
        for (Problem p : capture.problems()) {
            if (p.severity() != Severity.INFO) out.add(p.toString());
        }
        if (capture.problems().stream().noneMatch(p -> p.severity() == Severity.ERROR)) {
            out.add("lanescope: no PCI functions or tree found in " + capture.label());
        }
        List<KernelBandwidthLine> kernel = capture.kernelLines();
        if (!kernel.isEmpty()) {
            out.add("lanescope: it holds the kernel's own link notices, quoted here, but no tree to place them on:");
            kernel.stream().limit(UNUSABLE_QUOTES).forEach(k -> out.add("  " + k.source() + ": " + k.text()));
            if (kernel.size() > UNUSABLE_QUOTES) out.add("  ... and " + (kernel.size() - UNUSABLE_QUOTES) + " more");
        }
        TopoMatrix topo = capture.topo();
        if (topo != null && !topo.labels().isEmpty()) {
            long gpus = topo.labels().stream().filter(l -> l.startsWith("GPU")).count();
            long others = topo.labels().size() - gpus;
            out.add("lanescope: " + topo.source() + " is an nvidia-smi topo -m matrix (" + gpus + " GPU"
                    + (gpus == 1 ? "" : "s") + (others == 0 ? "" : " and " + others + " other device"
                    + (others == 1 ? "" : "s")) + "): it says how each pair connects, but names no PCI address and no"
                    + " link speed or width");
        }
        out.add("lanescope: to judge the links, capture `sudo lspci -vv` and `lspci -tv` on that machine"
                + " (native-probes/collect.sh gathers both and more into one bundle) and open that");
        return out;
    }
}
