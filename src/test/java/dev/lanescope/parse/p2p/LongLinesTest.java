package dev.lanescope.parse.p2p;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lanescope.model.Severity;
import dev.lanescope.model.ladder.LadderEvidence;
import dev.lanescope.model.p2p.CollectiveTable;
import dev.lanescope.model.p2p.NcclLog;
import dev.lanescope.model.p2p.Transport;
import dev.lanescope.parse.ParseResult;
import dev.lanescope.parse.ladder.PeerEvidenceParser;

/**
 * The evidence readers on lines far longer than any tool prints, shaped the way that made the old patterns retry the
 * rest of the line at each start (quadratic: a 400 KB file ran past a minute) or recurse once per repetition (a
 * matrix header of many labels overflowed the stack). Each reads the real lines around them as before. No timing is
 * asserted: with the old patterns these inputs do not finish or throw.
 */
class LongLinesTest {

    private static final int REPEAT = 40_000;

    @Test
    void aRankLineRepeatedWithoutItsDeviceIsNotARankAndTheTableAfterItReads() {
        String junk = "#  Rank  1 Group 0 Pid 7 on host ".repeat(REPEAT);
        List<String> lines = List.of(junk, "# nThread 1 nGpus 2 minBytes 8 maxBytes 8 step: 2(factor)",
                "#  Rank  0 Group  0 Pid 100 on host device  0 [0x1b] NVIDIA A40",
                "#  Rank  1 Group  0 Pid 100 on host device  1 [0x1c] NVIDIA A40",
                "#       size         count      type   redop    root     time   algbw   busbw #wrong",
                "     1048576        262144     float     sum      -1    40.00   26.21   26.21      0",
                "./build/" + "all_reduce".repeat(REPEAT) + " -b 8");
        ParseResult<List<CollectiveTable>> r = NcclTestsParser.parse("all_reduce_perf.txt", lines);
        assertThat(r.value()).singleElement().satisfies(t -> {
            assertThat(t.ranks()).isEqualTo(2);
            assertThat(t.devices()).containsExactly("NVIDIA A40", "NVIDIA A40");
            assertThat(t.busIds()).containsExactly("0x1b", "0x1c");
            assertThat(t.rows()).hasSize(1);
        });
        assertThat(NcclTestsParser.program("x ./" + "a_".repeat(REPEAT) + "perfx") == null).isTrue();
        assertThat(NcclTestsParser.program("mpirun -np 2 ./build/sendrecv_perf_mpi -b 8")).isEqualTo("sendrecv");
    }

    @Test
    void aChannelLineWithALongTailAndRepeatedCommPartsReadInOnePass() {
        String blanks = " ".repeat(REPEAT * 10);
        List<String> lines = List.of(
                "h:1:1 [0] NCCL INFO Channel 00/0 : 0[3000] -> 1[4000] via P2P/IPC" + blanks + "x",
                "h:1:1 [0] NCCL INFO comm 0x5 rank 1 nranks 2 cudaDev 1 ".repeat(REPEAT),
                "h:1:1 [0] NCCL INFO Channel 01/0 : 1[4000] -> 0[3000] via P2P/IPC comm 0x5 nRanks 02" + blanks,
                "h:1:1 [0] NCCL INFO comm 0x5 rank 0 nranks 2 cudaDev 0 busId 3000 - Init COMPLETE");
        ParseResult<NcclLog> r = NcclLogParser.parse("nccl.log", lines);
        NcclLog log = r.value();
        assertThat(log.channels()).hasSize(2);
        assertThat(log.channels().get(0).via()).startsWith("P2P/IPC").endsWith("x");
        assertThat(log.channels().get(1).via()).isEqualTo("P2P/IPC");
        assertThat(log.channels().get(1).transport()).isEqualTo(Transport.P2P_IPC);
        assertThat(log.channels().get(1).host()).isEqualTo("h");
        assertThat(log.rankBus()).containsOnlyKeys(0);
    }

    @Test
    void vramAndRefusalLinesFullOfAddressesAndALongMatrixHeaderReadInOnePass() {
        PeerEvidenceParser p = new PeerEvidenceParser();
        String header = "GPU0" + " GPU1".repeat(REPEAT);
        p.read("kernel-p2p.txt", List.of(
                "0000:03:00.0: ".repeat(REPEAT) + "Detected VRAM RAM=",
                "0000:03:00.0: amdgpu: ".repeat(REPEAT) + "P2P access from peer device 0000:04:00.0 is",
                header, "GPU0 X " + "OK ".repeat(REPEAT),
                "00:01.0/".repeat(REPEAT) + "03:00.0",
                "[    3.1] amdgpu 0000:03:00.0: amdgpu: Detected VRAM RAM=32624M, BAR=256M",
                "        GPU0    GPU1", "GPU0    X       OK", "GPU1    OK      X", "",
                "00:01.0/03:00.0 VGA compatible controller: AMD", "\tRegion 0: Memory at 380000000000 (64-bit)"));
        LadderEvidence e = p.result();
        assertThat(e.vram()).singleElement().satisfies(v -> {
            assertThat(v.ramMiB()).isEqualTo(32624);
            assertThat(v.at().line()).isEqualTo(6);
        });
        assertThat(e.refusals()).isEmpty();
        assertThat(e.matrices()).singleElement().satisfies(m -> assertThat(m.labels()).containsExactly("GPU0", "GPU1"));
        assertThat(e.barLines()).containsOnlyKeys(dev.lanescope.model.Bdf.parse("03:00.0"));
        assertThat(e.problems()).noneMatch(x -> x.severity() == Severity.ERROR);
    }
}
