package dev.lanescope.cli;

import java.util.List;

import dev.lanescope.export.ReportJson;
import dev.lanescope.fleet.CaptureDiff;
import dev.lanescope.model.Bdf;

/** The machine form of {@code lanescope diff --json}: one component per key, in the order written. */
record DiffJson(Side a, Side b, boolean same, List<String> summary, List<Hop> hops, List<Device> added,
                List<Device> missing) {

    /** One capture: its name in the sentences, its label, and where and when it was read. */
    record Side(String name, String label, String hostname, String bootId, String capturedAt, String kernel) {
    }

    /** A hop whose link, verdict or device differs; {@code changed} says which of these. */
    record Hop(String port, String deviceA, String deviceB, ReportJson.State trainedA, ReportJson.State trainedB,
               String verdictA, String verdictB, List<String> changed) {
    }

    /** A device found in one capture only. */
    record Device(String bdf, String name) {
    }

    static DiffJson of(CaptureDiff.Result r) {
        return new DiffJson(side(r.a()), side(r.b()), r.same(), r.summary(),
                r.hops().stream().map(DiffJson::hop).toList(),
                r.added().stream().map(d -> new Device(d.bdf().toString(), d.name())).toList(),
                r.missing().stream().map(d -> new Device(d.bdf().toString(), d.name())).toList());
    }

    private static Side side(CaptureDiff.Side s) {
        return new Side(s.name(), s.label(), s.hostname(), s.bootId(), s.capturedAt(), s.kernel());
    }

    private static Hop hop(CaptureDiff.HopChange c) {
        return new Hop(c.port().toString(), text(c.deviceA()), text(c.deviceB()), ReportJson.State.of(c.trainedA()),
                ReportJson.State.of(c.trainedB()), c.verdictA() == null ? null : c.verdictA().key(),
                c.verdictB() == null ? null : c.verdictB().key(), CaptureDiff.changed(c));
    }

    private static String text(Bdf b) {
        return b == null ? null : b.toString();
    }
}
