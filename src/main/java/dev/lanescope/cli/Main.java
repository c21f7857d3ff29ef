package dev.lanescope.cli;

import java.util.List;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import dev.lanescope.pipeline.CaptureAnalysis;

/**
 * {@code lanescope} command line: {@code java -jar target/lanescope.jar <command>}.
 * Exit status 0 when the capture was read, 2 when the input is unusable (the message names file and line).
 */
@Command(name = "lanescope", mixinStandardHelpOptions = true, version = "lanescope 0.1.0",
        description = "PCIe topology explorer: per-hop link verdicts, path ceilings, AtomicOps, peer paths, move advice.")
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
            return commandLine(args.length > 0 ? args[0] : "").execute(args);
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

    /**
     * The commands, in the order the help lists them. Each is made only when it is registered: picocli reads a
     * command's options by reflection when it is added, and reading all thirteen took about a fifth of a short
     * command's start (docs/bench/cli.md).
     */
    private static final List<String> COMMANDS = List.of("analyze", "advise", "export", "ceiling", "scaling", "probe",
            "receipt", "diff", "scan", "collect", "ladder", "watch", "history");

    /** One command's object; a switch rather than a table of constructors, so no other command's class is loaded. */
    private static Object command(String name) {
        return switch (name) {
            case "analyze" -> new AnalyzeCommand();
            case "advise" -> new AdviseCommand();
            case "export" -> new ExportCommand();
            case "ceiling" -> new CeilingCommand();
            case "scaling" -> new ScalingCommand();
            case "probe" -> new ProbeCommand();
            case "receipt" -> new ReceiptCommand();
            case "diff" -> new DiffCommand();
            case "scan" -> new ScanCommand();
            case "collect" -> new CollectCommand();
            case "ladder" -> new LadderCommand();
            case "watch" -> new WatchCommand();
            case "history" -> new HistoryCommand();
            default -> throw new IllegalArgumentException("no command " + name);
        };
    }

    /** The command line with every command and its handlers: an unexpected failure is one plain line, never a stack trace. */
    public static CommandLine commandLine() {
        return commandLine("");
    }

    /**
     * The command line for a run whose first argument is {@code first}: when that names a command, only that
     * command is registered (what the user sees is the same: a command's help and errors name only itself);
     * anything else (no argument, an option, a typo) gets every command, so the usage and picocli's suggestions
     * list them all.
     */
    static CommandLine commandLine(String first) {
        CommandLine cl = new CommandLine(new Main());
        if (COMMANDS.contains(first)) {
            cl.addSubcommand(first, command(first));
        } else {
            COMMANDS.forEach(name -> cl.addSubcommand(name, command(name)));
        }
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
