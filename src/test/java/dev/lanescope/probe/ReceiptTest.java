package dev.lanescope.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lanescope.analysis.Analyzer;
import dev.lanescope.analysis.HopVerdict;
import dev.lanescope.analysis.LinkVerdict;
import dev.lanescope.analysis.Report;
import dev.lanescope.analysis.UnderLoad;
import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Topology;
import dev.lanescope.model.TopologyBuilder;

/** The real H200 receipt, its reading, round trips, evidence for the link verdicts, and comparing two receipts. */
class ReceiptTest {

    @TempDir
    Path tmp;

    static Receipt h200() throws Exception {
        return ReceiptReader.read(FakeProbe.h200Receipt());
    }

    @Test
    void theH200ReceiptReadsWithEveryFactAClaimNeeds() throws Exception {
        Receipt r = h200();
        assertThat(r.schema()).isEqualTo(Receipt.SCHEMA);
        assertThat(r.results()).hasSize(64);
        assertThat(r.gpuBusId()).isEqualTo(Bdf.parse("0000:00:06.0"));
        assertThat(r.gpuName()).isEqualTo("NVIDIA H200");
        assertThat(r.hop("before", "gpu").display()).isEqualTo("32 GT/s x16 (max 32 GT/s x16)");
        assertThat(r.gpuUnderLoad().count()).isEqualTo(173);
        assertThat(r.gpuUnderLoad().genMax()).isEqualTo(5);
        assertThat(r.capableGeneration()).isEqualTo(5);
        assertThat(r.capableWidth()).isEqualTo(16);
        assertThat(r.sameBoot()).isTrue();
        assertThat(r.claimable()).isTrue();
        // inside the VM the root port is invisible: the receipt says so, and the reader names it as missing
        assertThat(r.rootPort()).isNull();
        assertThat(r.missing()).singleElement().asString().startsWith("rootPort (not recorded");
    }

    @Test
    void theH200ReadingInWords() throws Exception {
        ReceiptReading rd = ReceiptReading.of(h200());
        assertThat(rd.trainedGen()).isEqualTo(5);
        assertThat(rd.trainedWidth()).isEqualTo(16);
        assertThat(rd.voidTimings()).isFalse();
        assertThat(rd.claimable()).isTrue();
        String t = rd.text();
        assertThat(t).contains("Link recorded: Gen5 x16 (nvidia-smi under load (173 samples");
        assertThat(t).contains("Pinned host-to-device peaks at 55.46 GB/s (256 MiB) = 88 % of the 63.01 GB/s a Gen5"
                + " x16 link carries");
        assertThat(t).contains("55.46 GB/s only exists at Gen5 x16 or faster (Gen4 x16 carries at most 31.51)");
        // pageable is far below pinned on this machine: pinning IS a lever (the opposite of the Gen4 x4 example of docs/RULES.md §7)
        assertThat(t).contains("Pinning is a lever: pageable host-to-device reaches 14 % of pinned from 64 MiB up");
        assertThat(t).contains("Async ≈ sync at 2 GiB").contains("link-limited");
        assertThat(t).contains("At 460,800 B a pinned copy takes 11.1 µs against 8.3 µs");
        assertThat(t).doesNotContain("void").doesNotContain("Not a claim");
        // achieved/usable per size from the recorded link
        ReceiptReading.Row oneGiB = rd.rows().stream().filter(x -> x.bytes() == 1L << 30).findFirst().orElseThrow();
        assertThat(oneGiB.usableTrained()).isEqualTo(63.014, org.assertj.core.data.Offset.offset(0.001));
        assertThat(oneGiB.ratioTrained()).isBetween(0.87, 0.89);
        assertThat(rd.rows()).hasSize(8);
        assertThat(rd.table()).contains("1 GiB").contains("54.67");
    }

    @Test
    void aLinkRecordedBelowCapableVoidsTheTimings() throws Exception {
        Receipt r = withSamples(h200(), null, 1, 16);
        ReceiptReading rd = ReceiptReading.of(r);
        assertThat(rd.voidTimings()).isTrue();
        assertThat(rd.text()).contains("The link trained low (Gen1 x16 of Gen5 x16 capable): these timings are void");
    }

    @Test
    void roundTripKeepsEveryKeyAndLine() throws Exception {
        Receipt r = h200();
        Path out = tmp.resolve("copy.json");
        ReceiptWriter.write(r, out);
        Receipt back = ReceiptReader.read(out);
        assertThat(back.json()).isEqualTo(r.json());
        assertThat(back.results()).hasSize(64);
        try (var s = Files.list(tmp)) {
            assertThat(s.map(p -> p.getFileName().toString()).toList()).containsExactly("copy.json"); // no temp left
        }
    }

