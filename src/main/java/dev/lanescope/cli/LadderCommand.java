package dev.lanescope.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import dev.lanescope.analysis.ladder.Ladder;
import dev.lanescope.analysis.ladder.Ladders;
import dev.lanescope.analysis.ladder.Rung;
import dev.lanescope.capture.LadderEvidenceLoader;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.ladder.LadderEvidence;
import dev.lanescope.model.p2p.Evidence;
import dev.lanescope.parse.Jackson;
import dev.lanescope.pipeline.CaptureAnalysis;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code lanescope ladder CAPTURE --pair A,B [--evidence FILE...] [--json]}: the P2P acceptance ladder of a pair. */
@Command(name = "ladder", mixinStandardHelpOptions = true,
        description = {"The P2P acceptance ladder of a pair of GPUs (every GPU pair without --pair): firmware and"
                + " BARs, link, DMA addressability, kernel P2PDMA, driver peer access, copy engines, collective"
                + " library, collective probe, framework; each rung passed, failed or not proven, with the lines it"
                + " rests on and, for a rung not passed, the next command to run."})
final class LadderCommand implements Callable<Integer> {

    @Mixin
    Options.Capture capture;

    @Option(names = "--pair", paramLabel = "A,B", converter = Options.BdfPairConverter.class,
            description = "The two devices: BB:DD.F or DDDD:BB:DD.F each.")
    Options.BdfPair pair;

    /** Ladders shown without --pair; more pairs are counted in one line. */
    static final int PAIRS_SHOWN = 100;

    @Option(names = "--evidence", arity = "1..*", paramLabel = "FILE",
            description = "Extra evidence: logs (dmesg, NCCL_DEBUG=INFO, the framework's), nvidia-smi topo -p2p r,"
                    + " rocm-smi --showtopoaccess/--showbus, sysfs dma_mask_bits, probe outputs.")
    List<Path> evidence = new ArrayList<>();

