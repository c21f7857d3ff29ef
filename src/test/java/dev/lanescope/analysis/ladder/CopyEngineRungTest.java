package dev.lanescope.analysis.ladder;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lanescope.model.p2p.CopyEngine;
import dev.lanescope.model.p2p.CopyInitiator;
import dev.lanescope.model.p2p.Evidence;
import dev.lanescope.model.p2p.PeerCopy;
import dev.lanescope.model.p2p.RungFinding;
import dev.lanescope.model.p2p.RungStatus;
import dev.lanescope.parse.p2p.P2pBwParser;
import dev.lanescope.parse.p2p.P2pFixtures;

/**
 * Rung 6 on the worked case of two R9700 cards on different root ports of a Gen3 board (the admin's published
 * TransferBench figures): GFX push 10.29 GB/s both ways, DMA 10.26 and 10.29, GFX pull 3.13 (GPU 1 reading GPU 0)
 * and 1.46 (GPU 0 reading GPU 1), both at once 19.759 (GFX) and 19.701 (DMA) together.
 */
class CopyEngineRungTest {

    /** Gen3 x16: 8 GT/s x 128/130 x 16 lanes / 8 = 15.754 GB/s of payload per direction. */
    static final double GEN3_X16 = 8.0 * 128 / 130 * 16 / 8;

    static final long SIZE = 256L << 20;

    static PeerCopy copy(CopyEngine e, CopyInitiator who, int from, int to, boolean both, double gb, int line) {
        return new PeerCopy("TransferBench", e, who, from, to, both, SIZE, gb, null,
                new Evidence("r9700-transferbench.txt", line, "measured " + gb));
    }

    static List<PeerCopy> workedCase() {
        List<PeerCopy> c = new ArrayList<>();
        c.add(copy(CopyEngine.KERNEL, CopyInitiator.PUSH, 0, 1, false, 10.29, 1));
        c.add(copy(CopyEngine.KERNEL, CopyInitiator.PUSH, 1, 0, false, 10.29, 2));
        c.add(copy(CopyEngine.DMA, CopyInitiator.PUSH, 0, 1, false, 10.26, 3));
        c.add(copy(CopyEngine.DMA, CopyInitiator.PUSH, 1, 0, false, 10.29, 4));
        // pull: the destination reads; GPU 1 reading GPU 0 is a copy from 0 to 1
        c.add(copy(CopyEngine.KERNEL, CopyInitiator.PULL, 0, 1, false, 3.13, 5));
        c.add(copy(CopyEngine.KERNEL, CopyInitiator.PULL, 1, 0, false, 1.46, 6));
        c.add(copy(CopyEngine.KERNEL, CopyInitiator.PUSH, 0, 1, true, 19.759, 7));
        c.add(copy(CopyEngine.DMA, CopyInitiator.PUSH, 0, 1, true, 19.701, 8));
        return c;
    }

    @Test
    void theWorkedCasePassesOnPushWhilePullIsShownAndDoesNotDecide() {
        RungFinding f = CopyEngineRung.judge(0, 1, workedCase(), GEN3_X16, "Gen3 x16");
        assertThat(f.status()).isEqualTo(RungStatus.PASS);
        // slower push direction: 10.29 (kernel beats DMA's 10.26 from 0 to 1), 10.29 / 15.754 = 65.3 %
        assertThat(f.headline()).startsWith("Direct copies run at link speed both ways: push 10.29 GB/s from GPU 0 "
                + "to GPU 1 and 10.29 GB/s back, the slower at 65.3 % of the 15.75 GB/s of Gen3 x16 per direction.");
        // 19.759 >= 1.5 x 10.29: both directions at once do not share a bottleneck
        assertThat(f.headline()).contains("Both directions at once carry 19.76 GB/s together");
        // pull 3.13 and 1.46 are under half of 10.29: said, but the rung still passes
        assertThat(f.headline()).contains("3.13 GB/s into GPU 1 and 1.46 GB/s into GPU 0").contains("no verdict");
        assertThat(f.next()).isNull();
        // evidence: the kernel push 0->1 (line 1, faster than DMA's 10.26), the DMA push 1->0 (line 4: it ties the
        // kernel's 10.29 and a tie keeps the copy engine), both pulls, and the fastest both-at-once figure
        assertThat(f.evidence()).extracting(Evidence::line).containsExactly(1, 4, 5, 6, 7);
    }

