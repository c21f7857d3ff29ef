package dev.lanescope.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lanescope.model.Bdf;
import dev.lanescope.probe.Commands;
import dev.lanescope.probe.GpuUsers;
import dev.lanescope.probe.HostFacts;
import dev.lanescope.probe.ProbeBuilder;
import dev.lanescope.probe.ProbeEvent;
import dev.lanescope.probe.ProbeRun;
import dev.lanescope.probe.ProbeRunner;
import dev.lanescope.probe.ProbeSession;
import dev.lanescope.probe.ProbeSources;
import dev.lanescope.probe.Receipt;
import dev.lanescope.probe.ReceiptReading;
import dev.lanescope.probe.ReceiptWriter;
import dev.lanescope.probe.Toolchain;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code lanescope probe}: builds the bandwidth probe (CUDA, or HIP when only hipcc exists), refuses to run beside
 * other GPU processes unless {@code --force}, runs it with a time limit, prints progress and a table, and writes a
 * receipt atomically. Exit: 0 ok; 3 no GPU; 4 GPU busy; 5 no toolchain or build failure; 6 probe failed, timed out
 * or receipt not written.
 */
@Command(name = "probe", mixinStandardHelpOptions = true,
        description = "Build and run the PCIe bandwidth probe on one GPU and write a receipt (results beside the link state).")
final class ProbeCommand implements Callable<Integer> {

    static final int EXIT_NO_GPU = 3;
    static final int EXIT_BUSY = 4;
    static final int EXIT_BUILD = 5;
    static final int EXIT_FAILED = 6;

    @Option(names = "--gpu", defaultValue = "0", paramLabel = "N", description = "GPU index (PCI bus order). Default 0.")
    int gpu;

    @Option(names = "--out", paramLabel = "FILE",
            description = "Receipt path (replaced if it exists). Default: receipt-<host>-<UTC time>.json here, never over an existing file.")
    Path out;

    @Option(names = "--quick", description = "Quick sweep (460800, 3M, 64M; 3 repeats).")
    boolean quick;

    @Option(names = "--sizes", paramLabel = "LIST", description = "Sizes, comma-separated, K/M/G suffixes (e.g. 3M,1G).")
    String sizes;

    @Option(names = "--timeout", defaultValue = "600", paramLabel = "S", description = "Time limit of the probe in seconds. Default 600.")
    long timeoutS;

    @Option(names = "--force", description = "Run even when other processes use the GPU.")
    boolean force;

    @Option(names = "--sources", paramLabel = "DIR", description = "Probe sources (default ./native-probes, else the copies in the jar).")
    Path sources;

    @Option(names = "--arch", paramLabel = "FLAG", split = " ",
            description = "Compiler target flags instead of the default (nvcc: sm_75..sm_90 + compute_90 PTX; hipcc: --offload-arch=gfx1030).")
    List<String> arch;

    @Option(names = "--cache", paramLabel = "DIR", description = "Build cache (default ~/.cache/lanescope/probes).")
    Path cache;

    @Option(names = "--binary", paramLabel = "PATH",
            description = "Run this prebuilt probe (pcie_bw or pcie_bw_hip) instead of building one.")
    Path binary;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Seams for tests. */
    static java.util.function.Supplier<Toolchain> toolchain = Toolchain::find;

    @Override
    public Integer call() {
        PrintWriter o = spec.commandLine().getOut();
        PrintWriter e = spec.commandLine().getErr();
        Built built = binary != null ? given(e) : build(o, e);
        if (built == null) return EXIT_BUILD;
        HostFacts facts = HostFacts.system();
        Bdf bus = built.api() == Toolchain.Api.CUDA ? facts.nvidiaSmiBusId(gpu) : null;
        if (refusedBesideOthers(bus, o, e)) return EXIT_BUSY;
        Path target = out != null ? out : ReceiptWriter.defaultName(Path.of("."), HostFacts.system().hostName(), Instant.now());
        List<String> cmd = ProbeRunner.arguments(built.binary(), gpu, sizes, quick, null);
        o.println("running " + String.join(" ", cmd) + " (limit " + timeoutS + " s)");
        o.flush();
        ProbeSession.Recording rec = new ProbeSession(facts).start(cmd, gpu, bus, Duration.ofSeconds(timeoutS), ev -> {
            if (ev instanceof ProbeEvent.Progress p) {
                o.printf("\r  %d/%d", p.done(), p.total());
                o.flush();
            } else if (ev instanceof ProbeEvent.Note n) {
                o.println("\n  note: " + n.text());
                o.flush();
            }
        });
        ProbeRun run = rec.awaitRun();
        ObjectNode receipt = rec.awaitReceipt();
        o.println();
        if (run.noDevice()) {
            e.println("lanescope: no GPU: " + (run.end() != null && run.end().error() != null ? run.end().error()
                    : String.join(" ", run.stderrLines())));
            e.flush();
            return EXIT_NO_GPU;
        }
        return report(run, receipt, target, o, e);
    }

