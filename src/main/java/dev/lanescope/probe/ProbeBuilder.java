package dev.lanescope.probe;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Builds {@code pcie_bw} (nvcc) or {@code pcie_bw_hip} (hipcc) into a cache folder named by a hash of the sources,
 * the compiler and the flags: {@code ~/.cache/lanescope/probes/<hash>/}. A second build with the same inputs is a
 * cache hit. The compiler runs as an argument list with a time limit; on failure its whole stderr is kept and its
 * {@code error:} lines are reported (compiler output is read by its error lines, never by its tail: docs/RULES.md §7).
 */
public final class ProbeBuilder {

    private static final System.Logger LOG = System.getLogger(ProbeBuilder.class.getName());

    /** nvcc targets by default: Turing..Hopper machine code and compute_90 PTX (the probes launch no kernels). */
    public static final List<String> CUDA_ARCHS_PORTABLE = List.of(
            "-gencode", "arch=compute_75,code=sm_75", "-gencode", "arch=compute_80,code=sm_80",
            "-gencode", "arch=compute_86,code=sm_86", "-gencode", "arch=compute_89,code=sm_89",
            "-gencode", "arch=compute_90,code=sm_90", "-gencode", "arch=compute_90,code=compute_90");
    public static final List<String> CUDA_FLAGS = List.of("-O2", "-std=c++17", "-Xcompiler", "-Wall,-Wextra");
    /** -Werror=unused-result: an unchecked hipError_t does not compile (docs/RULES.md §7). */
    public static final List<String> HIP_FLAGS = List.of("-O2", "-std=c++17", "-Wall", "-Wextra",
            "-Werror=unused-result");
    public static final String HIP_ARCH_DEFAULT = "gfx1030";

    /** What a build gave. */
    public record Result(boolean ok, Toolchain.Api api, Path binary, List<String> command, int exitCode,
                         String stderr, List<String> errorLines, boolean cached, boolean timedOut, String message) {
        public Result {
            command = command == null ? List.of() : List.copyOf(command);
            errorLines = errorLines == null ? List.of() : List.copyOf(errorLines);
        }
    }

    private final Path cacheRoot;
    private final Duration timeout;
    private final Commands.Runner runner;

    public ProbeBuilder(Path cacheRoot, Duration timeout, Commands.Runner runner) {
        this.cacheRoot = cacheRoot;
        this.timeout = timeout;
        this.runner = runner;
    }

    /** {@code $XDG_CACHE_HOME/lanescope/probes}, else {@code ~/.cache/lanescope/probes}. */
    public static Path defaultCacheRoot() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("lanescope").resolve("probes");
    }

    /** The flags for an API; {@code archFlags} null means the default (portable CUDA list, HIP gfx1030). */
    public static List<String> flags(Toolchain.Api api, List<String> archFlags) {
        List<String> f = new ArrayList<>();
        if (api == Toolchain.Api.CUDA) {
            f.addAll(CUDA_FLAGS);
            f.addAll(archFlags == null ? CUDA_ARCHS_PORTABLE : archFlags);
        } else {
            f.addAll(archFlags == null ? List.of("--offload-arch=" + HIP_ARCH_DEFAULT) : archFlags);
            f.addAll(HIP_FLAGS);
        }
        return f;
    }

    public Result build(Toolchain toolchain, Toolchain.Api api, ProbeSources sources, List<String> archFlags) {
        var compiler = toolchain.compiler(api);
        if (compiler.isEmpty()) {
            return fail(api, null, "cannot build the " + api + " probe: " + toolchain.describe());
        }
        if (!sources.has(api.source())) {
            return fail(api, null, api.source() + " is missing from the probe sources (" + sources.origin() + ")");
        }
        List<String> flags = flags(api, archFlags);
        String hash = hash(sources, compiler.get().toString(), flags);
        Path dir = cacheRoot.resolve(hash);
        Path binary = dir.resolve(api.binary());
        if (Files.isRegularFile(binary) && Files.isExecutable(binary)) {
            return new Result(true, api, binary, List.of(), 0, "", List.of(), true, false,
                    "probe cached at " + binary);
        }
        Path work;
        try {
            Files.createDirectories(cacheRoot);
            work = Files.createTempDirectory(cacheRoot, hash + ".building-");
            for (var e : sources.files().entrySet()) Files.write(work.resolve(e.getKey()), e.getValue());
        } catch (IOException e) {
            return fail(api, null, "cannot prepare the build folder under " + cacheRoot + ": " + e.getMessage());
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(compiler.get().toString());
        cmd.addAll(flags);
        cmd.add("-o");
        cmd.add(api.binary());
        cmd.add(api.source());
        Map<String, String> env = api == Toolchain.Api.HIP ? Map.of("HIP_PLATFORM", "amd") : Map.of();
        Commands.Outcome o = runner.run(cmd, env, work, timeout);
        List<String> errors = errorLines(o.stderr() + "\n" + o.stdout());
        if (!o.ok() || !Files.isRegularFile(work.resolve(api.binary()))) {
            String msg;
            if (o.startError() != null) msg = "could not start " + cmd.get(0) + ": " + o.startError();
            else if (o.timedOut()) msg = "the " + api.compiler() + " build took longer than " + timeout.toSeconds()
                    + " s and was killed";
            else msg = "the " + api.compiler() + " build failed (exit " + o.exitCode() + ")"
                    + (errors.isEmpty() ? "" : ": " + errors.get(0));
            deleteTree(work);
            return new Result(false, api, null, cmd, o.exitCode(), o.stderr(), errors, false, o.timedOut(), msg);
        }
        try {
            try {
                Files.move(work, dir, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(work, dir);
            }
        } catch (FileAlreadyExistsException | java.nio.file.DirectoryNotEmptyException e) {
            deleteTree(work); // another build finished first: use its binary
        } catch (IOException e) {
            deleteTree(work);
            return new Result(false, api, null, cmd, o.exitCode(), o.stderr(), errors, false, false,
                    "built, but could not move the probe into " + dir + ": " + e.getMessage());
        }
        return new Result(true, api, binary, cmd, 0, o.stderr(), errors, false, false, "probe built at " + binary);
    }

    private static Result fail(Toolchain.Api api, List<String> cmd, String msg) {
        return new Result(false, api, null, cmd, -1, "", List.of(), false, false, msg);
    }

    /** The compiler's {@code error:} lines, in order, at most 20. */
    public static List<String> errorLines(String text) {
        List<String> out = new ArrayList<>();
        for (String l : text.split("\\R")) {
            if (l.contains("error:") || l.contains("error :")) {
                out.add(l.strip());
                if (out.size() == 20) break;
            }
        }
        return out;
    }

    static String hash(ProbeSources sources, String compiler, List<String> flags) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (var e : new java.util.TreeMap<>(sources.files()).entrySet()) {
                md.update(e.getKey().getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
                md.update(e.getValue());
                md.update((byte) 0);
            }
            md.update(compiler.getBytes(StandardCharsets.UTF_8));
            for (String f : flags) {
                md.update((byte) 0);
                md.update(f.getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(md.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void deleteTree(Path p) {
        try (var s = Files.walk(p)) {
            s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG,
                    (java.util.function.Supplier<String>) () -> "could not remove the build folder " + p, e);
        }
    }
}
