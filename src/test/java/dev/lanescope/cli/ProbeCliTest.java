package dev.lanescope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lanescope.probe.Toolchain;

/** {@code lanescope probe} with the fake probe (never a GPU) and {@code lanescope receipt}. */
class ProbeCliTest {

    @TempDir
    Path tmp;



    @AfterEach
    void restore() {
        ProbeCommand.toolchain = Toolchain::find;
    }

    /** An executable wrapper that runs the fake probe in this mode with the recorded H200 lines. */
    private Path fake(String mode) throws Exception {
        Path script = Path.of(getClass().getResource("/probe/fake_probe.sh").toURI());
        Path lines = Path.of(getClass().getResource("/probe/h200-lines.jsonl").toURI());
        Path w = tmp.resolve("pcie_bw-" + mode);
        Files.writeString(w, "#!/bin/sh\nexec sh '" + script + "' '" + lines + "' " + mode + " \"$@\"\n");
        w.toFile().setExecutable(true);
        return w;
    }

    @Test
    void noToolchainExitsWithAPlainMessage() {
        ProbeCommand.toolchain = () -> Toolchain.find(Map.of("PATH", "/nonexistent"), false);
        CliRun r = CliRun.of("probe", "--quick");
        assertThat(r.exit()).isEqualTo(ProbeCommand.EXIT_BUILD);
        assertThat(r.err()).startsWith("lanescope: no GPU compiler found, so the probe cannot be built: nvcc: not found");
    }

    @Test
    void aFullRunPrintsTheTableAndWritesTheReceipt() throws Exception {
        Path out = tmp.resolve("r.json");
        CliRun r = CliRun.of("probe", "--binary", fake("ok").toString(), "--quick", "--out", out.toString(), "--timeout", "60");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("64/64").contains("1 GiB").contains("54.67")
                .contains("probe finished: 64 of 64 results").contains("receipt: " + out.toAbsolutePath());
        ObjectNode rec = (ObjectNode) new ObjectMapper().readTree(out.toFile());
        assertThat(rec.get("schema").asText()).isEqualTo("lanescope-receipt/1");
        assertThat(rec.get("results")).hasSize(64);
        assertThat(rec.at("/probe/args").toString()).isEqualTo("[\"--gpu\",\"0\",\"--quick\"]");
        assertThat(rec.at("/host/bootId").asText()).isNotBlank();
        try (var s = Files.list(tmp)) {
            assertThat(s.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList()).isEmpty();
        }
    }

    @Test
    void aCrashKeepsAPartialReceiptAndExitsNonZero() throws Exception {
        Path out = tmp.resolve("crash.json");
        CliRun r = CliRun.of("probe", "--binary", fake("crash").toString(), "--out", out.toString());
        assertThat(r.exit()).isEqualTo(ProbeCommand.EXIT_FAILED);
        assertThat(r.err()).contains("probe failed (exit 4)").contains("cudaErrorLaunchFailure");
        ObjectNode rec = (ObjectNode) new ObjectMapper().readTree(out.toFile());
        assertThat(rec.get("results")).hasSize(9);
        assertThat(rec.at("/probe/stderr").asText()).contains("cudaErrorLaunchFailure");
        assertThat(rec.at("/checks/probeOk").asBoolean()).isFalse();
    }

    @Test
    void noGpuExits3() throws Exception {
        CliRun r = CliRun.of("probe", "--binary", fake("nodev").toString(), "--out", tmp.resolve("x.json").toString());
        assertThat(r.exit()).isEqualTo(ProbeCommand.EXIT_NO_GPU);
        assertThat(r.err()).startsWith("lanescope: no GPU: no CUDA device");
        assertThat(tmp.resolve("x.json")).doesNotExist();
    }

    @Test
    void receiptPrintsTheReading() {
        CliRun r = CliRun.of("receipt", "docs/bench/receipt-h200.json");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).startsWith("receipt-h200.json:\n  NVIDIA H200 0000:00:06.0 on vm")
                .contains("Pinning is a lever").contains("2 GiB");
    }

    @Test
    void receiptWithACaptureUpgradesTheIdleHop() throws Exception {
        ObjectNode o = (ObjectNode) new ObjectMapper().readTree(Path.of("docs/bench/receipt-h200.json").toFile());
        ((ObjectNode) o.get("gpu")).put("pciBusId", "0000:01:00.0");
        ((ObjectNode) o.at("/nvidiaSmiLink/before")).put("pcie.link.gen.max", 3);
        ObjectNode dl = o.putObject("linkDuringLoad");
        dl.putArray("samples").addObject().put("gen", 1).put("width", 16);
        Path f = tmp.resolve("p2000.json");
        new ObjectMapper().writeValue(f.toFile(), o);
        CliRun r = CliRun.of("receipt", f.toString(), "--capture", "samples/dell-optiplex-xe3-i7-8700-quadro-p2000");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("The link trained low (Gen1 x16 of Gen3 x16 capable): these timings are void")
                .contains("0000:00:01.0 -> 0000:01:00.0: idle downshift -> speed degraded");
    }

    @Test
    void receiptCompareSummaryFirst() {
        CliRun r = CliRun.of("receipt", "docs/bench/receipt-h200.json", "--compare", "docs/bench/receipt-h200.json");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).startsWith("Same link state (Gen5 x16 in both)");
    }

    @Test
    void notAReceiptIsUnusable() throws Exception {
        Path f = Files.writeString(tmp.resolve("n.json"), "hello");
        CliRun r = CliRun.of("receipt", f.toString());
        assertThat(r.exit()).isEqualTo(Main.EXIT_UNUSABLE);
        assertThat(r.err()).contains("is not JSON");
    }
}