    @Mixin
    Options.MachineForm machineForm;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        CaptureAnalysis loaded = CaptureAnalysis.load(capture.inputs, false, CaptureAnalysis.Progress.NONE);
        if (!loaded.usable()) {
            Main.explainUnusable(loaded, err);
            return Main.EXIT_UNUSABLE;
        }
        LadderEvidence ev = evidence(err);
        List<Ladder> ladders = new ArrayList<>();
        if (pair != null) {
            Ladder one = pairLadder(loaded, ev, err);
            if (one == null) return Main.EXIT_UNUSABLE;
            ladders.add(one);
        } else {
            ladders.addAll(everyPair(loaded, ev, err));
            if (ladders.isEmpty()) return noPair(loaded, out, err);
        }
        print(ladders, out);
        return 0;
    }

    /** The capture's files and the extra evidence, read for the ladder; their problems said on stderr. */
    private LadderEvidence evidence(PrintWriter err) {
        List<Path> all = new ArrayList<>(capture.inputs);
        all.addAll(evidence);
        LadderEvidence ev = LadderEvidenceLoader.load(all);
        for (var p : ev.problems()) if (p.severity() != dev.lanescope.model.Severity.INFO) err.println(p);
        return ev;
    }

    /** The ladder of the --pair, or null when it names a device not in the capture (said on stderr). */
    private Ladder pairLadder(CaptureAnalysis loaded, LadderEvidence ev, PrintWriter err) {
        for (Bdf b : new Bdf[] {pair.a(), pair.b()}) {
            if (loaded.topology().node(b).isEmpty()) {
                err.println("lanescope: " + b + " is not in " + loaded.capture().label() + "; its GPUs: "
                        + gpuList(loaded));
                err.flush();
                return null;
            }
        }
        try {
            return Ladders.of(loaded.topology(), ev, pair.a(), pair.b());
        } catch (IllegalArgumentException e) {
            err.println("lanescope: --pair: " + e.getMessage());
            err.flush();
            return null;
        }
    }

    /** Every GPU pair's ladder, the first {@link #PAIRS_SHOWN}; how many more there are said on stderr. */
    private static List<Ladder> everyPair(CaptureAnalysis loaded, LadderEvidence ev, PrintWriter err) {
        List<Ladder> ladders = Ladders.allGpuPairs(loaded.topology(), ev, loaded.report().peers(), PAIRS_SHOWN);
        long gpus = Ladders.gpus(loaded.topology()).size();
        if (gpus * (gpus - 1) / 2 > PAIRS_SHOWN) {
            // n GPUs have n(n-1)/2 pairs: what a capture can make this print stays bounded
            err.printf(java.util.Locale.ROOT, "lanescope ladder: %,d GPU pairs; the first %,d (in address order)"
                    + " are shown; name any pair with --pair A,B (scan gives the lowest failed rung over all)%n",
                    gpus * (gpus - 1) / 2, PAIRS_SHOWN);
        }
        return ladders;
    }

    /** No GPU pair: the machine form stays machine-readable (an empty list on stdout, the sentence on stderr). */
    private int noPair(CaptureAnalysis loaded, PrintWriter out, PrintWriter err) {
        String none = "No pair of GPUs in " + loaded.capture().label() + " (found: " + gpuList(loaded)
                + "); name any two devices with --pair A,B.";
        if (machineForm.json) {
            out.println("[]");
            err.println(none);
            err.flush();
        } else {
            out.println(none);
        }
        out.flush();
        return 0;
    }

    private void print(List<Ladder> ladders, PrintWriter out) {
        if (machineForm.json) {
            Object o = ladders.size() == 1 && pair != null ? json(ladders.get(0))
                    : ladders.stream().map(LadderCommand::json).toList();
            out.println(Jackson.pretty(o));
        } else {
            for (int i = 0; i < ladders.size(); i++) {
                if (i > 0) out.println();
                out.print(text(ladders.get(i)));
            }
        }
        out.flush();
    }

    private static String gpuList(CaptureAnalysis l) {
        List<String> s = new ArrayList<>();
        for (var n : Ladders.gpus(l.topology())) s.add(l.topology().address(n.bdf()));
        return s.isEmpty() ? "none" : String.join(", ", s);
    }

    /** The machine form of one ladder ({@code ladder --json}): one component per key, in the order written. */
    record LadderJson(List<String> pair, String headline, String noDirectP2p, List<RungJson> rungs,
                      Integer lowestNotPassed, Integer lowestFailed) {
    }

    /** One rung: its number, name, status, what the pair shows, the lines it rests on, its rule and next step. */
    record RungJson(int rung, String name, String status, String finding, List<Evidence> evidence, String rule,
                    String next) {
    }

    static LadderJson json(Ladder l) {
        List<RungJson> rungs = l.rungs().stream().map(r -> new RungJson(r.rung(), r.name(), r.status().name(),
                r.finding(), r.evidence(), r.rule(), r.next())).toList();
        Rung low = l.lowestNotPassed();
        Rung f = l.lowestFailed();
        return new LadderJson(List.of(l.a().toString(), l.b().toString()), l.headline(), l.noDirect(), rungs,
                low == null ? null : low.rung(), f == null ? null : f.rung());
    }

    static String text(Ladder l) {
        StringBuilder s = new StringBuilder();
        s.append(l.headline()).append('\n');
        s.append("P2P ladder for ").append(l.aAt()).append(" (").append(l.aName()).append(") and ")
                .append(l.bAt()).append(" (").append(l.bName()).append(")\n");
        for (Rung r : l.rungs()) {
            s.append(String.format("%n%d. %s: %s%n", r.rung(), r.name(), r.statusWords()));
            s.append("   ").append(r.finding()).append('\n');
            for (Evidence e : r.evidence()) s.append("     ").append(e).append('\n');
            if (r.next() != null) s.append("   next: ").append(r.next()).append('\n');
        }
        return s.toString();
    }
}
