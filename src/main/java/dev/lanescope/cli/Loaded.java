package dev.lanescope.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

import dev.lanescope.analysis.Analyzer;
import dev.lanescope.analysis.Report;
import dev.lanescope.analysis.UnderLoad;
import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.model.Capture;
import dev.lanescope.model.Problem;
import dev.lanescope.model.Severity;
import dev.lanescope.model.Topology;
import dev.lanescope.model.TopologyBuilder;

/** A capture read, built and analysed once for a command. Null topology means the input was unusable. */
record Loaded(Capture capture, Topology topology, Report report) {

    static Loaded load(List<Path> inputs) {
        return load(inputs, false);
    }

    /**
     * @param nvidiaSmiUnderLoad the user says the capture's nvidia-smi rows were sampled while the GPUs worked:
     *                           their current generation/width then count as under-load evidence (DOMAIN §2)
     */
    static Loaded load(List<Path> inputs, boolean nvidiaSmiUnderLoad) {
        Capture capture = CaptureLoader.load(inputs);
        if (capture.functions().isEmpty() && capture.tree().isEmpty()) {
            return new Loaded(capture, null, null);
        }
        Topology topology = TopologyBuilder.build(capture);
        return new Loaded(capture, topology, Analyzer.analyze(topology, evidence(capture, nvidiaSmiUnderLoad)));
    }

    static UnderLoad evidence(Capture capture, boolean nvidiaSmiUnderLoad) {
        if (!nvidiaSmiUnderLoad || capture.nvidiaSmi().isEmpty()) return UnderLoad.none();
        return UnderLoad.fromNvidiaSmiSampledUnderLoad(capture.nvidiaSmi(),
                "nvidia-smi pcie.link.gen.current sampled under load (" + capture.label() + ")");
    }

    boolean usable() {
        return topology != null;
    }

    /** Prints why the input is unusable: every error with its file and line, then a one-line summary. */
    void explainUnusable(PrintWriter err) {
        for (Problem p : capture.problems()) {
            if (p.severity() != Severity.INFO) err.println(p);
        }
        err.println("lanescope: no PCI functions or tree found in " + capture.label()
                + " (give lspci -vv and/or lspci -tv output, a folder, or a .tar.gz bundle)");
        err.flush();
    }
}
