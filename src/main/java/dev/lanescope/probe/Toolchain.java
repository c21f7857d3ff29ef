package dev.lanescope.probe;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The GPU compilers found on this machine: nvcc (PATH, {@code $CUDA_HOME/bin}, {@code $CUDA_PATH/bin},
 * {@code /usr/local/cuda/bin}) and hipcc (PATH, {@code $ROCM_PATH/bin}, {@code /opt/rocm/bin}).
 */
public record Toolchain(Optional<Path> nvcc, Optional<Path> hipcc, List<String> searched) {

    /** Which probe to build. */
    public enum Api {
        CUDA("nvcc", "pcie_bw.cu", "pcie_bw"),
        HIP("hipcc", "pcie_bw.hip", "pcie_bw_hip");

        private final String compiler;
        private final String source;
        private final String binary;

        Api(String compiler, String source, String binary) {
            this.compiler = compiler;
            this.source = source;
            this.binary = binary;
        }

        public String compiler() {
            return compiler;
        }

        public String source() {
            return source;
        }

        public String binary() {
            return binary;
        }
    }

    public Toolchain {
        searched = List.copyOf(searched);
    }

    /** Looks in this process's environment. */
    public static Toolchain find() {
        return find(System.getenv());
    }

    /** Looks with the given environment (tests pass an empty PATH). */
    public static Toolchain find(Map<String, String> env) {
        return find(env, true);
    }

    /** {@code standardDirs} false leaves out /usr/local/cuda/bin and /opt/rocm/bin (tests of a bare machine). */
    public static Toolchain find(Map<String, String> env, boolean standardDirs) {
        List<String> searched = new ArrayList<>();
        Optional<Path> nvcc = locate("nvcc", env, searched, java.util.Arrays.asList(dir(env, "CUDA_HOME"),
                dir(env, "CUDA_PATH"), standardDirs ? Path.of("/usr/local/cuda/bin") : null));
        Optional<Path> hipcc = locate("hipcc", env, searched, java.util.Arrays.asList(dir(env, "ROCM_PATH"),
                dir(env, "HIP_PATH"), standardDirs ? Path.of("/opt/rocm/bin") : null));
        return new Toolchain(nvcc, hipcc, searched);
    }

    private static Path dir(Map<String, String> env, String var) {
        String v = env.get(var);
        return v == null || v.isBlank() ? null : Path.of(v, "bin");
    }

    private static Optional<Path> locate(String name, Map<String, String> env, List<String> searched, List<Path> extra) {
        List<Path> dirs = new ArrayList<>();
        String path = env.get("PATH");
        if (path != null) {
            for (String d : path.split(java.io.File.pathSeparator)) {
                if (!d.isBlank()) dirs.add(Path.of(d));
            }
        }
        for (Path p : extra) {
            if (p != null) dirs.add(p);
        }
        for (Path d : dirs) {
            Path c = d.resolve(name);
            if (Files.isRegularFile(c) && Files.isExecutable(c)) return Optional.of(c);
        }
        searched.add(name + ": " + (path == null ? "(no PATH)" : "PATH")
                + extra.stream().filter(p -> p != null).map(p -> ", " + p).reduce("", String::concat));
        return Optional.empty();
    }

    /** The API to use: CUDA when nvcc exists, else HIP when hipcc exists, else empty. */
    public Optional<Api> preferred() {
        if (nvcc.isPresent()) return Optional.of(Api.CUDA);
        if (hipcc.isPresent()) return Optional.of(Api.HIP);
        return Optional.empty();
    }

    public Optional<Path> compiler(Api api) {
        return api == Api.CUDA ? nvcc : hipcc;
    }

    /** Plain words: what was found, what is missing and how to get it. */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        sb.append(nvcc.map(p -> "nvcc: " + p).orElse("nvcc: not found (install the CUDA toolkit, or set CUDA_HOME"
                + " so that $CUDA_HOME/bin/nvcc exists)"));
        sb.append("; ");
        sb.append(hipcc.map(p -> "hipcc: " + p).orElse("hipcc: not found (install ROCm/HIP, Debian: apt-get install"
                + " hipcc libamdhip64-dev, or set ROCM_PATH)"));
        return sb.toString();
    }

    /** The message when neither compiler exists. */
    public String missingMessage() {
        return "no GPU compiler found, so the probe cannot be built: " + describe() + ". Searched " + searched;
    }
}