    @Test
    void theLibraryRungComparesAgainstTheSlowerPush() {
        // best push 0->1: kernel 10.29 (DMA 10.26); 1->0: 10.29 either way; the slower is 10.29
        assertThat(CopyEngineRung.slowerPush(0, 1, workedCase())).isEqualTo(10.29);
        assertThat(CopyEngineRung.slowerPush(0, 2, workedCase())).isNaN();
    }

    @Test
    void pullAloneIsNotAVerdict() {
        List<PeerCopy> pulls = workedCase().stream().filter(c -> c.initiator() == CopyInitiator.PULL).toList();
        RungFinding f = CopyEngineRung.judge(0, 1, pulls, GEN3_X16, "Gen3 x16");
        assertThat(f.status()).isEqualTo(RungStatus.NOT_PROVEN);
        assertThat(f.next()).contains("p2p_bw").contains("TransferBench");
    }

    @Test
    void pushAtTwoToThreeGbPerSecondFails() {
        // "if TransferBench push / DMA only reach 2-3 GB/s, do not go on to tune RCCL": 2.9 / 15.754 = 18.4 %
        List<PeerCopy> slow = List.of(copy(CopyEngine.DMA, CopyInitiator.PUSH, 0, 1, false, 2.9, 1),
                copy(CopyEngine.DMA, CopyInitiator.PUSH, 1, 0, false, 3.1, 2));
        RungFinding f = CopyEngineRung.judge(1, 0, slow, GEN3_X16, "Gen3 x16");
        assertThat(f.status()).isEqualTo(RungStatus.FAIL);
        assertThat(f.headline()).contains("18.4 %").contains("under 50 %");
        assertThat(f.next()).contains("DMA mask");
    }

    @Test
    void oneDirectionOnlyOrAnUnknownLinkIsNotProven() {
        List<PeerCopy> oneWay = List.of(copy(CopyEngine.KERNEL, CopyInitiator.PUSH, 0, 1, false, 10.29, 1));
        assertThat(CopyEngineRung.judge(0, 1, oneWay, GEN3_X16, null).headline())
                .startsWith("Push was measured only from GPU 0 to GPU 1 (10.29 GB/s)");
        RungFinding unknown = CopyEngineRung.judge(0, 1, workedCase(), Double.NaN, null);
        assertThat(unknown.status()).isEqualTo(RungStatus.NOT_PROVEN);
        assertThat(unknown.next()).contains("lspci -vv");
    }

    @Test
    void theRealH200PairPassesOverItsFasterThanPcieLink() {
        // The two H200s of the device tool: 396.565 GB/s push at 1 GiB (printed 396.57), far above any PCIe link (NVLink); against
        // Gen5 x16 (63.0 GB/s) the share is over 100 % and the rung passes.
        String f = "p2p_bw-h200x2.jsonl";
        List<PeerCopy> copies = P2pBwParser.parse(f, P2pFixtures.lines(f)).value().copies();
        RungFinding r = CopyEngineRung.judge(0, 1, copies, 32.0 * 128 / 130 * 16 / 8, "Gen5 x16");
        assertThat(r.status()).isEqualTo(RungStatus.PASS);
        assertThat(r.headline()).contains("396.57 GB/s from GPU 0 to GPU 1");
    }

    @Test
    void copiesWithoutPeerAccessFail() {
        List<PeerCopy> staged = List.of(new PeerCopy("p2p_bw", CopyEngine.DMA, CopyInitiator.PUSH, 0, 1, false, SIZE,
                5.71, false, new Evidence("p.jsonl", 5, "{...}")));
        RungFinding f = CopyEngineRung.judge(0, 1, staged, GEN3_X16, "Gen3 x16");
        assertThat(f.status()).isEqualTo(RungStatus.FAIL);
        assertThat(f.headline()).contains("refused peer access").contains("5.71 GB/s");
    }
}
