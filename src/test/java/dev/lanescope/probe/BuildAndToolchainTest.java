package dev.lanescope.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lanescope.model.Bdf;

/** Toolchain lookup, the cached build (real nvcc/hipcc when present, skipped with the reason otherwise), GPU users. */
class BuildAndToolchainTest {

    @TempDir
    Path tmp;

    @Test
    void noToolchainSaysPlainlyWhatIsMissing() {
        Toolchain tc = Toolchain.find(Map.of("PATH", tmp.toString()), false);
        assertThat(tc.preferred()).isEmpty();
        assertThat(tc.missingMessage()).startsWith("no GPU compiler found, so the probe cannot be built: nvcc: not found"
                + " (install the CUDA toolkit").contains("hipcc: not found (install ROCm/HIP");
        ProbeBuilder.Result r = new ProbeBuilder(tmp.resolve("cache"), Duration.ofSeconds(5), Commands.SYSTEM)
                .build(tc, Toolchain.Api.CUDA, sources(), null);
        assertThat(r.ok()).isFalse();
        assertThat(r.message()).startsWith("cannot build the CUDA probe: nvcc: not found");
    }

    @Test
    void cudaHomeIsSearched() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("cuda/bin"));
        Path nvcc = Files.writeString(bin.resolve("nvcc"), "#!/bin/sh\n");
        nvcc.toFile().setExecutable(true);
        Map<String, String> env = new HashMap<>();
        env.put("PATH", tmp.resolve("empty").toString());
        env.put("CUDA_HOME", tmp.resolve("cuda").toString());
        assertThat(Toolchain.find(env).nvcc()).contains(nvcc);
        assertThat(Toolchain.find(env).preferred()).contains(Toolchain.Api.CUDA);
    }

    static ProbeSources sources() {
        try {
            return ProbeSources.fromDirectory(Path.of("native-probes"));
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void buildFailureKeepsTheCompilersErrorLines() throws Exception {
        Toolchain tc = Toolchain.find();
        assumeTrue(tc.nvcc().isPresent(), "nvcc not found: " + tc.describe());
        // a broken copy of the sources: one undeclared identifier in main
        Map<String, byte[]> files = new HashMap<>(sources().files());
        String cu = new String(files.get("pcie_bw.cu"), StandardCharsets.UTF_8)
                .replace("setvbuf(stdout, NULL, _IONBF, 0);", "setvbuf(stdout, NULL, _IONBF, 0); undeclared_thing = 1;");
        files.put("pcie_bw.cu", cu.getBytes(StandardCharsets.UTF_8));
        ProbeBuilder b = new ProbeBuilder(tmp.resolve("cache"), Duration.ofMinutes(3), Commands.SYSTEM);
        ProbeBuilder.Result r = b.build(tc, Toolchain.Api.CUDA, new ProbeSources("broken copy", files), List.of("-arch=sm_90"));
        assertThat(r.ok()).isFalse();
        assertThat(r.errorLines()).isNotEmpty();
        assertThat(r.errorLines().get(0)).contains("error").contains("undeclared_thing");
        assertThat(r.message()).startsWith("the nvcc build failed (exit ").contains("undeclared_thing");
        assertThat(r.stderr()).contains("undeclared_thing");
        assertThat(r.command()).contains("-arch=sm_90", "pcie_bw.cu");
        try (var s = Files.list(tmp.resolve("cache"))) {
            assertThat(s.toList()).as("no half-built folder left in the cache").isEmpty();
        }
    }

    @Test
    void aGoodBuildIsCachedByHash() {
        Toolchain tc = Toolchain.find();
        assumeTrue(tc.nvcc().isPresent(), "nvcc not found: " + tc.describe());
        ProbeBuilder b = new ProbeBuilder(tmp.resolve("cache"), Duration.ofMinutes(3), Commands.SYSTEM);
        ProbeBuilder.Result first = b.build(tc, Toolchain.Api.CUDA, sources(), List.of("-arch=sm_90"));
        assertThat(first.ok()).as(first.message() + "\n" + first.stderr()).isTrue();
        assertThat(first.cached()).isFalse();
        assertThat(first.binary().getParent().getParent()).isEqualTo(tmp.resolve("cache"));
        ProbeBuilder.Result second = b.build(tc, Toolchain.Api.CUDA, sources(), List.of("-arch=sm_90"));
        assertThat(second.cached()).isTrue();
        assertThat(second.binary()).isEqualTo(first.binary());
        // no GPU here: the real binary says so with exit 3, and the runner reports it as no device
        ProbeRun run = ProbeRunner.run(ProbeRunner.arguments(first.binary(), 0, null, true, null), null,
                Duration.ofSeconds(60), null);
        assumeTrue(run.noDevice(), "a CUDA device exists here");
        assertThat(run.summary()).contains("no CUDA device");
    }

    /** CI installs Debian's hipcc; gfx1030 is an arch its HIP 5.2 has device libraries for (about 12 s here). */
    @Test
    void theHipProbeCompilesForGfx1030() {
        Toolchain tc = Toolchain.find();
        assumeTrue(tc.hipcc().isPresent(), "hipcc not found: " + tc.describe());
        ProbeBuilder b = new ProbeBuilder(tmp.resolve("cache"), Duration.ofMinutes(3), Commands.SYSTEM);
        ProbeBuilder.Result r = b.build(tc, Toolchain.Api.HIP, sources(), null);
        assertThat(r.ok()).as(r.message() + "\n" + r.stderr()).isTrue();
        assertThat(r.command()).contains("--offload-arch=gfx1030", "-Werror=unused-result");
        assertThat(r.binary().getFileName().toString()).isEqualTo("pcie_bw_hip");
    }

    @Test
    void sourcesAreBundledOnTheClasspath() throws Exception {
        ProbeSources cp = ProbeSources.fromClasspath();
        assertThat(cp).isNotNull();
        assertThat(cp.files()).containsKeys("pcie_bw.cu", "pcie_bw.hip", "probe_common.h");
        assertThat(ProbeBuilder.hash(cp, "nvcc", List.of("-arch=sm_90")))
                .isEqualTo(ProbeBuilder.hash(sources(), "nvcc", List.of("-arch=sm_90")))
                .isNotEqualTo(ProbeBuilder.hash(sources(), "nvcc", List.of("-arch=sm_80")));
    }

    // ---- GPU users ----

    @Test
    void gpuUsersFromNvidiaSmiForThisBusOnly() {
        Commands.Runner fake = (cmd, env, dir, t) -> new Commands.Outcome(cmd, 0,
                "4242, /usr/bin/python3, 70123 MiB, 00000000:19:00.0\n77, vllm, 100 MiB, 00000000:3B:00.0\n", "", false, null);
        GpuUsers.Listing l = new GpuUsers(fake, tmp).list(Bdf.parse("0000:19:00.0"));
        assertThat(l.busy()).isTrue();
        assertThat(l.users()).containsExactly(new GpuUsers.User(4242, "/usr/bin/python3", "70123 MiB"));
        assertThat(l.describe("GPU 0")).isEqualTo("GPU 0 is in use by 1 process (nvidia-smi --query-compute-apps):"
                + "\n    pid 4242 /usr/bin/python3 (70123 MiB)");
    }

    @Test
    void gpuUsersFallBackToFuserOnTheDeviceFiles() throws Exception {
        Files.createDirectories(tmp.resolve("dev"));
        Files.writeString(tmp.resolve("dev/nvidia0"), "");
        Files.writeString(tmp.resolve("dev/nvidia1"), "");
        Path info = Files.createDirectories(tmp.resolve("proc/driver/nvidia/gpus/0000:19:00.0"));
        Files.writeString(info.resolve("information"), "Model: X\nDevice Minor: 1\n");
        Files.createDirectories(tmp.resolve("proc/555"));
        Files.writeString(tmp.resolve("proc/555/comm"), "llama-server\n");
        List<List<String>> seen = new java.util.ArrayList<>();
        Commands.Runner fake = (cmd, env, dir, t) -> {
            seen.add(cmd);
            if (cmd.get(0).equals("nvidia-smi")) return new Commands.Outcome(cmd, -1, "", "", false, "No such file");
            return new Commands.Outcome(cmd, 0, " 555", tmp.resolve("dev/nvidia1") + ":", false, null);
        };
        GpuUsers.Listing l = new GpuUsers(fake, tmp).list(Bdf.parse("0000:19:00.0"));
        assertThat(seen.get(1)).containsExactly("fuser", tmp.resolve("dev/nvidia1").toString());
        assertThat(l.users()).containsExactly(new GpuUsers.User(555, "llama-server", null));
        assertThat(l.problem()).startsWith("nvidia-smi not available");
    }
}
