package dev.lanescope.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lanescope.analysis.MoveAdvice;
import dev.lanescope.analysis.MoveAdvisor;
import dev.lanescope.export.AdviceJson;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.TopoNode;
import dev.lanescope.pipeline.CaptureAnalysis;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code lanescope advise CAPTURE --card BDF [--json]}: would moving this card help? The answer first, then the places
 * it can go; with {@code --json} the same {@link MoveAdvice} for scripts ({@link AdviceJson}).
 */
@Command(name = "advise", mixinStandardHelpOptions = true,
        description = "Answer 'would moving this card to another slot help?' with the candidate slots ranked.")
final class AdviseCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "CAPTURE", description = "Folder, .tar.gz, or capture files.")
    List<Path> inputs;

    @Option(names = {"--card", "--device"}, required = true, paramLabel = "BDF",
            description = "The card: DDDD:BB:DD.F or BB:DD.F (domain 0000).")
    String device;

    @Option(names = "--json", description = "Print the advice as JSON for scripts: answer, helps (true, false or null"
            + " when the capture cannot tell), current, candidates[] {port, predictedGbps, why, ...}, notes.")
    boolean json;

    @Option(names = "--under-load", description = "The capture's nvidia-smi PCIe query was sampled while the GPUs"
            + " worked: count its current generation/width as under-load evidence (idle downshift becomes OK or"
            + " degraded).")
    boolean underLoad;

    private static final ObjectMapper JSON = new ObjectMapper();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Bdf bdf = Bdf.tryParse(device);
        if (bdf == null) {
            err.println("lanescope: --card '" + device + "' is not a PCI address (want DDDD:BB:DD.F or BB:DD.F)");
            err.flush();
            return Main.EXIT_UNUSABLE;
        }
        CaptureAnalysis loaded = CaptureAnalysis.load(inputs, underLoad, CaptureAnalysis.Progress.NONE);
        if (!loaded.usable()) {
            Main.explainUnusable(loaded, err);
            return Main.EXIT_UNUSABLE;
        }
        Optional<TopoNode.FunctionNode> node = loaded.topology().node(bdf);
        if (node.isEmpty()) {
            err.println("lanescope: " + bdf + " is not in " + loaded.capture().label()
                    + "; functions with a link: " + AdviseText.endpointList(loaded.topology()));
            err.flush();
            return Main.EXIT_UNUSABLE;
        }
        MoveAdvice advice = MoveAdvisor.advise(loaded.topology(), bdf, loaded.evidence());
        if (json) {
            try {
                out.println(JSON.writerWithDefaultPrettyPrinter().writeValueAsString(AdviceJson.of(advice)));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("could not write the advice as JSON", e);
            }
        } else {
            out.print(AdviseText.render(advice));
        }
        out.flush();
        return 0;
    }
}
