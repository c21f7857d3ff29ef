package dev.lanescope.golden;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

import dev.lanescope.analysis.HopFacts;
import dev.lanescope.analysis.HopRules;
import dev.lanescope.analysis.HopVerdict;
import dev.lanescope.analysis.LinkVerdict;
import dev.lanescope.analysis.LinkVerdicts;
import dev.lanescope.analysis.UnderLoad;
import dev.lanescope.fleet.FleetScan;
import dev.lanescope.model.Bdf;

/** The facts a hop's verdict rests on, read from real captures, and the verdict vocabulary every view shares. */
class HopRulesTest {

    static final String P2000 = "dell-optiplex-xe3-i7-8700-quadro-p2000";

    /**
     * Quadro P2000 below root port 00:01.0: LnkCap 8GT/s x16 both ends, LnkSta 2.5GT/s x16, target 8GT/s. The facts:
     * slower than capable, full width, target not below capable, a GPU, no reading under load: idle downshift.
     */
    @Test
    void idleGpuHopFacts() {
        Sample s = Sample.of(P2000);
        HopFacts f = s.hop("00:01.0", "01:00.0").facts();
        assertThat(f.judgeable()).isTrue();
        assertThat(f.speedLow()).isTrue();
        assertThat(f.widthLow()).isFalse();
        assertThat(f.targetBelowCapable()).isFalse();
        assertThat(f.leadsToGpu()).isTrue();
        assertThat(f.loadGenerationRead()).isFalse();
        assertThat(HopRules.decide(f).verdict()).isEqualTo(LinkVerdict.IDLE_DOWNSHIFT);
    }

    /**
     * The same hop with an under-load reading of the GPU: Gen1 under load (below Gen3 capable) is a speed fault,
     * Gen3 under load proves the idle reading was power management (OK).
     */
    @Test
    void underLoadReadingDecidesTheIdleHop() {
        Sample s = Sample.of(P2000);
        HopVerdict idle = s.hop("00:01.0", "01:00.0");
        Bdf gpu = Bdf.parse("01:00.0");
        HopVerdict stuck = LinkVerdicts.classify(s.topology(), idle.link(), UnderLoad.of(gpu, 1, 16, "a probe"));
        assertThat(stuck.facts().loadGenerationRead()).isTrue();
        assertThat(stuck.facts().climbedUnderLoad()).isFalse();
        assertThat(stuck.verdict()).isEqualTo(LinkVerdict.SPEED_DEGRADED);
        HopVerdict climbed = LinkVerdicts.classify(s.topology(), idle.link(), UnderLoad.of(gpu, 3, 16, "a probe"));
        assertThat(climbed.facts().climbedUnderLoad()).isTrue();
        assertThat(climbed.verdict()).isEqualTo(LinkVerdict.OK);
        assertThat(climbed.reason()).contains("climbed to Gen3");
    }

    /**
     * HP laptop: the GTX 1650's port 00:01.0 has x8 lanes, the card x16, trained x8 (as wide as the port allows):
     * wired narrow, not lost lanes. The Optane's port 00:1d.2 and the drive are both x2, trained x1: lanes lost.
     */
    @Test
    void narrowSocketIsNotLostLanes() {
        Sample s = Sample.of("hp-laptop-coffeelake-gtx1650-titanridge/vv.txt");
        HopFacts gpu = s.hop("00:01.0", "01:00.0").facts();
        assertThat(gpu.portNarrower()).isTrue();
        assertThat(gpu.widthLow()).isFalse();
        HopFacts optane = s.hop("00:1d.2", "6e:00.0").facts();
        assertThat(optane.widthLow()).isTrue();
        assertThat(optane.portNarrower()).isFalse();
        assertThat(HopRules.decide(optane).verdict()).isEqualTo(LinkVerdict.WIDTH_DEGRADED);
    }

    /** Every verdict has a place in the precedence (OK last), in the worst-first order, and in the legend. */
    @Test
    void everyVerdictHasItsWordsRankAndLegendRow() {
        assertThat(HopRules.ORDER).containsExactlyInAnyOrder(LinkVerdict.values());
        assertThat(HopRules.ORDER.get(HopRules.ORDER.size() - 1)).isEqualTo(LinkVerdict.OK);
        assertThat(LinkVerdict.WORST_FIRST).containsExactlyInAnyOrder(LinkVerdict.values());
        assertThat(LinkVerdict.LEGEND).extracting(LinkVerdict.LegendRow::key)
                .containsAll(Arrays.stream(LinkVerdict.values()).map(LinkVerdict::colourKey).toList());
        for (LinkVerdict v : LinkVerdict.values()) assertThat(v.words()).doesNotContain("_").isLowerCase();
        assertThat(LinkVerdict.IDLE_DOWNSHIFT.words()).isEqualTo("idle downshift");
    }

    /** A hop that turns red between two captures, or stops being red, is a fault change; idle to OK is not. */
    @Test
    void faultChange() {
        assertThat(LinkVerdict.faultChanged(LinkVerdict.OK, LinkVerdict.WIDTH_DEGRADED)).isTrue();
        assertThat(LinkVerdict.faultChanged(LinkVerdict.SPEED_DEGRADED, null)).isTrue();
        assertThat(LinkVerdict.faultChanged(LinkVerdict.IDLE_DOWNSHIFT, LinkVerdict.OK)).isFalse();
    }

    /** Fleet rows: an unreadable capture first, then faults, healthy hosts, and hosts with no links last. */
    @Test
    void fleetStandingOrderAndWords() {
        FleetScan.Worst lanes = FleetScan.Worst.of(LinkVerdict.WIDTH_DEGRADED);
        FleetScan.Worst ok = FleetScan.Worst.of(LinkVerdict.OK);
        assertThat(FleetScan.Worst.UNUSABLE.rank()).isLessThan(lanes.rank());
        assertThat(lanes.rank()).isLessThan(ok.rank());
        assertThat(ok.rank()).isLessThan(FleetScan.Worst.NO_LINKS.rank());
        assertThat(lanes.words()).isEqualTo("width degraded");
        assertThat(lanes.key()).isEqualTo("WIDTH_DEGRADED");
        assertThat(FleetScan.Worst.NO_LINKS.words()).isEqualTo("no links to judge");
    }
}
