package dev.lanescope.fleet;

import dev.lanescope.cli.CliRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lanescope.analysis.LinkVerdict;
import dev.lanescope.cli.Main;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;
import dev.lanescope.parse.Samples;
import dev.lanescope.pipeline.CaptureAnalysis;

/** diff on pairs built from real captures. */
class CaptureDiffTest {

    static final String ACER = "acer-alderlake-hx-rtx4070-vmd-domain10000/vv.txt";

    @TempDir
    Path tmp;


    @Test
    void hpLaptopKernelRevertRegainedALane() {
        CaptureDiff.Result r = CaptureDiff.diff(
                CaptureAnalysis.load(Samples.path("hp-laptop-coffeelake-gtx1650-titanridge/vv.txt")),
                CaptureAnalysis.load(Samples.path("hp-laptop-coffeelake-gtx1650-titanridge/vv_reverted_kernel.txt")));
        assertThat(r.summary().get(0))
                .isEqualTo("0000:00:1d.2 trained 8 GT/s x1 on A, 8 GT/s x2 on B (ok on B, width degraded on A).");
        assertThat(r.hops()).singleElement().satisfies(c -> {
            assertThat(c.port()).isEqualTo(Bdf.parse("0000:00:1d.2"));
            assertThat(c.widthChanged()).isTrue();
            assertThat(c.speedChanged()).isFalse();
            assertThat(c.verdictA()).isEqualTo(LinkVerdict.WIDTH_DEGRADED);
            assertThat(c.verdictB()).isEqualTo(LinkVerdict.OK);
        });
        assertThat(r.added()).isEmpty();
        assertThat(r.missing()).isEmpty();
    }

    @Test
    void asusPn51AspmPerformanceChangesNoTrainedLink() {
        CaptureDiff.Result r = CaptureDiff.diff(CaptureAnalysis.load(Samples.path("asus-pn51-amd-ryzen-cezanne/vv.txt")),
                CaptureAnalysis.load(Samples.path("asus-pn51-amd-ryzen-cezanne/vv_aspm_performance.txt")));
        assertThat(r.same()).isTrue();
        assertThat(r.summary()).singleElement().asString().startsWith("No differences");
    }

    /** A copy of a real capture with the GPU link edited to 2.5 GT/s: a box that trained low on its next boot. */
    private Path boot(String name, String bootId, String date, boolean bad, boolean dropNvme) throws IOException {
        List<String> lines = new ArrayList<>(Samples.lines(ACER));
        if (bad) {
            int port = lines.indexOf(lines.stream().filter(l -> l.startsWith("0000:00:01.0 ")).findFirst().orElseThrow());
            int gpu = lines.indexOf(lines.stream().filter(l -> l.startsWith("0000:01:00.0 ")).findFirst().orElseThrow());
            for (int start : new int[] {port, gpu}) {
                int i = start;
                while (!lines.get(i).contains("LnkSta:")) i++;
                assertThat(lines.get(i)).contains("Speed 16GT/s");
                lines.set(i, lines.get(i).replace("Speed 16GT/s", "Speed 2.5GT/s (downgraded)"));
            }
        }
        if (dropNvme) {
            List<String> kept = new ArrayList<>();
            boolean skip = false;
            for (String l : lines) {
                if (!l.isEmpty() && !Character.isWhitespace(l.charAt(0))) skip = l.startsWith("0000:01:00.1 ");
                if (!skip) kept.add(l);
            }
            lines = kept;
        }
        Path dir = Files.createDirectories(tmp.resolve(name));
        Files.write(dir.resolve("lspci-vv.txt"), lines);
        Files.writeString(dir.resolve("hostname"), "gpu-box-7\n");
        Files.writeString(dir.resolve("boot_id"), bootId + "\n");
        Files.writeString(dir.resolve("date"), date + "\n");
        return dir;
    }