    @Test
    void aReceiptMissingKeysStillReadsAndSaysWhatIsMissing() throws Exception {
        ObjectNode o = h200().json().deepCopy();
        o.remove("link");
        o.remove("linkDuringLoad");
        o.remove("host");
        Receipt r = ReceiptReader.parse(o.toString(), Path.of("partial.json"));
        assertThat(r.results()).hasSize(64);
        assertThat(r.missing()).anyMatch(m -> m.startsWith("link.before.gpu")).anyMatch(m -> m.startsWith("linkDuringLoad"))
                .anyMatch(m -> m.equals("host.bootId"));
        assertThat(r.claimable()).isFalse();
        assertThat(ReceiptReading.of(r).text()).contains("Not a claim: the boot id was not recorded, no link state"
                + " was recorded beside the numbers");
    }

    @Test
    void notAReceipt() {
        assertThatThrownBy(() -> ReceiptReader.parse("{ nope", Path.of("x.json")))
                .isInstanceOf(ReceiptReader.NotAReceipt.class).hasMessageContaining("x.json is not JSON");
        assertThatThrownBy(() -> ReceiptReader.parse("{\"a\":1}", Path.of("y.json")))
                .hasMessageContaining("not a receipt");
    }

    @Test
    void theShAssemblyReadsToo() throws Exception {
        ObjectNode o = h200().json().deepCopy();
        o.put("assembledWith", "sh");
        ArrayNode before = o.with("nvidiaSmiLink").putArray("before");
        before.add("pcie.link.gen.current, pcie.link.gen.max, pcie.link.width.current, pcie.link.width.max");
        before.add("1, 4, 16, 16");
        ObjectNode dl = o.putObject("linkDuringLoad");
        dl.put("intervalMs", 500);
        dl.putArray("samples").add("2026/11/30 12:42:31.675, 1, 16").add("2026/11/30 12:42:32.177, 4, 16");
        o.putNull("checks");
        Receipt r = ReceiptReader.parse(o.toString(), null);
        assertThat(r.capableGeneration()).isEqualTo(4);
        assertThat(r.gpuUnderLoad().count()).isEqualTo(2);
        assertThat(r.gpuUnderLoad().genMin()).isEqualTo(1);
        assertThat(r.gpuUnderLoad().genMax()).isEqualTo(4);
        assertThat(r.probeOk()).isTrue();
    }

    // ---- evidence: idle or degraded? (docs/RULES.md §2) on a real capture ----

    /** Quadro P2000 behind root port 00:01.0, captured idle at 2.5 GT/s of 8: IDLE_DOWNSHIFT without evidence. */
    static Topology optiplex() {
        var c = CaptureLoader.load(List.of(Path.of("samples/dell-optiplex-xe3-i7-8700-quadro-p2000")));
        return TopologyBuilder.build(c);
    }

    static HopVerdict hop(Report rep, String port) {
        return rep.hops().stream().filter(h -> h.link().port().bdf().equals(Bdf.parse(port))).findFirst().orElseThrow();
    }

    /** The H200 receipt moved onto the P2000's bus id with the given under-load samples. */
    static Receipt withSamples(Receipt base, String busId, int gen, int width) throws Exception {
        ObjectNode o = base.json().deepCopy();
        if (busId != null) {
            ((ObjectNode) o.get("gpu")).put("pciBusId", busId);
            ObjectNode smi = (ObjectNode) o.get("nvidiaSmiLink").get("before");
            smi.put("pcie.link.gen.max", 3).put("pcie.link.gen.gpumax", 3);
        }
        ObjectNode dl = o.putObject("linkDuringLoad");
        dl.put("count", 3).put("genMin", 1).put("genMax", gen).put("widthMin", width).put("widthMax", width);
        ArrayNode s = dl.putArray("samples");
        s.addObject().put("t", "a").put("gen", 1).put("width", width);
        s.addObject().put("t", "b").put("gen", gen).put("width", width);
        s.addObject().put("t", "c").put("gen", gen).put("width", width);
        return ReceiptReader.parse(o.toString(), Path.of("p2000.json"));
    }

    @Test
    void evidenceStuckAtGen1UnderLoadMakesTheIdleHopSpeedDegraded() throws Exception {
        Topology t = optiplex();
        assertThat(hop(Analyzer.analyze(t), "0000:00:01.0").verdict()).isEqualTo(LinkVerdict.IDLE_DOWNSHIFT);
        UnderLoad ev = ReceiptEvidence.of(withSamples(h200(), "0000:01:00.0", 1, 16));
        assertThat(ev.forDeviceOf(Bdf.parse("0000:01:00.0"))).get().extracting(UnderLoad.Observation::maxGeneration)
                .isEqualTo(1);
        HopVerdict h = hop(Analyzer.analyze(t, ev), "0000:00:01.0");
        assertThat(h.verdict()).isEqualTo(LinkVerdict.SPEED_DEGRADED);
        assertThat(h.reason()).contains("stayed at Gen1 of Gen3").contains("probe receipt p2000.json");
    }

