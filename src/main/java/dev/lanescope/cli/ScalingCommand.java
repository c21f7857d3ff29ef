package dev.lanescope.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import dev.lanescope.analysis.PathClass;
import dev.lanescope.analysis.ceiling.CeilingInputException;
import dev.lanescope.analysis.ceiling.MoePreset;
import dev.lanescope.analysis.scaling.CaptureGpus;
import dev.lanescope.analysis.scaling.Fit;
import dev.lanescope.analysis.scaling.GpuPreset;
import dev.lanescope.analysis.scaling.Measured;
import dev.lanescope.analysis.scaling.Prediction;
import dev.lanescope.analysis.scaling.Scaling;
import dev.lanescope.analysis.scaling.ScalingRequest;
import dev.lanescope.capture.TextFile;
import dev.lanescope.export.ScalingCsv;
import dev.lanescope.export.ScalingJson;
import dev.lanescope.model.AllReduceTable;
import dev.lanescope.model.Problem;
import dev.lanescope.model.ProblemList;
import dev.lanescope.model.Severity;
import dev.lanescope.parse.AllReducePerfParser;
import dev.lanescope.parse.Jackson;
import dev.lanescope.parse.ParseResult;
import dev.lanescope.pipeline.CaptureAnalysis;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code lanescope scaling}: would adding a card help? Batch-1 decode tokens/s per card count and split, from
 * measured points (fitted), an all_reduce_perf table, measured peer copies or the capture's peer path.
 */
@Command(name = "scaling", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Would adding a card help? Batch-1 decode tokens/s against card count for tensor split, "
                + "layer split and tensor groups pipelined, the best configuration first.",
                "Give measured points (--measured 2:71.22,8:14.32) to fit the all-reduce and fixed costs, or an "
                        + "all_reduce_perf table, or measured peer copies; a capture adds its GPUs and peer path."})
final class ScalingCommand implements Callable<Integer> {

    @Parameters(paramLabel = "CAPTURE", arity = "0..*",
            description = "Optional capture (folder, files or .tar.gz): its GPUs, their card and their peer path.")
    List<Path> capture = new ArrayList<>();

    @Option(names = "--model", paramLabel = "NAME",
            description = "The model to place (required for any figure): mixtral-8x7b, qwen3-30b-a3b, gpt-oss-120b,"
                    + " deepseek-v3.")
    String model;

    @Option(names = "--bits", paramLabel = "B", description = "Bits per quantised weight (default: the preset's).")
    Double bits;

    @Option(names = "--gpu", paramLabel = "CARD",
            description = "Card for memory bandwidth and size: mi50, mi60, r9700, 7900xtx, 2080ti, 3090, 4090, "
                    + "rtx6000ada, a100, h100, h200 (default: the capture's GPUs).")
    String gpu;

    @Option(names = "--mem-gbps", paramLabel = "GBPS", description = "Per-card rate weights stream at, GB/s (measured).")
    Double memGbps;

    @Option(names = "--vram-gb", paramLabel = "GB", description = "Memory per card, GB (decides the fewest cards).")
    Double vramGb;

    @Option(names = "--measured", paramLabel = "LIST",
            description = "Measured decode: CARDS:TOKENS_PER_S[:SPLIT],... e.g. 2:71.22,8:14.32,2:81.72:layer.")
    String measured;

    @Option(names = "--split", paramLabel = "SPLIT", defaultValue = "tp",
            description = "The split you run and the measured points' default: tp, layer, or tpK (tensor groups of "
                    + "K pipelined, llama.cpp -tps K). Default ${DEFAULT-VALUE}.")
    String split;

    @Option(names = "--predict", paramLabel = "LIST",
            description = "Card counts to predict, e.g. 4,6 or 1-8 (default: 1 to --max-cards).")
    String predict;

    @Option(names = "--max-cards", paramLabel = "N",
            description = "Largest card count (default: the capture's GPUs, else 8).")
    Integer maxCards;

    @Option(names = "--allreduce-table", paramLabel = "FILE",
            description = "nccl-tests/rccl-tests all_reduce_perf output measured on these cards.")
    Path table;

    @Option(names = "--p2p-gbps", paramLabel = "GBPS", description = "Measured peer copy rate, GB/s (one direction).")
    Double p2pGbps;

