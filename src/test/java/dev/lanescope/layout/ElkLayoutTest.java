package dev.lanescope.layout;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ElkLayoutTest {

    /** root complex -> root port -> switch upstream -> two downstream ports -> two GPUs. */
    private static LayoutGraph smallTree() {
        List<LayoutGraph.Box> boxes = List.of(
                new LayoutGraph.Box("rc", 200, 40), new LayoutGraph.Box("rp", 160, 40),
                new LayoutGraph.Box("up", 160, 40), new LayoutGraph.Box("dn1", 160, 40),
                new LayoutGraph.Box("dn2", 160, 40), new LayoutGraph.Box("gpu1", 180, 50),
                new LayoutGraph.Box("gpu2", 180, 50));
        List<LayoutGraph.Edge> edges = List.of(
                new LayoutGraph.Edge("e1", "rc", "rp", 0, 0), new LayoutGraph.Edge("e2", "rp", "up", 120, 14),
                new LayoutGraph.Edge("e3", "up", "dn1", 0, 0), new LayoutGraph.Edge("e4", "up", "dn2", 0, 0),
                new LayoutGraph.Edge("e5", "dn1", "gpu1", 120, 14), new LayoutGraph.Edge("e6", "dn2", "gpu2", 120, 14));
        return new LayoutGraph(boxes, edges);
    }

    @Test
    void placesParentsAboveChildrenWithoutOverlap() {
        LayoutResult r = ElkLayout.layout(smallTree());
        Map<String, LayoutResult.PlacedBox> b = r.boxesById();
        assertThat(b.get("rc").y()).isLessThan(b.get("rp").y());
        assertThat(b.get("rp").y()).isLessThan(b.get("up").y());
        assertThat(b.get("up").y()).isLessThan(b.get("dn1").y());
        assertThat(b.get("dn1").y()).isLessThan(b.get("gpu1").y());
        assertThat(b.get("gpu1").y()).isEqualTo(b.get("gpu2").y());
        LayoutResult.PlacedBox g1 = b.get("gpu1");
        LayoutResult.PlacedBox g2 = b.get("gpu2");
        boolean apart = g1.x() + g1.width() <= g2.x() || g2.x() + g2.width() <= g1.x();
        assertThat(apart).as("sibling GPUs do not overlap").isTrue();
        assertThat(r.width()).isGreaterThan(g1.width() + g2.width());
        assertThat(r.edges()).hasSize(6);
        assertThat(r.edges().get(1).label()).as("labelled link edge gets a label position").isNotNull();
    }

    @Test
    void sameInputGivesSamePicture() {
        assertThat(ElkLayout.layout(smallTree())).isEqualTo(ElkLayout.layout(smallTree()));
    }

    @Test
    void edgeToUnknownBoxIsRefusedByName() {
        LayoutGraph bad = new LayoutGraph(List.of(new LayoutGraph.Box("a", 10, 10)),
                List.of(new LayoutGraph.Edge("x", "a", "missing", 0, 0)));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ElkLayout.layout(bad))
                .hasMessageContaining("edge x");
    }

    @Test
    void thousandNodeTreeIsLaidOut() {
        List<LayoutGraph.Box> boxes = new ArrayList<>();
        List<LayoutGraph.Edge> edges = new ArrayList<>();
        boxes.add(new LayoutGraph.Box("rc", 200, 40));
        for (int p = 0; p < 40; p++) {
            boxes.add(new LayoutGraph.Box("p" + p, 150, 40));
            edges.add(new LayoutGraph.Edge("ep" + p, "rc", "p" + p, 0, 0));
            for (int d = 0; d < 24; d++) {
                String id = "d" + p + "_" + d;
                boxes.add(new LayoutGraph.Box(id, 150, 40));
                edges.add(new LayoutGraph.Edge("e" + id, "p" + p, id, 100, 14));
            }
        }
        LayoutResult r = ElkLayout.layout(new LayoutGraph(boxes, edges));
        assertThat(r.boxes()).hasSize(boxes.size());
        assertThat(r.boxesById().get("d39_23").y()).isGreaterThan(r.boxesById().get("p0").y());
    }
}
