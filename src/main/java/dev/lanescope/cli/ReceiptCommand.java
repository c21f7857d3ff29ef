package dev.lanescope.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import dev.lanescope.analysis.HopVerdict;
import dev.lanescope.parse.BoundedFile;
import dev.lanescope.pipeline.CaptureAnalysis;
import dev.lanescope.pipeline.ReceiptOnCapture;
import dev.lanescope.probe.BatchReading;
import dev.lanescope.probe.EngineVsWire;
import dev.lanescope.probe.Receipt;
import dev.lanescope.probe.ReceiptCompare;
import dev.lanescope.probe.ReceiptReader;
import dev.lanescope.probe.ReceiptReading;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code lanescope receipt FILE [--compare OTHER] [--capture CAPTURE]}: a saved receipt read in words. */
@Command(name = "receipt", mixinStandardHelpOptions = true,
        description = "Read a saved probe receipt: the link state, the sweep in words, optionally compared with another"
                + " receipt or applied to a capture's link verdicts.")
final class ReceiptCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "FILE", description = "Receipt JSON (run_receipt.sh or lanescope probe).")
    Path file;

    @Option(names = "--compare", paramLabel = "OTHER", description = "A second receipt (e.g. after a reboot).")
    Path other;

    @Option(names = "--capture", arity = "1..*", paramLabel = "CAPTURE",
            description = "The capture the receipt belongs to: its link verdicts, upgraded by the receipt's under-load evidence.")
    List<Path> capture;

    @Option(names = "--engine", paramLabel = "RATE",
            description = "An engine's effective rate at its copy size, e.g. \"17.7 GB/s at 460800 B\", or a log line"
                    + " holding both (or a size and a time): says whether the wire, the per-transfer overhead or the"
                    + " engine is the limit, against this receipt at the same size.")
    String engine;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter o = spec.commandLine().getOut();
        PrintWriter e = spec.commandLine().getErr();
        Receipt r;
        Receipt r2 = null;
        EngineVsWire.Claim claim = null;
        if (engine != null) {
            try {
                claim = EngineVsWire.parse(engine);
            } catch (IllegalArgumentException bad) {
                e.println("lanescope: --engine: " + bad.getMessage());
                e.flush();
                return Main.EXIT_UNUSABLE;
            }
        }
        try {
            r = ReceiptReader.read(file);
            if (other != null) r2 = ReceiptReader.read(other);
        } catch (IOException ex) {
            e.println("lanescope: " + (ex instanceof ReceiptReader.NotAReceipt || ex instanceof BoundedFile.Refused
                    ? ex.getMessage() : "cannot read " + ex.getMessage()));
            e.flush();
            return Main.EXIT_UNUSABLE;
        }
        if (r2 != null) {
            o.print(ReceiptCompare.of(r, r2).text());
            o.println();
        }
        ReceiptReading rd = ReceiptReading.of(r);
        o.println(r.label() + ":");
        for (String s : rd.sentences()) o.println("  " + s);
        o.print(rd.table());
        if (claim != null) {
            o.println();
            o.println("Engine against wire:");
            o.println("  " + EngineVsWire.of(claim, BatchReading.of(r.results()), rd.peakPinnedH2d()).sentence());
        }
        if (capture != null && !capture.isEmpty()) return onCapture(r, o, e);
        o.flush();
        return 0;
    }

    /** The capture's link verdicts with the receipt's evidence: what changed, and the faults that stay. */
    private int onCapture(Receipt r, PrintWriter o, PrintWriter e) {
        CaptureAnalysis l = CaptureAnalysis.load(capture);
        if (!l.usable()) {
            Main.explainUnusable(l, e);
            o.flush();
            return Main.EXIT_UNUSABLE;
        }
        ReceiptOnCapture on = ReceiptOnCapture.apply(r, l);
        o.println();
        if (!on.applied()) {
            o.println("Not applied to " + l.capture().label() + ": " + on.why() + ".");
            if (on.status() == ReceiptOnCapture.Status.OTHER_MACHINE) {
                o.flush();
                return 0;
            }
        }
        o.println("Link verdicts of " + l.capture().label() + " with the receipt's evidence:");
        List<HopVerdict> base = l.report().hops();
        List<HopVerdict> up = on.upgraded().report().hops();
        for (int i = 0; i < up.size(); i++) {
            HopVerdict a = base.get(i);
            HopVerdict b = up.get(i);
            if (a.verdict() != b.verdict()) {
                o.println("  " + b.hopLabel() + ": " + a.verdict().words() + " -> " + b.verdict().words() + ": "
                        + b.reason());
            } else if (b.verdict().isFault() || b.verdict() == dev.lanescope.analysis.LinkVerdict.IDLE_DOWNSHIFT) {
                o.println("  " + b.hopLabel() + ": " + b.verdict().words() + " (unchanged)");
            }
        }
        o.flush();
        return 0;
    }
}
