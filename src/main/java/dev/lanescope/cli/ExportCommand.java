package dev.lanescope.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import dev.lanescope.export.AtomicFiles;
import dev.lanescope.export.GraphExports;
import dev.lanescope.export.PictureRenderer;
import dev.lanescope.model.Bdf;
import dev.lanescope.pipeline.CaptureAnalysis;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code lanescope export CAPTURE --dot|--graphml|--json FILE}: the graph with verdicts, for other tools. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Write the topology graph with its verdicts as DOT, GraphML or JSON (and PNG where available).")
final class ExportCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "CAPTURE", description = "Folder, .tar.gz, or capture files.")
    List<Path> inputs;

    @Option(names = "--dot", paramLabel = "FILE", description = "Graphviz DOT output file.")
    Path dot;

    @Option(names = "--graphml", paramLabel = "FILE", description = "GraphML output file.")
    Path graphml;

    @Option(names = "--graph-json", paramLabel = "FILE", description = "jgrapht JSON graph output file.")
    Path graphJson;

    @Option(names = "--png", paramLabel = "FILE",
            description = "The picture for the hardware decision, rendered without a display: the card's path to the"
                    + " CPU, its candidate slots with their predicted ceilings, the other GPUs' paths, the answer,"
                    + " the capture's host and time and a legend of the colours used; the rest folded (at most 2400 px"
                    + " wide).")
    Path png;

    @Option(names = "--device", paramLabel = "BDF",
            description = "With --png: the card the picture is about (default: the first fault's device, else the"
                    + " first GPU).")
    String device;

    @Option(names = "--full", description = "With --png: the whole machine instead of the paths that matter.")
    boolean full;

    @Option(names = "--atomics", description = "With --png: colour by AtomicOps routing instead of link verdicts.")
    boolean atomics;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        if (dot == null && graphml == null && graphJson == null && png == null) {
            err.println("lanescope export: name at least one output (--png, --dot, --graphml, --graph-json)");
            err.flush();
            return Main.EXIT_UNUSABLE;
        }
        CaptureAnalysis loaded = CaptureAnalysis.load(inputs);
        if (!loaded.usable()) {
            Main.explainUnusable(loaded, err);
            return Main.EXIT_UNUSABLE;
        }
        Bdf selected = null;
        if (device != null) {
            selected = Bdf.tryParse(device);
            if (selected == null || loaded.topology().node(selected).isEmpty()) {
                err.println("lanescope export: --device " + device + " is not a function of " + loaded.capture().label());
                err.flush();
                return Main.EXIT_UNUSABLE;
            }
        }
        if (png != null) {
            Path written = PictureRenderer.find().topology(loaded.topology(), loaded.report(), png, selected,
                    atomics, full);
            spec.commandLine().getOut().println("wrote " + written);
            spec.commandLine().getOut().flush();
        }
        if (dot != null) write(dot, GraphExports.export(loaded.topology(), loaded.report(), GraphExports.Format.DOT));
        if (graphml != null) {
            write(graphml, GraphExports.export(loaded.topology(), loaded.report(), GraphExports.Format.GRAPHML));
        }
        if (graphJson != null) {
            write(graphJson, GraphExports.export(loaded.topology(), loaded.report(), GraphExports.Format.JSON));
        }
        return 0;
    }

    /** Written atomically, as every export is ({@link AtomicFiles}). */
    static void write(Path target, String text) throws IOException {
        AtomicFiles.writeString(target, text);
    }
}
