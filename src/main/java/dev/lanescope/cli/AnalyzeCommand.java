package dev.lanescope.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import dev.lanescope.export.PrometheusText;
import dev.lanescope.export.ReportJson;
import dev.lanescope.pipeline.CaptureAnalysis;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code lanescope analyze CAPTURE...}: the tree with a verdict on every hop, then what is wrong. */
@Command(name = "analyze", mixinStandardHelpOptions = true,
        description = "Read a capture and print every hop's verdict, the path ceilings and what is wrong.")
final class AnalyzeCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "CAPTURE", description = "Folder, .tar.gz, or capture files.")
    List<Path> inputs;

    @Option(names = "--json", description = "Print the machine form (keys listed in the README).")
    boolean json;

    @Option(names = "--format", paramLabel = "FORMAT", description = "openmetrics: one gauge per hop and fact (trained"
            + " and capable speed and width, fault, error bits; verdict, host and boot id as labels) and the error"
            + " counters, in the Prometheus text format for node_exporter's textfile collector.")
    String format;

    @Option(names = "--under-load", description = "The capture's nvidia-smi PCIe query was sampled while the GPUs"
            + " worked: count its current generation/width as under-load evidence (idle downshift becomes OK or"
            + " degraded).")
    boolean underLoad;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (format != null && !format.equals("openmetrics")) {
            err.println("lanescope analyze: --format takes openmetrics (the table is the default, --json the machine form),"
                    + " not '" + format + "'");
            err.flush();
            return Main.EXIT_UNUSABLE;
        }
        CaptureAnalysis loaded = CaptureAnalysis.load(inputs, underLoad, CaptureAnalysis.Progress.NONE);
        if (!loaded.usable()) {
            if (json) {
                out.println(mapper().writeValueAsString(ReportJson.problemsOnly(loaded.capture())));
                out.flush();
            }
            Main.explainUnusable(loaded, err);
            return Main.EXIT_UNUSABLE;
        }
        if ("openmetrics".equals(format)) {
            out.print(PrometheusText.ofReport(loaded.report(), loaded.capture().metadata()));
        } else if (json) {
            out.println(mapper().writeValueAsString(ReportJson.of(loaded.topology(), loaded.report())));
        } else {
            out.print(TextReport.render(loaded.topology(), loaded.report()));
        }
        out.flush();
        return 0;
    }

    static ObjectMapper mapper() {
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }
}
