package dev.lanescope.cli;

import java.util.List;
import java.util.Map;

import dev.lanescope.analysis.WatchReport;
import dev.lanescope.model.LinkState;

/** The machine form of a watch (README: `lanescope watch --format json`). */
record WatchJson(String host, String bootId, double intervalSeconds, int samples, long windowSeconds, String started,
                 List<Hop> hops) {

    record Hop(String port, String device, String verdict, String lowest, String lowestAt, String highest,
               String highestAt, String capable, boolean underLoad, boolean idle, Map<String, Long> errorsAdded,
               String sentence) {
    }

    static WatchJson of(WatchReport w) {
        var r = w.summary().record();
        return new WatchJson(r.host(), r.bootId(), r.intervalSeconds(), r.samples().size(),
                w.summary().window().toSeconds(), r.started() == null ? null : r.started().toString(),
                w.hops().stream().map(h -> new Hop(h.verdict().link().port().bdf().toString(),
                        h.verdict().link().device().bdf().toString(), h.verdict().verdict().key(), text(h.seen().lowest()),
                        h.seen().lowestAt() == null ? null : h.seen().lowestAt().toString(), text(h.seen().highest()),
                        h.seen().highestAt() == null ? null : h.seen().highestAt().toString(),
                        text(h.verdict().link().capable()), h.seen().underLoad(), h.idle(), h.errors().named(),
                        h.sentence())).toList());
    }

    private static String text(LinkState s) {
        return s == null ? null : s.display();
    }
}
