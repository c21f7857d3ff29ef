package dev.lanescope.ui.probe;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

import dev.lanescope.model.Bdf;
import dev.lanescope.parse.Csv;
import dev.lanescope.probe.Commands;
import dev.lanescope.probe.GpuUsers;
import dev.lanescope.probe.HostFacts;
import dev.lanescope.probe.ProbeBuilder;
import dev.lanescope.probe.ProbeRunner;
import dev.lanescope.probe.ProbeSession;
import dev.lanescope.probe.ProbeSources;
import dev.lanescope.probe.Toolchain;

/** The real machine: nvcc/hipcc from {@link Toolchain}, the build cache, nvidia-smi for the index, sysfs facts. */
public final class SystemProbeBackend implements ProbeBackend {

    private final Supplier<Toolchain> toolchain;
    private final Commands.Runner runner;
    private final HostFacts facts;

    public SystemProbeBackend() {
        this(Toolchain::find, Commands.SYSTEM, HostFacts.system());
    }

    public SystemProbeBackend(Supplier<Toolchain> toolchain, Commands.Runner runner, HostFacts facts) {
        this.toolchain = toolchain;
        this.runner = runner;
        this.facts = facts;
    }

    @Override
    public Plan prepare(GpuChoice gpu, boolean quick, Consumer<String> step) throws Unavailable {
        step.accept("Looking for nvcc / hipcc …");
        Toolchain tc = toolchain.get();
        if (tc.preferred().isEmpty()) throw new Unavailable("No toolchain: " + tc.missingMessage());
        Toolchain.Api api = tc.preferred().get();
        ProbeSources src;
        try {
            src = ProbeSources.locate(null);
        } catch (IOException e) {
            throw new Unavailable(e.getMessage());
        }
        step.accept("Building the " + api + " probe with " + tc.compiler(api).orElseThrow() + " (cached after the first"
                + " build) …");
        ProbeBuilder.Result b = new ProbeBuilder(ProbeBuilder.defaultCacheRoot(), Duration.ofMinutes(5), runner)
                .build(tc, api, src, null);
        if (!b.ok()) {
            List<String> lines = new ArrayList<>(List.of("Build failed: " + b.message()));
            b.errorLines().stream().limit(8).forEach(l -> lines.add("    " + l));
            throw new Unavailable(String.join("\n", lines));
        }
        int index = gpu.bdf() == null ? 0 : gpu.vendorRank();
        if (api == Toolchain.Api.CUDA && gpu.bdf() != null) index = cudaIndex(gpu.bdf(), gpu.vendorRank());
        List<String> cmd = ProbeRunner.arguments(b.binary(), index, null, quick, null);
        return new Plan(cmd, index, gpu.bdf(), api + " probe " + b.binary() + (b.cached() ? " (cached)" : " (built)"));
    }

    /** The CUDA index of this bus id (nvidia-smi, PCI bus order); nvidia-smi missing: the capture's rank. */
    private int cudaIndex(Bdf bus, int fallback) throws Unavailable {
        Commands.Outcome o = runner.run(List.of("nvidia-smi", "--query-gpu=index,pci.bus_id", "--format=csv,noheader"),
                Duration.ofSeconds(20));
        if (!o.ok()) return fallback; // the probe itself will say whether there is a GPU
        List<String> seen = new ArrayList<>();
        for (String line : o.stdout().split("\\R")) {
            String[] f = Csv.smiCells(line);
            if (f.length < 2) continue;
            Bdf b = Bdf.tryParse(f[1].strip());
            seen.add(f[1].strip());
            if (bus.equals(b)) {
                try {
                    return Integer.parseInt(f[0].strip());
                } catch (NumberFormatException e) {
                    return fallback;
                }
            }
        }
        throw new Unavailable("No GPU at " + bus + " on this machine: nvidia-smi lists " + (seen.isEmpty() ? "none"
                : String.join(", ", seen)) + ". Is the open capture from another machine? Use File ▸ Read this"
                + " machine now, then pick one of its GPUs.");
    }

    @Override
    public GpuUsers.Listing users(Bdf busId) {
        return new GpuUsers(runner, Path.of("/")).list(busId);
    }

    @Override
    public ProbeSession.Recording start(Plan plan, Duration timeout, ProbeRunner.Listener listener) {
        return new ProbeSession(facts).start(plan.command(), plan.gpuIndex(), plan.busId(), timeout, listener);
    }

    @Override
    public Path receiptFolder() {
        return ProbeBuilder.defaultCacheRoot().getParent().resolve("receipts");
    }
}
