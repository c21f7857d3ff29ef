package dev.lanescope.probe;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The probe's source files: read from a {@code native-probes/} folder when one is given or found beside the working
 * directory, otherwise from the copies bundled in the jar under {@code /native-probes/} (the pom copies the
 * {@code .cu}, {@code .hip} and {@code .h} files there), so an installed jar builds the same probe.
 */
public record ProbeSources(String origin, Map<String, byte[]> files) {

    /** Every file a probe build reads. */
    public static final List<String> NAMES = List.of("pcie_bw.cu", "pcie_bw.hip", "probe_common.h");

    public ProbeSources {
        files = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(files));
    }

    public static ProbeSources fromDirectory(Path dir) throws IOException {
        Map<String, byte[]> m = new LinkedHashMap<>();
        for (String n : NAMES) {
            Path p = dir.resolve(n);
            if (Files.isRegularFile(p)) m.put(n, Files.readAllBytes(p));
        }
        if (m.isEmpty()) throw new IOException("no probe sources (" + NAMES + ") in " + dir);
        return new ProbeSources(dir.toAbsolutePath().toString(), m);
    }

    /** The copies bundled on the classpath, or null when the jar has none. */
    public static ProbeSources fromClasspath() throws IOException {
        Map<String, byte[]> m = new LinkedHashMap<>();
        for (String n : NAMES) {
            try (InputStream in = ProbeSources.class.getResourceAsStream("/native-probes/" + n)) {
                if (in != null) m.put(n, in.readAllBytes());
            }
        }
        return m.isEmpty() ? null : new ProbeSources("bundled in the jar (/native-probes/)", m);
    }

    /** {@code ./native-probes} when it holds the sources, else the bundled copies. */
    public static ProbeSources locate(Path override) throws IOException {
        if (override != null) return fromDirectory(override);
        Path local = Path.of("native-probes");
        if (Files.isRegularFile(local.resolve("pcie_bw.cu"))) return fromDirectory(local);
        ProbeSources cp = fromClasspath();
        if (cp == null) {
            throw new IOException("probe sources not found: no ./native-probes/ folder and none bundled in the jar;"
                    + " pass --sources DIR");
        }
        return cp;
    }

    public boolean has(String name) {
        return files.containsKey(name);
    }
}