    @Option(names = "--p2p-latency-us", paramLabel = "US", description = "Measured peer latency per transfer, us.")
    Double p2pLatencyUs;

    @Option(names = "--path-class", paramLabel = "CLASS",
            description = "Peer path class PIX, PXB, PHB, NODE or SYS (default: the capture's worst GPU pair).")
    String pathClass;

    @Option(names = "--link", paramLabel = "LINK", description = "Peer link for an assumed path, e.g. gen4x16.")
    String link;

    @Option(names = "--fixed-ms", paramLabel = "MS", description = "Fixed time per token, ms (default: fitted, else 0.5).")
    Double fixedMs;

    @Option(names = "--activation-bytes", paramLabel = "B",
            description = "Bytes per activation value in the all-reduce (default 2, bf16).")
    Double activationBytes;

    @Option(names = "--json", description = "Print JSON instead of text.")
    boolean json;

    @Option(names = "--csv", paramLabel = "FILE", description = "Also write the predictions and terms as CSV.")
    Path csv;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private static final Map<String, String> OPTION_OF = Map.ofEntries(Map.entry("model", "--model"),
            Map.entry("bitsPerWeight", "--bits"), Map.entry("gpu", "--gpu"), Map.entry("memGbPerS", "--mem-gbps"),
            Map.entry("vramGb", "--vram-gb"), Map.entry("measured", "--measured"), Map.entry("split", "--split"),
            Map.entry("predict", "--predict"), Map.entry("maxCards", "--max-cards"),
            Map.entry("allreduceTable", "--allreduce-table"), Map.entry("p2p", "--p2p-gbps"),
            Map.entry("pathClass", "--path-class"), Map.entry("link", "--link"), Map.entry("fixedMs", "--fixed-ms"),
            Map.entry("activationBytes", "--activation-bytes"));

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            ScalingRequest q = request(err);
            if (!capture.isEmpty()) {
                CaptureAnalysis l = CaptureAnalysis.load(capture);
                if (!l.usable()) {
                    Main.explainUnusable(l, err);
                    return Main.EXIT_UNUSABLE;
                }
                for (Problem p : l.capture().problems()) if (p.severity() == Severity.ERROR) err.println(p);
                q.capture = CaptureGpus.of(l.topology(), l.report());
            }
            if (q.capture != null && q.capture.alone() != null && gpu == null && memGbps == null) {
                return alone(q.capture, out);
            }
            Scaling.Result r = Scaling.evaluate(q.toInputs());
            if (csv != null) ExportCommand.write(csv, ScalingCsv.of(r));
            if (json) {
                out.println(Jackson.pretty(ScalingJson.of(r, q.capture)));
            } else {
                out.print(text(r, q.capture));
            }
            out.flush();
            err.flush();
            return 0;
        } catch (CeilingInputException e) {
            err.println("lanescope scaling: " + OPTION_OF.getOrDefault(e.field(), e.field()) + ": "
                    + e.getMessage().substring(e.field().length() + 2));
            err.flush();
            return Main.EXIT_UNUSABLE;
        } catch (IOException e) {
            err.println("lanescope scaling: " + e.getMessage());
            err.flush();
            return Main.EXIT_UNUSABLE;
        }
    }

    /** The options as a scaling request; a bad value is refused naming its option. */
    private ScalingRequest request(PrintWriter err) {
        ScalingRequest q = new ScalingRequest();
        q.model = model == null ? null : MoePreset.byKey(model);
        q.bits = bits;
        if (gpu != null) q.gpu = GpuPreset.byKey(gpu);
        q.memGbPerS = memGbps;
        q.vramGb = vramGb;
        q.split = split;
        ScalingRequest.kind(split);
        if (measured != null) q.measured = Measured.parseList(measured, split.matches("(?i)tps?\\d+") ? "tp" : split);
        if (predict != null) q.predict = ScalingRequest.parseCards(predict);
        q.maxCards = maxCards;
        if (table != null) q.table = readTable(table, err);
        q.p2pGbPerS = p2pGbps;
        q.p2pLatencyUs = p2pLatencyUs;
        if (p2pLatencyUs != null && p2pGbps == null) {
            throw new CeilingInputException("p2p", "--p2p-latency-us needs --p2p-gbps too");
        }
        if (pathClass != null) q.pathClass = pathClass(pathClass);
        if (link != null) q.linkGbPerS = CeilingCommand.Links.parse(link).mbps() / 8000.0;
        q.fixedMs = fixedMs;
        q.activationBytes = activationBytes;
        return q;
    }

    /** A capture with one GPU and no card named: there is nothing to scale, and it says why. */
    private int alone(CaptureGpus capture, PrintWriter out) {
        if (json) {
            com.fasterxml.jackson.databind.node.ObjectNode o = Jackson.mapper().createObjectNode();
            o.put("verdict", capture.alone());
            o.putArray("predictions");
            o.put("capture", capture.describe());
            out.println(Jackson.pretty(o));
        } else {
            out.println(capture.alone());
            out.println();
            out.println("Capture: " + capture.describe());
        }
        out.flush();
        return 0;
    }

    private static AllReduceTable readTable(Path file, PrintWriter err) {
        ParseResult<java.util.List<String>> text = TextFile.lines(file);
        if (text.value() == null) {
            throw new CeilingInputException("allreduceTable", file + " " + text.problems().get(0).message());
        }
        ParseResult<AllReduceTable> r = AllReducePerfParser.parse(file.toString(), text.value());
        for (Problem p : text.problems()) if (p.severity() != Severity.INFO) err.println(p);
        for (Problem p : new ProblemList(r.problems())) if (p.severity() != Severity.INFO) err.println(p);
        if (r.value() == null) {
            throw new CeilingInputException("allreduceTable", file + " holds no all-reduce table (see above)");
        }
        return r.value();
    }

    private static PathClass pathClass(String s) {
        try {
            return PathClass.valueOf(s.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CeilingInputException("pathClass", "'" + s + "' is not PIX, PXB, PHB, NODE or SYS");
        }
    }

    /** The verdict first, then a table a user can read, then where each figure comes from. */
    static String text(Scaling.Result r, CaptureGpus capture) {
        StringBuilder b = new StringBuilder();
        if (capture != null && capture.mixed() != null) b.append(capture.mixed()).append('\n');
        b.append(r.verdict()).append("\n\n");
        if (capture != null) b.append("Capture: ").append(capture.describe()).append("\n\n");
        b.append(String.format(Locale.ROOT, "%-6s %-10s %12s %12s %14s %10s%n", "cards", "split", "tokens/s",
                "weights ms", "all-reduce ms", "fixed ms"));
        for (Prediction p : r.predictions()) {
            boolean no = Boolean.FALSE.equals(p.fits());
            b.append(String.format(Locale.ROOT, "%-6d %-10s %12s %12.2f %14.2f %10.2f", p.cards(),
                    p.split().key(), no ? "does not fit" : Scaling.tps(p.tokensPerS()), p.weightsMs(), p.collectiveMs(),
                    p.fixedMs()).stripTrailing()).append('\n');
        }
        if (!r.inputs().measured().isEmpty()) {
            b.append("\nMeasured: ");
            b.append(String.join(", ", r.inputs().measured().stream().map(m -> m.cards() + " cards "
                    + m.split().key() + " " + Scaling.tps(m.tokensPerS()) + " tokens/s").toList())).append('\n');
        }
        if (r.fit().isPresent()) {
            Fit f = r.fit().get();
            b.append(String.format(Locale.ROOT, "Fitted: %s; fixed %s ms per token%s; worst gap to a measured point "
                            + "%.1f %%%n", f.collectiveFitted() ? "all-reduce step " + Scaling.num(f.stepUs())
                            + " us, the collective costs " + Scaling.num(f.collectiveMsPerAddedCard())
                            + " ms per token per added card" : "collective from the evidence below",
                    Scaling.num(f.fixedMs()), f.weightsFitted() ? "; weights stream at " + Scaling.num(f.memGbPerS())
                            + " GB/s per card" : "", f.worstErrorPct()));
        }
        b.append("All-reduce: ").append(r.cost().describe()).append('\n');
        for (String n : r.notes()) b.append(n).append('\n');
        if (!r.assumptions().isEmpty()) {
            b.append("Assumed (not measured):\n");
            for (String a : r.assumptions()) b.append("  - ").append(a).append('\n');
        }
        return b.toString();
    }
}
