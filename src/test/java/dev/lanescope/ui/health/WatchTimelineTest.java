package dev.lanescope.ui.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lanescope.analysis.HopVerdict;
import dev.lanescope.analysis.LinkVerdict;
import dev.lanescope.capture.HealthEvidenceLoader;
import dev.lanescope.model.WatchRecord;
import dev.lanescope.pipeline.CaptureAnalysis;

/** What the Watch window says, without the toolkit: on real H200 watches, and on a watch of this machine taken now. */
class WatchTimelineTest {

    static WatchOnCapture on(CaptureAnalysis a, String bootId) {
        return new WatchOnCapture(a.label(), a.topology(), a.report(), a.evidence(), bootId);
    }

    static WatchRecord kept(java.nio.file.Path p) {
        List<WatchRecord> w = HealthEvidenceLoader.load(List.of(p)).watches();
        return w.get(w.size() - 1);
    }

    @Test
    void aBundleWatchedUnderLoadShowsTheH200WorkingAtItsMaximum() {
        CaptureAnalysis a = CaptureAnalysis.load(HealthFixtures.H200_LOAD);
        WatchTimeline t = on(a, a.bootId()).kept(kept(HealthFixtures.H200_LOAD)).timeline();
        assertThat(t.heading()).startsWith("Watch of").contains("boot 46cf1af9-0cac-4c17-b28c-68c21260a9f4")
                .contains("55 sample(s)");
        assertThat(t.note()).isEmpty();
        WatchTimeline.Row gpu = t.rows().stream().filter(r -> r.title().equals("0000:00:06.0")).findFirst().orElseThrow();
        // the VM's hypervisor shows a fixed Gen5 x16: every one of the 55 samples, over the 30 s window
        assertThat(gpu.range()).isEqualTo("32 GT/s x16 throughout");
        assertThat(gpu.capable().display()).isEqualTo("32 GT/s x16");
        assertThat(gpu.points()).hasSize(55);
        assertThat(gpu.points()).allSatisfy(p -> assertThat(p.state().display()).isEqualTo("32 GT/s x16"));
        assertThat(gpu.points().get(54).seconds()).isBetween(25.0, 35.0);
        assertThat(gpu.colourKey()).isNull(); // no port above it in the guest: no hop to colour
        assertThat(gpu.sentence()).contains("It worked (utilisation up to 100 %) at its maximum link");
    }

    @Test
    void anIdleWatchSaysItProvesNothing() {
        CaptureAnalysis a = CaptureAnalysis.load(HealthFixtures.H200_IDLE);
        WatchTimeline t = on(a, a.bootId()).kept(kept(HealthFixtures.H200_IDLE)).timeline();
        assertThat(t.rows()).anySatisfy(r -> assertThat(r.sentence()).contains("Nothing proven: the GPU stayed idle"));
    }

    @Test
    void aWatchOfThisBootJudgesTheCaptureAgainAndTheIdleDownshiftBecomesOk() throws Exception {
        CaptureAnalysis a = CaptureAnalysis.load(HealthFixtures.OPTIPLEX);
        HopVerdict before = hop(a.report().hops());
        assertThat(before.verdict()).isEqualTo(LinkVerdict.IDLE_DOWNSHIFT);
        WatchOnCapture on = on(a, "b-1");
        List<WatchOnCapture.Judged> seen = new ArrayList<>();
        // the job starts at the third sample: the root port climbs from 2.5 to 8 GT/s
        new LiveWatch(HealthFixtures.optiplexSysfs("b-1", n -> n < 3 ? "2.5 GT/s PCIe" : "8.0 GT/s PCIe"),
                HealthFixtures.NO_COMMANDS, "xe3").run(0.4, 0.1, r -> seen.add(on.live(r)));
        WatchOnCapture.Judged last = seen.get(seen.size() - 1);
        assertThat(hop(last.report().hops()).verdict()).isEqualTo(LinkVerdict.OK);
        WatchTimeline.Row row = last.timeline().rows().stream()
                .filter(r -> r.title().startsWith("0000:00:01.0")).findFirst().orElseThrow();
        assertThat(row.colourKey()).isEqualTo(LinkVerdict.OK.colourKey());
        assertThat(row.range()).isEqualTo("lowest 2.5 GT/s x16, highest 8 GT/s x16");
        assertThat(row.sentence()).contains("it climbed: the low reading was idle power management");
        // published after every sample, the first before the climb
        assertThat(seen.size()).isGreaterThan(2);
        assertThat(seen.get(0).timeline().rows()).allSatisfy(r -> assertThat(r.points()).hasSize(1));
    }

    @Test
    void aWatchOfAnotherBootIsShownAsReadWithoutVerdicts() throws Exception {
        CaptureAnalysis a = CaptureAnalysis.load(HealthFixtures.OPTIPLEX);
        List<WatchOnCapture.Judged> seen = new ArrayList<>();
        new LiveWatch(HealthFixtures.optiplexSysfs("b-2", n -> "8.0 GT/s PCIe"), HealthFixtures.NO_COMMANDS, "xe3")
                .run(0, 0.1, r -> seen.add(on(a, "b-1").live(r)));
        WatchOnCapture.Judged j = seen.get(seen.size() - 1);
        assertThat(j.report()).isNull();
        assertThat(j.timeline().note()).contains("is of boot b-1, this machine is on boot b-2")
                .contains("File ▸ Read this machine now");
        assertThat(j.timeline().rows()).extracting(WatchTimeline.Row::colourKey).containsOnlyNulls();
        assertThat(j.timeline().rows()).extracting(WatchTimeline.Row::sentence)
                .contains("0000:00:01.0: 8 GT/s x16 throughout, its maximum 8 GT/s x16. Not judged.");
    }

    @Test
    void aMachineWithoutLinkFilesSaysSoInsteadOfAnEmptyChart() throws Exception {
        List<WatchOnCapture.Judged> seen = new ArrayList<>();
        new LiveWatch(HealthFixtures.noLinkFiles(), HealthFixtures.NO_COMMANDS, "vm").run(0.2, 0.1,
                r -> seen.add(WatchOnCapture.NONE.live(r)));
        WatchTimeline t = seen.get(seen.size() - 1).timeline();
        assertThat(t.rows()).isEmpty();
        assertThat(t.note()).isEqualTo(WatchTimeline.NO_LINK_FILES);
    }

    @Test
    void stopEndsTheWatchAndKeepsItsSamples() throws Exception {
        LiveWatch w = new LiveWatch(HealthFixtures.optiplexSysfs("b-1", n -> "8.0 GT/s PCIe"),
                HealthFixtures.NO_COMMANDS, "xe3");
        List<WatchRecord> seen = new ArrayList<>();
        String text = w.run(3600, 0.05, r -> {
            seen.add(r);
            if (r.samples().size() == 3) w.stop();
        });
        assertThat(seen.get(seen.size() - 1).samples()).hasSize(3);
        assertThat(text).contains("(stopped)");
        // read a sample at a time, the watch is the one its whole text gives
        assertThat(seen.get(seen.size() - 1).samples()).isEqualTo(LiveWatch.parse(text).samples());
    }

    private static HopVerdict hop(List<HopVerdict> hops) {
        return hops.stream().filter(h -> h.link().port().bdf().toString().equals(HealthFixtures.PORT)).findFirst()
                .orElseThrow();
    }
}