    @Test
    void aBadBootIsNamedFirstWithBothBoots() throws IOException {
        Path a = boot("a", "1111aaaa-0000-4000-8000-000000000001", "2026-10-18T06:00:00Z", false, false);
        Path b = boot("b", "2222bbbb-0000-4000-8000-000000000002", "2026-10-19T06:10:57Z", true, true);
        CaptureDiff.Result r = CaptureDiff.diff(CaptureAnalysis.load(a), CaptureAnalysis.load(b));
        assertThat(r.a().name()).isEqualTo("boot A");
        assertThat(r.b().name()).isEqualTo("boot B");
        assertThat(r.summary().get(0)).startsWith("0000:00:01.0 trained 2.5 GT/s x8 on boot B, 16 GT/s x8 on boot A");
        CaptureDiff.HopChange c = r.hops().stream().filter(h -> h.port().equals(Bdf.parse("0000:00:01.0")))
                .findFirst().orElseThrow();
        assertThat(c.trainedA()).isEqualTo(LinkState.of(LinkSpeed.GEN4, 8));
        assertThat(c.trainedB()).isEqualTo(LinkState.of(LinkSpeed.GEN1, 8));
        assertThat(c.verdictA()).isEqualTo(LinkVerdict.OK);
        assertThat(c.verdictB()).isNotEqualTo(LinkVerdict.OK);
        assertThat(r.missing()).extracting(CaptureDiff.DeviceChange::bdf).containsExactly(Bdf.parse("0000:01:00.1"));
        assertThat(r.summary()).contains("0000:01:00.1 (NVIDIA Corporation AD106M High Definition Audio Controller) is on boot A but not on"
                + " boot B.");
        assertThat(r.b().describe()).contains("host gpu-box-7").contains("boot id 2222bbbb-0000-4000-8000-000000000002")
                .contains("captured 2026-10-19T06:10:57Z");

        CliRun text = CliRun.of("diff", a.toString(), b.toString());
        assertThat(text.exit()).isZero();
        assertThat(text.out()).startsWith("0000:00:01.0 trained 2.5 GT/s x8 on boot B, 16 GT/s x8 on boot A");
        assertThat(CliRun.of("diff", "--exit-code", a.toString(), b.toString()).exit()).isEqualTo(1);
        assertThat(CliRun.of("diff", "--exit-code", a.toString(), a.toString()).exit()).isZero();
    }

    @Test
    void jsonCarriesBootsAndPerHopChanges() throws Exception {
        Path a = boot("a", "1111aaaa-0000-4000-8000-000000000001", "2026-10-18T06:00:00Z", false, false);
        Path b = boot("b", "2222bbbb-0000-4000-8000-000000000002", "2026-10-19T06:10:57Z", true, false);
        CliRun r = CliRun.of("diff", "--json", a.toString(), b.toString());
        assertThat(r.exit()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("a").get("bootId").asText()).isEqualTo("1111aaaa-0000-4000-8000-000000000001");
        assertThat(j.get("b").get("capturedAt").asText()).isEqualTo("2026-10-19T06:10:57Z");
        assertThat(j.get("same").asBoolean()).isFalse();
        assertThat(j.get("summary").get(0).asText()).startsWith("0000:00:01.0 trained 2.5 GT/s x8 on boot B");
        JsonNode hop = j.get("hops").get(0);
        assertThat(hop.get("port").asText()).isEqualTo("0000:00:01.0");
        assertThat(hop.get("trainedA").get("gts").asDouble()).isEqualTo(16.0);
        assertThat(hop.get("trainedB").get("gts").asDouble()).isEqualTo(2.5);
        assertThat(hop.get("trainedB").get("gbps").decimalValue()).isEqualByComparingTo("16.000");
        assertThat(hop.get("changed").toString()).contains("speed").contains("verdict");
    }

