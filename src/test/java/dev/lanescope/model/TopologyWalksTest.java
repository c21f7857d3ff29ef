package dev.lanescope.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.lanescope.capture.CaptureLoader;

/**
 * The tree walks every rule uses, on the bundled HP laptop (samples/, with its source.txt): a Titan Ridge Thunderbolt
 * 3 router (upstream port 02:00.0, four downstream ports 03:00.0-03:04.0, its NHI on bus 04 and its USB controller on
 * bus 38) below the chipset's root port 00:1b.0.
 */
class TopologyWalksTest {

    static Topology t;

    @BeforeAll
    static void load() {
        t = TopologyBuilder.build(CaptureLoader.load(List.of(Path.of("samples",
                "hp-laptop-coffeelake-gtx1650-titanridge"))));
    }

    static TopoNode.FunctionNode node(String bdf) {
        return t.node(Bdf.parse(bdf)).orElseThrow();
    }

    static List<String> addresses(List<TopoNode.FunctionNode> nodes) {
        return nodes.stream().map(n -> n.bdf().shortForm()).toList();
    }

    @Test
    void theNhisAncestorsAreItsDownstreamPortTheRoutersUpstreamPortAndTheRootPortNearestFirst() {
        assertThat(addresses(t.ancestors(node("04:00.0")))).containsExactly("03:00.0", "02:00.0", "00:1b.0");
    }

    @Test
    void aFunctionOnTheRootBusHasNoAncestorsTheRootComplexIsNotAFunction() {
        assertThat(t.ancestors(node("00:1b.0"))).isEmpty();
        assertThat(t.ancestors(node("00:02.0"))).isEmpty();
    }

    @Test
    void theRoutersDescendantsAreItsPortsAndWhatHangsBelowThemInTreeOrder() {
        assertThat(addresses(t.descendants(node("02:00.0"))))
                .containsExactly("03:00.0", "04:00.0", "03:01.0", "03:02.0", "38:00.0", "03:04.0");
        assertThat(addresses(t.descendants(node("00:1b.0")))).startsWith("02:00.0", "03:00.0", "04:00.0")
                .hasSize(7);
    }

    @Test
    void anEndpointHasNoDescendantsAndEveryDescendantHasTheNodeAmongItsAncestors() {
        assertThat(t.descendants(node("01:00.0"))).isEmpty();
        TopoNode.FunctionNode router = node("02:00.0");
        for (TopoNode.FunctionNode d : t.descendants(router)) assertThat(t.ancestors(d)).contains(router);
    }
}
