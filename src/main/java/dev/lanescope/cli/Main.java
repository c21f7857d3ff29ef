package dev.lanescope.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code lanescope} command line: {@code java -jar target/lanescope.jar <command>}.
 * Exit status 0 when the capture was read, 2 when the input is unusable (the message names file and line).
 */
@Command(name = "lanescope", mixinStandardHelpOptions = true, version = "lanescope 0.1.0",
        description = "PCIe topology explorer: per-hop link verdicts, path ceilings, AtomicOps, peer paths, move advice.",
        subcommands = {AnalyzeCommand.class, AdviseCommand.class, ExportCommand.class, CeilingCommand.class, ScalingCommand.class,
                ProbeCommand.class, ReceiptCommand.class, DiffCommand.class, ScanCommand.class, CollectCommand.class})
public final class Main implements Runnable {

    /** Exit status for input that could not be used at all. */
    public static final int EXIT_UNUSABLE = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns the exit status (for tests). */
    public static int run(String... args) {
        return new CommandLine(new Main()).execute(args);
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
