package dev.lanescope.fleet;

import java.nio.file.Path;
import java.util.List;

import dev.lanescope.analysis.Analyzer;
import dev.lanescope.analysis.Report;
import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.model.Capture;
import dev.lanescope.model.Problem;
import dev.lanescope.model.Severity;
import dev.lanescope.model.Topology;
import dev.lanescope.model.TopologyBuilder;

/**
 * One capture read, built and analysed: what diff and scan compare. {@code topology} and {@code report} are null
 * when the input held no PCI functions and no tree.
 */
public record Snapshot(String source, Capture capture, Topology topology, Report report) {

    public static Snapshot load(Path input) {
        return load(List.of(input));
    }

    public static Snapshot load(List<Path> inputs) {
        Capture c = CaptureLoader.load(inputs);
        String source = inputs.size() == 1 ? inputs.get(0).toString() : c.label();
        if (c.functions().isEmpty() && c.tree().isEmpty()) return new Snapshot(source, c, null, null);
        Topology t = TopologyBuilder.build(c);
        return new Snapshot(source, t.capture(), t, Analyzer.analyze(t));
    }

    public boolean usable() {
        return topology != null;
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
}
