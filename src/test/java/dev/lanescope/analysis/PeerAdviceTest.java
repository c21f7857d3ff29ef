package dev.lanescope.analysis;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Topology;
import dev.lanescope.model.TopologyBuilder;

/**
 * Peer advice per platform and vendor, as the peer list, {@code analyze} and the PNG print it; the captures are in
 * src/test/resources/evidence with their source.txt.
 */
class PeerAdviceTest {

    static Topology load(String name) {
        return TopologyBuilder.build(CaptureLoader.load(List.of(Path.of("src/test/resources/evidence", name))));
    }

    static PeerPair pair(Topology t, String a, String b) {
        Bdf x = Bdf.parse(a);
        Bdf y = Bdf.parse(b);
        return PeerPaths.all(t).stream().filter(p -> p.a().equals(x) && p.b().equals(y)).findFirst().orElseThrow();
    }

    @Test
    void acrossTheSocketsOfAnIntelHostNoLevelIsAdvisedAndTheSocketsAreNamed() {
        // two P100s: NUMA node 0 below root bus 00, NUMA node 1 below root bus 80: SYS over QPI
        Topology t = load("broadwell-ep-2s-two-tesla-p100");
        PeerPair p = pair(t, "0000:04:00.0", "0000:82:00.0");
        assertThat(p.pathClass()).isEqualTo(PathClass.SYS);
        assertThat(p.ncclP2pLevel()).isEqualTo("none (different sockets)");
        assertThat(p.explanation()).contains("No direct P2P").contains("NUMA node 0").contains("NUMA node 1")
                .doesNotContain("set NCCL_P2P_LEVEL=SYS");
        // the summary's first lines say it, not "no link faults" alone
        Report r = Analyzer.analyze(t);
        assertThat(r.summary()).anySatisfy(s -> assertThat(s).startsWith("No direct P2P (different sockets) between"
                + " 0000:04:00.0 and 0000:82:00.0"));
    }

    @Test
    void cardsOfTwoVendorsGetNoLevelAndTheMixedBoxSaysSoOnce() {
        Topology t = load("mixed-rtx3090-navi21-rtx3070");
        PeerPair p = pair(t, "0000:01:00.0", "0000:05:00.0");
        assertThat(p.ncclP2pLevel()).isEqualTo("none (different vendors)");
        assertThat(p.explanation()).contains("two vendors (NVIDIA and AMD)").doesNotContain("NCCL_P2P_LEVEL=");
        // the two NVIDIA cards are one vendor's: a level to set, said with the driver's own test beside it
        PeerPair nv = pair(t, "0000:01:00.0", "0000:06:00.0");
        assertThat(nv.ncclP2pLevel()).isEqualTo("NCCL_P2P_LEVEL=PHB");
        assertThat(nv.explanation()).contains("nvidia-smi topo -p2p r");
        List<String> summary = Analyzer.analyze(t).summary();
        assertThat(summary).filteredOn(s -> s.startsWith("No direct P2P (different vendors)")).hasSize(1)
                .first().asString().contains("0000:01:00.0 and 0000:05:00.0").contains("0000:05:00.0 and 0000:06:00.0");
    }

    @Test
    void aLaptopsTunnelsAreOneLineOfTheSummaryNotOneLineEach() {
        List<String> summary = Analyzer.analyze(load("laptop-egpu-rtx3090-tb3")).summary();
        assertThat(summary).filteredOn(s -> s.contains("Thunderbolt/USB4 tunnel")).hasSize(1);
        assertThat(summary).noneSatisfy(s -> assertThat(s).contains("GB/s"));
    }

    @Test
    void noPeerSentenceQuotesAFigureFromAnotherMachine() {
        // the chipset pair's explanation says how to measure here instead of another box's GB/s
        for (String c : List.of("mixed-rtx3090-navi21-rtx3070", "mining-board-two-geforce-gen2x1-risers",
                "broadwell-ep-2s-two-tesla-p100", "laptop-egpu-rtx3090-tb3")) {
            for (PeerPair p : PeerPaths.all(load(c))) {
                assertThat(p.explanation()).as(c).doesNotContain("GB/s").doesNotContain("3090s measured");
            }
        }
    }
}
