package dev.lanescope.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.lanescope.model.Bdf;
import dev.lanescope.ui.main.MainViewModel;
import dev.lanescope.ui.model.EdgeColours;

/**
 * The window's command line: capture paths (files, folders, .tar.gz), {@code --select BDF} (preselect a card),
 * {@code --mode verdicts|atomics}, {@code --theme light|dark}, {@code --sample NAME} (one of {@code samples/}),
 * {@code --receipt FILE} (open the probe window with this receipt), {@code --ceiling} (open the "Does the link
 * matter?" window on the capture as it loads). No path opens the bundled sample.
 */
public record StartupOptions(List<Path> inputs, Bdf select, EdgeColours.Mode mode, MainViewModel.Theme theme,
                             String sample, Path receipt, boolean ceiling) {

    /**
     * The default sample: a real laptop capture (root, lspci -vv) whose verdicts show what the tool is for:
     * a GTX 1650 in a socket wired x8, an NVMe drive that lost a lane, and Thunderbolt tunnels.
     */
    public static final String DEFAULT_SAMPLE = "hp-laptop-coffeelake-gtx1650-titanridge";

    public static StartupOptions parse(List<String> args) {
        List<Path> inputs = new ArrayList<>();
        Bdf select = null;
        EdgeColours.Mode mode = EdgeColours.Mode.VERDICTS;
        MainViewModel.Theme theme = MainViewModel.Theme.LIGHT;
        String sample = null;
        Path receipt = null;
        boolean ceiling = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--select", "--device" -> select = Bdf.parse(value(args, ++i, a));
                case "--mode" -> mode = "atomics".equalsIgnoreCase(value(args, ++i, a)) ? EdgeColours.Mode.ATOMICS
                        : EdgeColours.Mode.VERDICTS;
                case "--theme" -> theme = "dark".equalsIgnoreCase(value(args, ++i, a)) ? MainViewModel.Theme.DARK
                        : MainViewModel.Theme.LIGHT;
                case "--sample" -> sample = value(args, ++i, a);
                case "--receipt" -> receipt = Path.of(value(args, ++i, a));
                case "--ceiling" -> ceiling = true;
                default -> {
                    if (a.isBlank()) continue;
                    if (a.startsWith("--")) throw new IllegalArgumentException("unknown option " + a
                            + " (want --select BDF, --mode verdicts|atomics, --theme light|dark, --sample NAME, --receipt FILE, --ceiling, or paths)");
                    inputs.add(Path.of(a));
                }
            }
        }
        return new StartupOptions(List.copyOf(inputs), select, mode, theme, sample, receipt, ceiling);
    }

    private static String value(List<String> args, int i, String opt) {
        if (i >= args.size()) throw new IllegalArgumentException(opt + " needs a value");
        return args.get(i);
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
