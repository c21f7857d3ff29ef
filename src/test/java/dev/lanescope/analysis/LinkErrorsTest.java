package dev.lanescope.analysis;

import static dev.lanescope.analysis.Fx.G1;
import static dev.lanescope.analysis.Fx.G3;
import static dev.lanescope.analysis.Fx.G4;
import static dev.lanescope.analysis.Fx.b;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.lanescope.model.ErrorCounters;
import dev.lanescope.model.Topology;

/** Link errors as evidence (docs/RULES.md §12): errors make a slow or narrow link a fault, their absence on a port without a slot makes a narrow link wiring. */
class LinkErrorsTest {

    static ErrorCounters correctable(long n) {
        return new ErrorCounters(n, 0, 0, -1, -1, -1, -1);
    }

    /** An idle GPU at 2.5 GT/s of 16: idle downshift while its counters read zero, a fault once errors are counted. */
    @Test
    void aSlowGpuLinkThatErrsIsNoIdleDownshift() {
        Fx fx = new Fx();
        fx.rootPort("0000:00:01.1", 1, 1).cap(G4, 16).sta(G1, 16).target(G4).slot(1);
        fx.nvidia("0000:01:00.0").cap(G4, 16).sta(G1, 16);
        Topology t = fx.build();
        UnderLoad clean = UnderLoad.none().withErrors(Map.of(b("0000:00:01.1"), correctable(0),
                b("0000:01:00.0"), correctable(0)));
        HopVerdict idle = Fx.hop(t, "0000:00:01.1", clean);
        assertThat(idle.verdict()).isEqualTo(LinkVerdict.IDLE_DOWNSHIFT);
        assertThat(idle.facts().errors().countersRead()).isTrue();

        UnderLoad erring = UnderLoad.none().withErrors(Map.of(b("0000:00:01.1"), correctable(12)));
        HopVerdict bad = Fx.hop(t, "0000:00:01.1", erring);
        assertThat(bad.verdict()).isEqualTo(LinkVerdict.SPEED_DEGRADED);
        assertThat(bad.reason()).contains("12 correctable error(s) counted at the port")
                .contains("not taken for idle power management").doesNotContain("an idle GPU drops to 2.5 GT/s;");
    }

    /** A NIC on the board (port Slot-) trained x1 of x2: wiring while the link is clean, lost lanes once it errs. */
    @Test
    void aNarrowLinkOnAPortWithoutASlotIsWiringUnlessItErrs() {
        Fx fx = new Fx();
        fx.rootPort("0000:00:1c.0", 1, 1).cap(G3, 2).sta(G3, 1).target(G3);
        fx.endpoint("0000:01:00.0", 0x0200, "I210 Gigabit Network Connection").cap(G3, 2).sta(G3, 1);
        Topology t = fx.build();
        HopVerdict clean = Fx.hop(t, "0000:00:1c.0");
        assertThat(clean.verdict()).isEqualTo(LinkVerdict.WIRED_NARROW);
        assertThat(clean.verdict().isFault()).isFalse();
        assertThat(clean.reason()).contains("has no slot").contains("not a fault").doesNotContain("reseat");

        HopVerdict erring = Fx.hop(t, "0000:00:1c.0", UnderLoad.none().withErrors(Map.of(b("0000:01:00.0"),
                correctable(3))));
        assertThat(erring.verdict()).isEqualTo(LinkVerdict.WIDTH_DEGRADED);
        assertThat(erring.reason()).contains("3 correctable error(s) counted at the device")
                .contains("a fault, not a reading to doubt");
    }

    /** The same narrow link on a port with a slot stays lost lanes, errors or not. */
    @Test
    void aNarrowLinkInASlotIsLostLanes() {
        Fx fx = new Fx();
        fx.rootPort("0000:00:1c.0", 1, 1).cap(G3, 2).sta(G3, 1).target(G3).slot(4);
        fx.endpoint("0000:01:00.0", 0x0200, "I210 Gigabit Network Connection").cap(G3, 2).sta(G3, 1);
        assertThat(Fx.hop(fx.build(), "0000:00:1c.0").verdict()).isEqualTo(LinkVerdict.WIDTH_DEGRADED);
    }

    /** Counters during a window: what was added, and a counter read once (or reset) is no delta. */
    @Test
    void countersAddedDuringAWindow() {
        ErrorCounters before = new ErrorCounters(2, 0, 0, 5, 7, -1, -1);
        ErrorCounters after = new ErrorCounters(9, 0, 0, 5, 7, -1, -1);
        ErrorCounters d = after.since(before);
        assertThat(d.correctable()).isEqualTo(7);
        assertThat(d.replays()).isZero();
        assertThat(d.nonFatal()).isZero();
        assertThat(d.rootNonFatal()).isEqualTo(-1);
        assertThat(before.since(after).correctable()).as("went down: a reset, not a negative count").isEqualTo(-1);
        assertThat(WatchReport.errorWords(d)).isEqualTo("+7 correctable during the window: the link erred while watched.");
    }
}
