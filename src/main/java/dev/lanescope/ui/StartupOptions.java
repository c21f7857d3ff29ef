package dev.lanescope.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import dev.lanescope.model.Bdf;
import dev.lanescope.ui.fleet.FleetStartup;
import dev.lanescope.ui.model.EdgeColours;
import dev.lanescope.ui.session.Theme;

/**
 * The window's command line, read by picocli: capture paths (files, folders, .tar.gz), {@code --select BDF} (preselect
 * a card), {@code --mode verdicts|atomics}, {@code --theme light|dark}, {@code --sample NAME} (one of {@code samples/}),
 * {@code --receipt FILE} (open the side panel's probe tab with this receipt), {@code --ceiling} (open the side panel's
 * "Does the link matter?" tab), {@code --ladder} (open the P2P ladder tab; {@code --evidence FILE...} adds its evidence
 * files), {@code --compare A B} (open A, then compare it with B), {@code --scan DIR} (open the
 * fleet table over DIR), {@code --watch} (open the Watch window once the capture has loaded), {@code --history DIR}
 * (open the History window over DIR). No path opens the bundled sample.
 */
public record StartupOptions(List<Path> inputs, Bdf select, EdgeColours.Mode mode, Theme theme,
                             String sample, Path receipt, boolean ceiling, FleetStartup fleet, boolean ladder,
                             List<Path> evidence, boolean watch, Path history) {

    /**
     * The default sample: a real laptop capture (root, lspci -vv) whose verdicts show what the tool is for:
     * a GTX 1650 in a socket wired x8, an NVMe drive that lost a lane, and Thunderbolt tunnels.
     */
    public static final String DEFAULT_SAMPLE = "hp-laptop-coffeelake-gtx1650-titanridge";

    /** The colour modes and themes as typed on the command line. */
    enum ModeArg { verdicts, atomics }

    enum ThemeArg { light, dark }

    @Command(name = "scripts/window.sh", sortOptions = false, mixinStandardHelpOptions = true,
            version = "lanescope 0.1.0", description = "Opens the lanescope window (no path: the bundled sample).")
    static final class Spec {
        @Parameters(paramLabel = "CAPTURE", arity = "0..*", description = "capture files, folders or .tar.gz bundles")
        List<String> paths = new ArrayList<>();
        @Option(names = {"--select", "--device"}, paramLabel = "BDF", converter = BdfArg.class,
                description = "select this card once the capture has loaded")
        Bdf select;
        @Option(names = "--mode", paramLabel = "verdicts|atomics", description = "colour by link verdicts or AtomicOps")
        ModeArg mode = ModeArg.verdicts;
        @Option(names = "--theme", paramLabel = "light|dark")
        ThemeArg theme = ThemeArg.light;
        @Option(names = "--sample", paramLabel = "NAME", description = "open samples/NAME instead of the default sample")
        String sample;
        @Option(names = "--receipt", paramLabel = "FILE", description = "open the probe tab with this receipt")
        Path receipt;
        @Option(names = "--ceiling", description = "open the \"Does the link matter?\" tab")
        boolean ceiling;
        @Option(names = "--ladder", description = "open the P2P ladder tab")
        boolean ladder;
        @Option(names = "--evidence", arity = "1..*", paramLabel = "FILE",
                description = "evidence files for the P2P ladder (logs, probe outputs, nvidia-smi/rocm-smi output)")
        List<Path> evidence = new ArrayList<>();
        @Option(names = "--compare", arity = "2", paramLabel = "CAPTURE", description = "open A, then compare it with B")
        List<Path> compare;
        @Option(names = "--scan", paramLabel = "DIR", description = "open the fleet table over a folder of bundles")
        Path scan;
        @Option(names = "--watch", description = "open the Watch window (showing the capture's own watch, if it has one)")
        boolean watch;
        @Option(names = "--history", paramLabel = "DIR", description = "open the History window over a folder of one"
                + " host's bundles or capture folders")
        Path history;
    }

    /** BDFs as the rest of lanescope reads them ({@code 01:00.0} or {@code 0000:01:00.0}). */
    static final class BdfArg implements CommandLine.ITypeConverter<Bdf> {
        @Override
        public Bdf convert(String value) {
            return Bdf.parse(value);
        }
    }

    /** Thrown for a command line the window cannot start from; the message names the argument. */
    public static final class BadArguments extends IllegalArgumentException {
        private final boolean help;

        BadArguments(String message, boolean help) {
            super(message);
            this.help = help;
        }

        /** True when the user asked for the usage text ({@code --help}, {@code --version}): not an error. */
        public boolean help() {
            return help;
        }
    }

    /**
     * Reads the window's arguments. Blank arguments (an empty {@code -Dlanescope.args}) are skipped; a bad one throws
     * {@link BadArguments} whose message names it and lists the options (for {@code --help}, the usage text).
     */
    public static StartupOptions parse(List<String> args) {
        Spec spec = new Spec();
        CommandLine cl = new CommandLine(spec).setCaseInsensitiveEnumValuesAllowed(true);
        // the name its usage shows: the installed app's launcher says lanescope-window (-Dlanescope.command)
        String command = System.getProperty("lanescope.command");
        if (command != null && !command.isBlank()) cl.setCommandName(command);
        try {
            cl.parseArgs(args.stream().filter(a -> !a.isBlank()).toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new BadArguments(e.getMessage() + "\n" + cl.getUsageMessage(CommandLine.Help.Ansi.OFF), false);
        }
        if (cl.isUsageHelpRequested()) throw new BadArguments(cl.getUsageMessage(CommandLine.Help.Ansi.OFF), true);
        if (cl.isVersionHelpRequested()) throw new BadArguments(String.join("\n", cl.getCommandSpec().version()), true);
        List<Path> inputs = new ArrayList<>(spec.paths.stream().map(Path::of).toList());
        Path compareWith = null;
        if (spec.compare != null) {
            inputs.add(spec.compare.get(0));
            compareWith = spec.compare.get(1);
        }
        return new StartupOptions(List.copyOf(inputs), spec.select,
                spec.mode == ModeArg.atomics ? EdgeColours.Mode.ATOMICS : EdgeColours.Mode.VERDICTS,
                spec.theme == ThemeArg.dark ? Theme.DARK : Theme.LIGHT,
                spec.sample, spec.receipt, spec.ceiling, new FleetStartup(compareWith, spec.scan),
                spec.ladder || !spec.evidence.isEmpty(), List.copyOf(spec.evidence), spec.watch, spec.history);
    }

    /** Where the bundled samples are: {@code -Dlanescope.samples}, else {@code samples/} in the working folder. */
    public static Path samplesRoot() {
        String p = System.getProperty("lanescope.samples");
        if (p != null) return Path.of(p);
        Path here = Path.of("samples");
        return Files.isDirectory(here) ? here : Path.of(System.getProperty("user.dir"), "samples");
    }

    public Path sampleDir() {
        return samplesRoot().resolve(sample == null ? DEFAULT_SAMPLE : sample);
    }

    /**
     * The files of a bundled sample folder that make one capture: its provenance note ({@code source.txt}) is left
     * out, and so are alternate dumps of the same machine ({@code vv_nonroot.txt}, {@code vv_reverted_kernel.txt},
     * {@code tv_hotplugged.txt}) when the plain {@code vv.txt} / {@code tv.txt} is there (samples/README.md).
     */
    public static java.util.List<Path> sampleInputs(Path dir) throws java.io.IOException {
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> !f.getFileName().toString().equals("source.txt"))
                    .filter(f -> !isAlternate(dir, f.getFileName().toString()))
                    .sorted()
                    .toList();
        }
    }

    /**
     * {@code vv_nonroot.txt} beside {@code vv.txt}, or beside the collector's {@code lspci-vv.txt}
     * ({@code tv_nonroot.txt} beside {@code tv.txt} / {@code lspci-tv.txt}): another dump of the same machine.
     */
    private static boolean isAlternate(Path dir, String name) {
        int us = name.indexOf('_');
        if (us < 0 || !name.endsWith(".txt")) return false;
        String main = name.substring(0, us);
        return Files.exists(dir.resolve(main + ".txt")) || Files.exists(dir.resolve("lspci-" + main + ".txt"));
    }
}
