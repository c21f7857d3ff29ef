package dev.lanescope.golden;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import dev.lanescope.analysis.Analyzer;
import dev.lanescope.analysis.AtomicsVerdict;
import dev.lanescope.analysis.HopVerdict;
import dev.lanescope.analysis.LinkVerdict;
import dev.lanescope.analysis.PathCeiling;
import dev.lanescope.analysis.PeerPair;
import dev.lanescope.analysis.Report;
import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Capture;
import dev.lanescope.model.Topology;
import dev.lanescope.model.TopologyBuilder;

/** A bundled real capture, read, built and analysed the way the CLI and the window do it. */
record Sample(Capture capture, Topology topology, Report report) {

    static Sample of(String... pathUnderSamples) {
        List<Path> inputs = java.util.Arrays.stream(pathUnderSamples).map(p -> Path.of("samples").resolve(p)).toList();
        Capture c = CaptureLoader.load(inputs);
        Topology t = TopologyBuilder.build(c);
        return new Sample(c, t, Analyzer.analyze(t));
    }

    HopVerdict hop(String port, String device) {
        Bdf p = Bdf.parse(port);
        Optional<HopVerdict> h = report.hops().stream()
                .filter(v -> v.link().port().bdf().equals(p))
                .filter(v -> device == null ? v.link().device() == null
                        : v.link().device() != null && v.link().device().bdf().equals(Bdf.parse(device)))
                .findFirst();
        assertThat(h).as("hop %s -> %s", port, device).isPresent();
        return h.get();
    }

    LinkVerdict verdict(String port, String device) {
        return hop(port, device).verdict();
    }

    PathCeiling ceiling(String device) {
        Bdf d = Bdf.parse(device);
        return report.ceilings().stream().filter(c -> c.device().equals(d)).findFirst()
                .orElseThrow(() -> new AssertionError("no ceiling for " + device));
    }

    AtomicsVerdict atomics(String device) {
        Bdf d = Bdf.parse(device);
        return report.atomics().stream().filter(a -> a.endpoint().equals(d)).findFirst()
                .orElseThrow(() -> new AssertionError("no atomics verdict for " + device));
    }

    PeerPair peer(String a, String b) {
        Bdf x = Bdf.parse(a);
        Bdf y = Bdf.parse(b);
        return report.peers().stream()
                .filter(p -> p.a().equals(x) && p.b().equals(y) || p.a().equals(y) && p.b().equals(x))
                .findFirst().orElseThrow(() -> new AssertionError("no peer pair " + a + " / " + b));
    }
}