    /** The probe program to run and the API it speaks. */
    private record Built(Path binary, Toolchain.Api api) {
    }

    /** The prebuilt probe of --binary, or null when it is not an executable file (said on stderr). */
    private Built given(PrintWriter e) {
        if (!Files.isRegularFile(binary) || !Files.isExecutable(binary)) {
            e.println("lanescope: --binary " + binary + " is not an executable file");
            e.flush();
            return null;
        }
        return new Built(binary, binary.getFileName().toString().contains("hip") ? Toolchain.Api.HIP
                : Toolchain.Api.CUDA);
    }

    /** The probe built (or found in the cache) with this machine's compiler, or null with the reason on stderr. */
    private Built build(PrintWriter o, PrintWriter e) {
        Toolchain tc = toolchain.get();
        if (tc.preferred().isEmpty()) {
            e.println("lanescope: " + tc.missingMessage());
            e.flush();
            return null;
        }
        Toolchain.Api api = tc.preferred().get();
        ProbeSources src;
        try {
            src = ProbeSources.locate(sources);
        } catch (IOException ex) {
            e.println("lanescope: " + ex.getMessage());
            e.flush();
            return null;
        }
        o.println("building the " + api + " probe with " + tc.compiler(api).get() + " from " + src.origin() + " ...");
        o.flush();
        ProbeBuilder.Result b = new ProbeBuilder(cache == null ? ProbeBuilder.defaultCacheRoot() : cache,
                Duration.ofMinutes(5), Commands.SYSTEM).build(tc, api, src, arch == null || arch.isEmpty() ? null : arch);
        if (!b.ok()) {
            e.println("lanescope: " + b.message());
            for (String l : b.errorLines()) e.println("    " + l);
            if (b.errorLines().isEmpty() && b.stderr() != null && !b.stderr().isBlank()) e.println(b.stderr().strip());
            e.flush();
            return null;
        }
        o.println(b.message());
        return new Built(b.binary(), api);
    }

    /** Whether other processes use the GPU and --force was not given: they are named and the probe refused. */
    private boolean refusedBesideOthers(Bdf bus, PrintWriter o, PrintWriter e) {
        GpuUsers.Listing users = GpuUsers.system().list(bus);
        String label = "GPU " + gpu + (bus == null ? "" : " (" + bus + ")");
        if (users.busy()) {
            e.println("lanescope: " + users.describe(label));
            if (!force) {
                e.println("lanescope: refusing to probe beside them: the probe contends for the link it measures, and a"
                        + " serving process may suffer or the driver may wedge. Stop them, or pass --force.");
                e.flush();
                return true;
            }
            e.println("lanescope: --force: probing anyway");
        } else if (users.problem() != null) {
            o.println("note: " + users.problem());
        }
        return false;
    }

    /** Writes the receipt and prints the reading: the table, the run's summary, the sentences, where it went. */
    private static int report(ProbeRun run, ObjectNode receipt, Path target, PrintWriter o, PrintWriter e) {
        boolean written = false;
        if (!run.results().isEmpty() || run.start() != null) {
            try {
                ReceiptWriter.write(receipt, target);
                written = true;
            } catch (IOException ex) {
                e.println("lanescope: receipt not written to " + target + ": " + ex.getMessage());
            }
        }
        Receipt r = new Receipt(receipt, target);
        ReceiptReading reading = ReceiptReading.of(r);
        if (!run.results().isEmpty()) o.print(reading.table());
        o.println(run.summary());
        for (String s : reading.sentences()) o.println("  " + s);
        if (written) o.println("receipt: " + target.toAbsolutePath());
        if (!run.ok()) {
            e.println("lanescope: " + run.summary());
            for (String l : run.stderrLines()) e.println("    " + l);
        }
        o.flush();
        e.flush();
        return run.ok() && written ? 0 : EXIT_FAILED;
    }
}
