package dev.lanescope.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import dev.lanescope.export.AtomicFiles;
import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.export.GraphExports;
import dev.lanescope.export.MissingSystemLibrary;
import dev.lanescope.export.PictureRenderer;
import dev.lanescope.model.Bdf;
import dev.lanescope.pipeline.CaptureAnalysis;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code lanescope export CAPTURE --dot|--graphml|--graph-json|--png FILE}: the graph with verdicts, for other
 * tools, or the decision picture; {@code export CAPTURE... --png FOLDER}: one picture per capture, in one process.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Write the topology graph with its verdicts as DOT, GraphML or JSON (and PNG where available).")
final class ExportCommand implements Callable<Integer> {

    @Mixin
    Options.Capture capture;

    @Option(names = "--dot", paramLabel = "FILE", description = "Graphviz DOT output file.")
    Path dot;

    @Option(names = "--graphml", paramLabel = "FILE", description = "GraphML output file.")
    Path graphml;

    @Option(names = "--graph-json", paramLabel = "FILE", description = "jgrapht JSON graph output file.")
    Path graphJson;

    @Option(names = "--png", paramLabel = "FILE|FOLDER",
            description = "The picture for the hardware decision, rendered without a display: the card's path to the"
                    + " CPU, its candidate slots with their predicted ceilings, the other GPUs' paths, the answer,"
                    + " the capture's host and time and a legend of the colours used; the rest folded (at most 2400 px"
                    + " wide). A folder (one that exists, or a name ending in /): every CAPTURE is a capture of its"
                    + " own, drawn in this one process into FOLDER/NAME.png (NAME: the capture's folder or file name).")
    Path png;

    @Option(names = "--device", paramLabel = "[CAPTURE=]BDF",
            description = "With --png: the card the picture is about (default: the first fault's device, else the"
                    + " first GPU). CAPTURE=BDF picks it for one capture of a batch (CAPTURE: its name or path as"
                    + " given); repeat it for others.")
    List<String> devices = new ArrayList<>();

    @Option(names = "--full", description = "With --png: the whole machine instead of the paths that matter.")
    boolean full;

