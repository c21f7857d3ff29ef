package dev.lanescope.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

import dev.lanescope.analysis.MoveAdvice;
import dev.lanescope.export.AdviceJson;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.TopoNode;
import dev.lanescope.parse.Jackson;
import dev.lanescope.pipeline.CaptureAnalysis;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code lanescope advise CAPTURE [--card BDF] [--json]}: would moving this card help? The answer first, then the places
 * it can go; with {@code --json} the same {@link MoveAdvice} for scripts ({@link AdviceJson}).
 */
@Command(name = "advise", mixinStandardHelpOptions = true,
        description = "Answer 'would moving this card to another slot help?' with the candidate slots ranked.")
final class AdviseCommand implements Callable<Integer> {

    @Mixin
    Options.Capture capture;

    @Option(names = {"--card", "--device"}, paramLabel = "BDF", converter = Options.BdfConverter.class,
            description = "The card: DDDD:BB:DD.F or BB:DD.F (domain 0000). Default: every GPU and accelerator in"
                    + " the capture, in address order (with --json: one object for one card, an array for several).")
    Bdf device;

    @Option(names = "--json", description = "Print the advice as JSON for scripts: answer, helps (true, false or null"
            + " when the capture cannot tell), current, candidates[] {port, predictedGbps, why, ...}, notes.")
    boolean json;

    @Mixin
    Options.UnderLoad underLoad;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Bdf bdf = device;
        CaptureAnalysis loaded = CaptureAnalysis.load(capture.inputs, underLoad.underLoad, CaptureAnalysis.Progress.NONE);
        if (!loaded.usable()) {
            Main.explainUnusable(loaded, err);
            return Main.EXIT_UNUSABLE;
        }
        List<Bdf> cards;
        if (bdf != null) {
            Optional<TopoNode.FunctionNode> node = loaded.topology().node(bdf);
            if (node.isEmpty()) {
                err.println("lanescope: " + bdf + " is not in " + loaded.capture().label()
                        + "; functions with a link: " + AdviseText.endpointList(loaded.topology()));
                err.flush();
                return Main.EXIT_UNUSABLE;
            }
            cards = List.of(bdf);
        } else {
            // the cards the window counts and steps through: the one accelerator rule of the report
            cards = List.copyOf(loaded.report().accelerators());
            if (cards.isEmpty()) {
                err.println("lanescope: no GPU or accelerator in " + loaded.capture().label() + "; name the card with"
                        + " --card BDF; functions with a link: " + AdviseText.endpointList(loaded.topology()));
                err.flush();
                return Main.EXIT_UNUSABLE;
            }
        }
        List<MoveAdvice> all = cards.stream().map(c -> loaded.report().answer(c))
                .toList();
        if (json) {
            Object body = all.size() == 1 ? AdviceJson.of(all.get(0)) : all.stream().map(AdviceJson::of).toList();
            out.println(Jackson.pretty(body));
        } else {
            for (int i = 0; i < all.size(); i++) {
                if (i > 0) out.println();
                out.print(AdviseText.render(all.get(i)));
            }
        }
        out.flush();
        return 0;
    }
}