    @Test
    void twoBoxesAreNamedByHost() throws IOException {
        Path a = boot("a", "1111aaaa-0000-4000-8000-000000000001", "2026-10-18T06:00:00Z", false, false);
        Path b = boot("b", "2222bbbb-0000-4000-8000-000000000002", "2026-10-19T06:10:57Z", true, false);
        Files.writeString(b.resolve("hostname"), "gpu-box-8\n");
        CaptureDiff.Result r = CaptureDiff.diff(CaptureAnalysis.load(a), CaptureAnalysis.load(b));
        assertThat(r.summary().get(0)).startsWith("0000:00:01.0 trained 2.5 GT/s x8 on gpu-box-8, 16 GT/s x8 on gpu-box-7");
    }

    @Test
    void anUnusableSideExitsTwoWithTheReason() throws IOException {
        Path junk = Files.writeString(tmp.resolve("junk.txt"), "hello\n");
        CliRun r = CliRun.of("diff", junk.toString(), Samples.path(ACER).toString());
        assertThat(r.exit()).isEqualTo(Main.EXIT_UNUSABLE);
        assertThat(r.err()).contains("junk.txt").contains("not a usable capture");
    }

    /**
     * The same KVM guest captured as root (lspci-vv.txt) and as nobody (vv_nonroot.txt): no hop between ports on
     * either side (a VM's root bus), so no "every link trained the same"; side B says it was captured without root.
     */
    @Test
    void aNonRootSideSaysSoAndNoLinkIsClaimedTheSame() throws IOException {
        Path a = Files.createDirectories(tmp.resolve("root"));
        Path b = Files.createDirectories(tmp.resolve("nobody"));
        Path vm = Samples.path("cloud-vm-h200-passthrough-virtio");
        Files.copy(vm.resolve("lspci-vv.txt"), a.resolve("lspci-vv.txt"));
        Files.copy(vm.resolve("lspci-tv.txt"), a.resolve("lspci-tv.txt"));
        Files.copy(vm.resolve("vv_nonroot.txt"), b.resolve("vv_nonroot.txt"));
        Files.copy(vm.resolve("tv_nonroot.txt"), b.resolve("tv_nonroot.txt"));
        CaptureDiff.Result r = CaptureDiff.diff(CaptureAnalysis.load(a), CaptureAnalysis.load(b));
        assertThat(r.b().nonRoot()).isTrue();
        assertThat(r.a().nonRoot()).isFalse();
        assertThat(r.summary()).noneMatch(l -> l.contains("every link trained the same"))
                .noneMatch(l -> l.contains("null"))
                .anyMatch(l -> l.startsWith("B was captured without root") && l.contains("sudo lspci -vv"));
        assertThat(r.b().describe()).contains("captured without root");
    }

    /**
     * MSI laptop captured without root against itself: every hop reads unknown on both sides, which is no change;
     * the summary claims no difference only "in what both captures show".
     */
    @Test
    void hopsUnreadableOnBothSidesAreNotChanges() {
        CaptureAnalysis x = CaptureAnalysis.load(Samples.path("msi-cyborg15-alderlake-rtx4050-nonroot/vv.txt"));
        CaptureDiff.Result r = CaptureDiff.diff(x, x);
        assertThat(r.hops()).isEmpty();
        assertThat(r.summary().get(0)).startsWith("No differences in what both captures show");
    }

    /** The table's columns line up whatever the cell widths (verdicts are words, not constants). */
    @Test
    void theTableColumnsLineUp() {
        CliRun run = CliRun.of("diff", Samples.path("msi-cyborg15-alderlake-rtx4050-nonroot/vv.txt").toString(),
                Samples.path(ACER).toString());
        List<String> table = new ArrayList<>();
        boolean in = false;
        for (String l : run.out().split("\n")) {
            if (l.startsWith("port ")) in = true;
            if (in && !l.isBlank()) table.add(l);
        }
        assertThat(table).hasSizeGreaterThan(3);
        int col = table.get(0).indexOf("verdict on A");
        for (String l : table.subList(1, table.size())) {
            assertThat(l.charAt(col - 1)).as(l).isEqualTo(' ');
            assertThat(l.charAt(col)).as(l).isNotEqualTo(' ');
        }
        assertThat(run.out()).doesNotContain("LINK_DOWN").doesNotContain("WIRED_NARROW");
    }
}
