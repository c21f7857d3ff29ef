package dev.lanescope.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import dev.lanescope.fleet.CaptureDiff;
import dev.lanescope.parse.Jackson;
import dev.lanescope.pipeline.CaptureAnalysis;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code lanescope diff A B}: two captures of one box (two boots) or of two boxes, hop by hop. */
@Command(name = "diff", mixinStandardHelpOptions = true,
        description = {"Compare two captures (one box on two boots, or two boxes): per hop the trained speed and"
                + " width and the verdict, and the devices added or missing. The summary sentence comes first."})
final class DiffCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "A", description = "First capture: folder, .tar.gz bundle or file.")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "Second capture.")
    Path b;

    @Mixin
    Options.MachineForm machineForm;

    @Option(names = "--exit-code", description = "Exit 1 when the captures differ (like git diff --exit-code).")
    boolean exitCode;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        CaptureAnalysis sa = CaptureAnalysis.load(a);
        CaptureAnalysis sb = CaptureAnalysis.load(b);
        for (CaptureAnalysis s : new CaptureAnalysis[] {sa, sb}) {
            if (!s.usable()) {
                err.println("lanescope: " + s.label() + " is not a usable capture: " + s.firstError());
                err.flush();
                return Main.EXIT_UNUSABLE;
            }
        }
        CaptureDiff.Result r = CaptureDiff.diff(sa, sb);
        if (machineForm.json) {
            out.println(Jackson.pretty(DiffJson.of(r)));
        } else {
            for (String s : r.summary()) out.println(s);
            out.println();
            out.println(r.a().describe());
            out.println(r.b().describe());
            if (!r.hops().isEmpty()) {
                out.println();
                java.util.List<String[]> rows = new java.util.ArrayList<>();
                rows.add(new String[] {"port", "trained on " + r.a().name(), "trained on " + r.b().name(),
                        "verdict on " + r.a().name(), "verdict on " + r.b().name()});
                for (CaptureDiff.HopChange c : r.hops()) {
                    rows.add(new String[] {c.port().toString(), show(c.trainedA(), c.deviceA()),
                            show(c.trainedB(), c.deviceB()), v(c.verdictA()), v(c.verdictB())});
                }
                int[] w = new int[5];
                for (String[] row : rows) for (int i = 0; i < 5; i++) w[i] = Math.max(w[i], row[i].length());
                for (String[] row : rows) {
                    StringBuilder line = new StringBuilder();
                    for (int i = 0; i < 5; i++) {
                        line.append(i == 4 ? row[i] : String.format(java.util.Locale.ROOT, "%-" + (w[i] + 2) + "s", row[i]));
                    }
                    out.println(line);
                }
            }
        }
        out.flush();
        return exitCode && !r.same() ? 1 : 0;
    }

    private static String show(dev.lanescope.model.LinkState s, dev.lanescope.model.Bdf dev) {
        if (s == null) return dev == null ? "-" : "?";
        return s.display();
    }

    private static String v(dev.lanescope.analysis.LinkVerdict v) {
        return dev.lanescope.analysis.LinkVerdict.wordsOrElse(v, "-");
    }
}
