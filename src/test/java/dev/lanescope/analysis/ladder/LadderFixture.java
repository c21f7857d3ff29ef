package dev.lanescope.analysis.ladder;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.capture.LadderEvidenceLoader;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Topology;
import dev.lanescope.model.TopologyBuilder;

/** Reads a capture (and evidence files) the way the ladder command does, and builds one pair's ladder. */
final class LadderFixture {

    private LadderFixture() {
    }

    static Ladder ladder(Path capture, String a, String b, Path... evidence) {
        Topology t = TopologyBuilder.build(CaptureLoader.load(List.of(capture)));
        List<Path> all = new ArrayList<>(List.of(capture));
        all.addAll(List.of(evidence));
        return Ladders.of(t, LadderEvidenceLoader.load(all), Bdf.parse(a), Bdf.parse(b));
    }

    static Path sample(String name) {
        return Path.of("samples", name);
    }

    static Path resource(String name) {
        return Path.of("src/test/resources/ladder", name);
    }
}
