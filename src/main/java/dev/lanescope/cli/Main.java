package dev.lanescope.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import dev.lanescope.pipeline.CaptureAnalysis;

/**
 * {@code lanescope} command line: {@code java -jar target/lanescope.jar <command>}.
 * Exit status 0 when the capture was read, 2 when the input is unusable (the message names file and line).
 */
@Command(name = "lanescope", mixinStandardHelpOptions = true, version = "lanescope 0.1.0",
        description = "PCIe topology explorer: per-hop link verdicts, path ceilings, AtomicOps, peer paths, move advice.",
        subcommands = {AnalyzeCommand.class, AdviseCommand.class, ExportCommand.class, CeilingCommand.class, ScalingCommand.class,
                ProbeCommand.class, ReceiptCommand.class, DiffCommand.class, ScanCommand.class, CollectCommand.class, LadderCommand.class,
                WatchCommand.class, HistoryCommand.class})
public final class Main implements Runnable {

    /** Exit status for input that could not be used at all. */
    public static final int EXIT_UNUSABLE = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /**
     * Runs the command line and returns the exit status (for tests). Whatever escapes a command, an
     * {@link Error} included (memory, a stack overflow), ends as one line on stderr and {@link #EXIT_INTERNAL},
     * never a stack trace.
     */
    public static int run(String... args) {
        try {
            return commandLine().execute(args);
        } catch (OutOfMemoryError oom) {
            System.err.println("lanescope: ran out of memory (the Java heap is " + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MiB); give it more with java -Xmx2g -jar lanescope.jar ...");
            return EXIT_INTERNAL;
        } catch (Throwable t) { // an Error picocli does not handle: one line, as the handler below does
            System.err.println(internalError(args.length > 0 ? args[0] : "", t));
            return EXIT_INTERNAL;
        }
    }

    /** The one line an unexpected failure prints. */
    static String internalError(String command, Throwable ex) {
        String what = ex instanceof StackOverflowError ? "StackOverflowError: the input nests or repeats too deeply"
                : ex.getClass().getSimpleName() + (ex.getMessage() == null ? "" : ": " + firstLine(ex.getMessage()));
        return "lanescope" + (command.isEmpty() || command.startsWith("-") ? "" : " " + command)
                + ": stopped by an internal error (" + what + "); nothing was written. Please report it with the input"
                + " that caused it.";
    }

    /** The command line with its handlers: an unexpected failure is one plain line, never a stack trace. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        cl.setExecutionExceptionHandler((ex, line, parsed) -> {
            line.getErr().println(internalError(line.getCommandName(), ex));
            line.getErr().flush();
            return EXIT_INTERNAL;
        });
        return cl;
    }

    /** Exit status when lanescope itself failed (a bug, or memory): never a stack trace. */
    public static final int EXIT_INTERNAL = 1;

    private static String firstLine(String s) {
        String l = s.lines().findFirst().orElse("");
        return l.length() > 200 ? l.substring(0, 200) + "..." : l;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Prints why the input is unusable: every error with its file and line, then a one-line summary. */
    static void explainUnusable(CaptureAnalysis loaded, java.io.PrintWriter err) {
        loaded.unusableLines().forEach(err::println);
        err.flush();
    }
}