    @Option(names = "--atomics", description = "With --png: colour by AtomicOps routing instead of link verdicts.")
    boolean atomics;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Draws the pictures; null: the one on the class path ({@link PictureRenderer#find()}). Tests give their own. */
    PictureRenderer renderer;

    /** Exit status when a system library the picture needs is missing (the line names the package). */
    static final int EXIT_MISSING_LIBRARY = 3;

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        if (dot == null && graphml == null && graphJson == null && png == null) {
            return refuse(err, "name at least one output (--png, --dot, --graphml, --graph-json)");
        }
        DevicePicks picks;
        try {
            picks = DevicePicks.of(devices, capture.inputs);
        } catch (IllegalArgumentException e) {
            return refuse(err, e.getMessage());
        }
        if (png != null && pngIsFolder()) {
            if (dot != null || graphml != null || graphJson != null) {
                return refuse(err, "with --png FOLDER (a batch), write --dot, --graphml and --graph-json one capture"
                        + " at a time");
            }
            return batch(picks, err);
        }
        if (png != null) renderer().warmUp();
        CaptureAnalysis loaded = CaptureAnalysis.load(capture.inputs);
        if (!loaded.usable()) {
            Main.explainUnusable(loaded, err);
            return Main.EXIT_UNUSABLE;
        }
        String device = picks.forCapture(capture.inputs.get(0), loaded);
        Bdf selected = device == null ? null : selected(device, loaded, err);
        if (device != null && selected == null) return Main.EXIT_UNUSABLE;
        if (png != null) {
            try {
                wrote(renderer().topology(loaded.topology(), loaded.report(), png, selected, atomics, full));
            } catch (MissingSystemLibrary e) {
                return refuse(err, e.getMessage(), EXIT_MISSING_LIBRARY);
            }
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

    /**
     * Every input a capture of its own, drawn into the folder {@link #png} by one renderer (one toolkit start for
     * all). Two captures are in flight at a time, so one is read and judged while the other's picture is drawn and
     * written; what each says is printed in the order given. A capture that cannot be drawn is named and skipped;
     * the rest are drawn; exit 2 when any was skipped.
     */
    private int batch(DevicePicks picks, PrintWriter err) throws IOException {
        PictureRenderer renderer = renderer();
        renderer.warmUp();
        Set<String> names = new HashSet<>();
        ExecutorService pool = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "lanescope-export");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Drawn>> drawn = new ArrayList<>();
            for (Path input : capture.inputs) {
                Path out = png.resolve(pictureName(input, names));
                drawn.add(pool.submit(() -> draw(renderer, input, out, picks)));
            }
            int exit = 0;
            for (Future<Drawn> f : drawn) {
                Drawn d = f.get();
                err.print(d.said());
                err.flush();
                if (d.wrote() != null) wrote(d.wrote());
                if (d.exit() == EXIT_MISSING_LIBRARY) return d.exit(); // every later picture would fail alike
                exit = Math.max(exit, d.exit());
            }
            return exit;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("stopped while drawing", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error r) throw r;
            throw new IOException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /** One capture of a batch: the file written (or null), what was said about it, its exit status. */
    private record Drawn(Path wrote, String said, int exit) {
    }

    private Drawn draw(PictureRenderer renderer, Path input, Path out, DevicePicks picks) {
        StringWriter said = new StringWriter();
        PrintWriter err = new PrintWriter(said);
        CaptureAnalysis loaded = CaptureAnalysis.load(List.of(input));
        if (!loaded.usable()) {
            Main.explainUnusable(loaded, err);
            return new Drawn(null, said.toString(), Main.EXIT_UNUSABLE);
        }
        String device = picks.forCapture(input, loaded);
        Bdf selected = device == null ? null : selected(device, loaded, err);
        if (device != null && selected == null) return new Drawn(null, said.toString(), Main.EXIT_UNUSABLE);
        try {
            return new Drawn(renderer.topology(loaded.topology(), loaded.report(), out, selected, atomics, full), "", 0);
        } catch (MissingSystemLibrary e) {
            refuse(err, e.getMessage());
            return new Drawn(null, said.toString(), EXIT_MISSING_LIBRARY);
        } catch (IOException e) {
            refuse(err, input + ": " + e.getMessage());
            return new Drawn(null, said.toString(), Main.EXIT_UNUSABLE);
        }
    }

    /** The picture's file name in a batch: the capture's name, made unique among those taken ({@code -2}...). */
    static String pictureName(Path input, Set<String> taken) {
        String base = CaptureLoader.nameOf(input).replaceAll("[^\\w.+-]", "_");
        if (base.isEmpty() || base.startsWith(".")) base = "capture" + base;
        String name = base;
        for (int n = 2; !taken.add(name); n++) name = base + "-" + n;
        return name + ".png";
    }

    /** {@code --png} names a folder: one that exists, or a name ending in / (which a Path no longer shows). */
    private boolean pngIsFolder() {
        if (Files.isDirectory(png)) return true;
        CommandLine.Model.OptionSpec given = spec.commandLine().getParseResult().matchedOption("--png");
        return given != null && given.originalStringValues().stream().anyMatch(v -> v.endsWith("/"));
    }

    private PictureRenderer renderer() throws IOException {
        if (renderer == null) renderer = PictureRenderer.find();
        return renderer;
    }

    private Bdf selected(String device, CaptureAnalysis loaded, PrintWriter err) {
        Bdf b = Bdf.tryParse(device);
        if (b == null || loaded.topology().node(b).isEmpty()) {
            err.println("lanescope export: --device " + device + " is not a function of " + loaded.capture().label());
            err.flush();
            return null;
        }
        return b;
    }

    private void wrote(Path written) {
        spec.commandLine().getOut().println("wrote " + written);
        spec.commandLine().getOut().flush();
    }

    private static int refuse(PrintWriter err, String why) {
        return refuse(err, why, Main.EXIT_UNUSABLE);
    }

    private static int refuse(PrintWriter err, String why, int exit) {
        err.println("lanescope export: " + why);
        err.flush();
        return exit;
    }

    /** Written atomically, as every export is ({@link AtomicFiles}). */
    static void write(Path target, String text) throws IOException {
        AtomicFiles.writeString(target, text);
    }
}
