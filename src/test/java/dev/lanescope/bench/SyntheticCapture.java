package dev.lanescope.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Makes a large {@code lspci -vv} text by replicating a real one: copy k is renumbered into PCI domain k
 * (every record header gets the {@code kkkk:} prefix that lspci itself prints for multi-domain machines),
 * so bus numbers, bridges and links stay exactly as the real machine had them.
 */
public final class SyntheticCapture {

    private static final Pattern HEADER =
            Pattern.compile("^(?:[0-9a-fA-F]{4,8}:)?([0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7] .*)$");

    private SyntheticCapture() {
    }

    /** The real capture the benchmarks replicate: the largest -vv in samples/ (320 functions, 2-socket Ice Lake-SP). */
    public static Path largestSample() {
        return Path.of("samples", "intel-xeon-icelake-sp-2s-connectx5", "vv.txt");
    }

    public static List<String> replicate(List<String> vvLines, int copies) {
        List<String> out = new ArrayList<>(vvLines.size() * copies);
        for (int k = 0; k < copies; k++) {
            String prefix = String.format(Locale.ROOT, "%04x:", k);
            for (String line : vvLines) {
                Matcher m = HEADER.matcher(line);
                out.add(m.matches() ? prefix + m.group(1) : line);
            }
            out.add("");
        }
        return out;
    }

    /** Replicates until at least {@code functions} records exist. */
    public static List<String> withAtLeast(Path sample, int functions) throws IOException {
        List<String> lines = Files.readAllLines(sample, StandardCharsets.UTF_8);
        long perCopy = lines.stream().filter(l -> HEADER.matcher(l).matches()).count();
        int copies = (int) Math.ceil(functions / (double) perCopy);
        return replicate(lines, copies);
    }
}
