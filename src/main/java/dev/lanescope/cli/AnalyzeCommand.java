package dev.lanescope.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import dev.lanescope.export.PrometheusText;
import dev.lanescope.export.ReportJson;
import dev.lanescope.parse.Jackson;
import dev.lanescope.pipeline.CaptureAnalysis;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code lanescope analyze CAPTURE...}: the tree with a verdict on every hop, then what is wrong. */
@Command(name = "analyze", mixinStandardHelpOptions = true,
        description = "Read a capture and print every hop's verdict, the path ceilings and what is wrong.")
final class AnalyzeCommand implements Callable<Integer> {

    @Mixin
    Options.Capture capture;

    @Option(names = "--json", description = "Print the machine form (keys listed in the README).")
    boolean json;

    @Option(names = "--format", paramLabel = "FORMAT", description = "openmetrics: one gauge per hop and fact (trained"
            + " and capable speed and width, fault, error bits; verdict, host and boot id as labels) and the error"
            + " counters, in the Prometheus text format for node_exporter's textfile collector.")
    String format;

    @Mixin
    Options.UnderLoad underLoad;

    @Option(names = "--each", description = "Every CAPTURE is a capture of its own (a folder, an archive or one"
            + " file), read in this one process: with --json one JSON object per line (JSON lines, with the key"
            + " \"input\": the path as given), else one report after another. Exit 2 when any was unusable.")
    boolean each;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (format != null && !format.equals("openmetrics")) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("lanescope analyze: --format takes openmetrics (the table is the default, --json the machine form),"
                    + " not '" + format + "'");
            err.flush();
            return Main.EXIT_UNUSABLE;
        }
        if (!each) return report(capture.inputs);
        int exit = 0;
        for (Path input : capture.inputs) exit = Math.max(exit, report(List.of(input)));
        return exit;
    }

    /** Reads, judges and prints one capture (its JSON on one line with {@link #each}). */
    private int report(List<Path> capture) throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        CaptureAnalysis loaded = CaptureAnalysis.load(capture, underLoad.underLoad, CaptureAnalysis.Progress.NONE);
        ReportJson doc = null;
        if (!loaded.usable()) {
            if (json) doc = ReportJson.problemsOnly(loaded.capture());
        } else if ("openmetrics".equals(format)) {
            out.print(PrometheusText.ofReport(loaded.report(), loaded.capture().metadata()));
        } else if (json) {
            doc = ReportJson.of(loaded.topology(), loaded.report());
        } else {
            out.print(TextReport.render(loaded.topology(), loaded.report()));
        }
        if (doc != null) {
            out.println(each ? Jackson.compact(doc.withInput(capture.get(0).toString())) : Jackson.pretty(doc));
        }
        out.flush();
        if (loaded.usable()) return 0;
        Main.explainUnusable(loaded, err);
        return Main.EXIT_UNUSABLE;
    }
}
