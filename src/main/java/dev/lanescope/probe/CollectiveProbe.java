package dev.lanescope.probe;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.Problem;
import dev.lanescope.model.p2p.CollectiveProbeRun;
import dev.lanescope.parse.ParseResult;
import dev.lanescope.parse.p2p.CollectiveProbeParser;

/**
 * Runs {@code native-probes/collective_probe.py} (the two-rank torch.distributed probe) as an argument list with a
 * wall-clock limit, after checking that nothing uses either GPU (a hung collective beside a serving process can wedge
 * the driver: the run is refused, with the processes named, while anything does). Every line the probe prints is kept
 * in the receipt as it arrives (the probe also appends them itself with {@code --out}), so a hang, a crash or the
 * limit leave a partial receipt that {@link CollectiveProbeParser} reads like a whole one. The receipt is then
 * rewritten from what lanescope received, which is the same lines.
 */
public final class CollectiveProbe {

    /**
     * What to run.
     *
     * @param python       the interpreter with torch ({@code python3})
     * @param script       {@code native-probes/collective_probe.py}
     * @param backend      {@code nccl} (NCCL or RCCL) or {@code gloo} (CPU: the probe's mechanics only)
     * @param gpuA         first GPU index as torch numbers them
     * @param gpuB         second GPU index
     * @param busA         first GPU's PCI address for the in-use check (null: every GPU device counts)
     * @param busB         second GPU's PCI address
     * @param groupTimeout the probe's group timeout (25 s normally)
     * @param wallLimit    the whole run's limit; past it the probe and its ranks are killed
     * @param receipt      where the JSON lines go
     * @param env          extra environment (NCCL_DEBUG=INFO, AMD_LOG_LEVEL=3 ...)
     */
    public record Request(String python, Path script, String backend, int gpuA, int gpuB, Bdf busA, Bdf busB,
                          Duration groupTimeout, Duration wallLimit, Path receipt, Map<String, String> env) {

        /** The usual run: NCCL, 25 s group timeout, the two phases well inside 4 minutes. */
        public static Request of(Path script, int gpuA, int gpuB, Bdf busA, Bdf busB, Path receipt) {
            return new Request("python3", script, "nccl", gpuA, gpuB, busA, busB, Duration.ofSeconds(25),
                    Duration.ofMinutes(4), receipt, Map.of());
        }
    }

    /**
     * How it went.
     *
     * @param refused  why the run was not started (GPUs in use), null when it ran
     * @param run      the process's ending (null when refused)
     * @param reading  the receipt as read back (null when nothing readable was written)
     * @param problems located problems reading it
     */
    public record Outcome(String refused, ProbeRun run, CollectiveProbeRun reading, List<Problem> problems,
                          Path receipt) {
    }

    private CollectiveProbe() {
    }

    /**
     * The probe script: {@code native-probes/collective_probe.py} under {@code dir} (or the working directory when
     * {@code dir} is null) when it is there, else the copy bundled in the jar written into {@code cacheDir}.
     */
    public static Path script(Path dir, Path cacheDir) throws IOException {
        Path local = (dir == null ? Path.of("native-probes") : dir).resolve("collective_probe.py");
        if (Files.isRegularFile(local)) return local;
        try (var in = CollectiveProbe.class.getResourceAsStream("/native-probes/collective_probe.py")) {
            if (in == null) throw new IOException("collective_probe.py is neither in " + local.getParent()
                    + " nor bundled in this build");
            Files.createDirectories(cacheDir);
            Path out = cacheDir.resolve("collective_probe.py");
            Files.write(out, in.readAllBytes());
            return out;
        }
    }

    /** The probe's argument list. */
    public static List<String> command(Request r) {
        return List.of(r.python(), r.script().toString(), "--backend", r.backend(), "--devices",
                r.gpuA() + "," + r.gpuB(), "--timeout", Long.toString(Math.max(1, r.groupTimeout().toSeconds())),
                "--out", r.receipt().toString());
    }

    /** Checks the GPUs, runs the probe, writes and reads back the receipt. {@code users} null skips the check. */
    public static Outcome run(Request r, GpuUsers users) {
        if (users != null && !"gloo".equals(r.backend())) {
            List<String> busy = new ArrayList<>();
            for (Bdf b : r.busA() == null && r.busB() == null ? Collections.<Bdf>singletonList(null)
                    : List.of(r.busA(), r.busB())) {
                GpuUsers.Listing l = users.list(b);
                if (l.busy()) busy.add(l.describe(b == null ? "a GPU" : "GPU " + b));
            }
            if (!busy.isEmpty()) {
                return new Outcome("not started: a collective that hangs beside a serving process can wedge the GPU "
                        + "driver; stop (and mask) the service first.\n" + String.join("\n", busy), null, null,
                        List.of(), r.receipt());
            }
        }
        try {
            Files.deleteIfExists(r.receipt()); // the probe appends to it as it goes
        } catch (IOException e) {
            return new Outcome("not started: the receipt " + r.receipt() + " cannot be replaced: " + e.getMessage(),
                    null, null, List.of(), r.receipt());
        }
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        ProbeRun run = ProbeRunner.run(command(r), r.env(), r.wallLimit(), e -> {
            String text = raw(e);
            if (text != null) lines.add(text);
        });
        List<String> kept;
        synchronized (lines) {
            kept = new ArrayList<>(lines);
        }
        List<Problem> problems = new ArrayList<>();
        try {
            if (r.receipt().getParent() != null) Files.createDirectories(r.receipt().getParent());
            Files.write(r.receipt(), kept, StandardCharsets.UTF_8);
        } catch (IOException e) {
            problems.add(Problem.error(r.receipt().toString(), 0, "the receipt could not be written: " + e.getMessage()));
        }
        ParseResult<CollectiveProbeRun> read = CollectiveProbeParser.parse(r.receipt().toString(), kept);
        problems.addAll(read.problems());
        if (!run.ok()) {
            String why = switch (run.status()) {
                case TIMED_OUT -> "the probe was killed after " + r.wallLimit().toSeconds() + " s, its whole-run limit";
                case CANCELLED -> "the probe was cancelled";
                case NOT_STARTED -> "the probe did not start: " + run.startError();
                default -> "the probe ended with exit code " + run.exitCode() + lastStderr(run);
            };
            problems.add(Problem.warning(r.receipt().toString(), 0, why + "; what it reported before is kept"));
        }
        return new Outcome(null, run, read.value(), problems, r.receipt());
    }

    private static String raw(ProbeEvent e) {
        if (e instanceof ProbeEvent.Start s) return s.raw().toString();
        if (e instanceof ProbeEvent.End en) return en.raw().toString();
        if (e instanceof ProbeEvent.Other o) return o.raw().toString();
        return null;
    }

    private static String lastStderr(ProbeRun run) {
        List<String> err = run.stderrLines();
        return err.isEmpty() ? "" : " (" + err.get(err.size() - 1) + ")";
    }
}
