package dev.lanescope.ui.png;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.scene.control.Label;
import javafx.scene.effect.DropShadow;
import javafx.scene.layout.Pane;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;

import org.junit.jupiter.api.Test;

/**
 * The size of an exported picture: the widest decision picture fits its width limit exactly, shadows included, and a
 * picture taller than wide keeps within the largest side too.
 */
class PngSnapshotTest {

    @Test
    void aPictureWiderThanTheLimitIsScaledToTheLimitShadowsIncluded() throws Exception {
        PngExporter.Pixels px = HeadlessToolkit.onFxThread("the test picture", () -> {
            Rectangle wide = new Rectangle(1500, 300, Color.STEELBLUE);
            wide.setEffect(new DropShadow(14, Color.ORANGE)); // reaches past the box on every side
            VBox root = new VBox(8, new Label("a header line"), new Pane(wide));
            return PngExporter.snapshot(root, PngExporter.DECISION_WIDTH);
        });
        assertThat(px.width()).isEqualTo(PngExporter.DECISION_WIDTH);
        // the shadow's glow is drawn, not cut off: the left and right columns are not the box's own colour
        int left = px.argbPremultiplied()[px.width() * (px.height() / 2)];
        assertThat(left).isNotEqualTo(0xff4682b4);
    }

    @Test
    void aTallPictureKeepsWithinTheLargestSide() throws Exception {
        PngExporter.Pixels px = HeadlessToolkit.onFxThread("the test picture", () -> {
            VBox root = new VBox(new Label("a tall machine"), new Rectangle(400, 9000, Color.LIGHTGREY));
            return PngExporter.snapshot(root, PngExporter.MAX_SIDE);
        });
        assertThat(px.height()).isBetween(PngExporter.MAX_SIDE - 2, PngExporter.MAX_SIDE);
        assertThat(px.width()).isLessThan(600);
    }

    @Test
    void aSmallPictureIsDrawnAtTwiceItsSize() throws Exception {
        PngExporter.Pixels px = HeadlessToolkit.onFxThread("the test picture", () -> {
            VBox root = new VBox(new Rectangle(300, 200, Color.LIGHTGREY));
            return PngExporter.snapshot(root, PngExporter.DECISION_WIDTH);
        });
        assertThat(px.width()).isEqualTo(600);
        assertThat(px.height()).isEqualTo(400);
    }
}