    @Test
    void evidenceThatClimbedToMaxMakesItOk() throws Exception {
        Topology t = optiplex();
        UnderLoad ev = ReceiptEvidence.of(withSamples(h200(), "0000:01:00.0", 3, 16));
        HopVerdict h = hop(Analyzer.analyze(t, ev), "0000:00:01.0");
        assertThat(h.verdict()).isEqualTo(LinkVerdict.OK);
        assertThat(h.reason()).contains("climbed to Gen3");
    }

    @Test
    void withoutSamplesOnlyAchievedBandwidthAboveTheLowerGenerationCounts() throws Exception {
        ObjectNode o = h200().json().deepCopy();
        o.remove("linkDuringLoad");
        UnderLoad ev = ReceiptEvidence.of(ReceiptReader.parse(o.toString(), Path.of("r.json")));
        // 55.5 GB/s > Gen4 x16's 31.5: proof the H200 link reached Gen5
        assertThat(ev.forDeviceOf(Bdf.parse("0000:00:06.0"))).get()
                .satisfies(ob -> assertThat(ob.maxGeneration()).isEqualTo(5))
                .satisfies(ob -> assertThat(ob.source()).contains("more than Gen4 x16 carries"));
    }

    // ---- compare ----

    @Test
    void compareSameLinkSaysSoFirst() throws Exception {
        Receipt a = h200();
        ObjectNode o = a.json().deepCopy();
        for (var n : o.withArray("results")) ((ObjectNode) n).put("gbPerS", n.get("gbPerS").asDouble() * 0.98);
        ((ObjectNode) o.get("host")).put("bootId", "other-boot");
        ReceiptCompare c = ReceiptCompare.of(a, ReceiptReader.parse(o.toString(), Path.of("b.json")));
        assertThat(c.linkDiffers()).isFalse();
        assertThat(c.summary()).startsWith("Same link state (Gen5 x16 in both): pinned h2d_async at 2 GiB 55.30 -> 54.19"
                + " GB/s (-2.0 %); 64 of 64 rows within ±5 %").contains("Different boots");
        assertThat(c.changes()).hasSize(64);
    }

    @Test
    void compareDifferentLinkBlamesTheLink() throws Exception {
        Receipt slow = withSamples(h200(), null, 1, 16);
        ObjectNode o = slow.json().deepCopy();
        for (var n : o.withArray("results")) ((ObjectNode) n).put("gbPerS", n.get("gbPerS").asDouble() / 10);
        Receipt before = ReceiptReader.parse(o.toString(), Path.of("before-reboot.json"));
        ReceiptCompare c = ReceiptCompare.of(before, ReceiptReader.parse(h200().json().toString(), Path.of("after.json")));
        assertThat(c.linkDiffers()).isTrue();
        assertThat(c.summary()).startsWith("The link state differed (before-reboot.json: Gen1 x16, after.json: Gen5 x16)")
                .contains("the change follows the link, not the code");
        assertThat(c.text().lines().skip(1)).allMatch(l -> l.contains("+900.0 %"));
    }

    /**
     * The H200 receipt (docs/bench/receipt-h200.json: host "vm", boot c93d58a2-...) against the cloud VM capture of
     * the same lent machine taken on another boot (samples/cloud-vm-h200-passthrough-virtio: host "vm", boot
     * 4b7d4467-...): the GPU address 00:06.0 matches, but its readings are another boot's and change no verdict.
     */
    @Test
    void aReceiptFromAnotherBootIsNotAppliedToTheCapture() throws Exception {
        var capture = dev.lanescope.capture.CaptureLoader.load(java.util.List.of(
                dev.lanescope.parse.Samples.path("cloud-vm-h200-passthrough-virtio")));
        String why = ReceiptEvidence.otherMachine(h200(), capture);
        assertThat(why).contains("another boot").contains("c93d58a2").contains("4b7d4467");
        dev.lanescope.cli.CliRun run = dev.lanescope.cli.CliRun.of("receipt", FakeProbe.h200Receipt().toString(),
                "--capture", dev.lanescope.parse.Samples.path("cloud-vm-h200-passthrough-virtio").toString());
        assertThat(run.out()).contains("Not applied to").doesNotContain("with the receipt's evidence");
    }
}
