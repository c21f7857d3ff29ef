package dev.lanescope.ui.ceiling;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javax.imageio.ImageIO;

import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.chart.XYChart;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.shape.Circle;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import dev.lanescope.analysis.ceiling.HostMemoryPreset;

/**
 * The panel as a user meets it: the seed's Gen4 x4 link against 256 GB/s host memory reads "loses by
 * construction"; typing a high hit rate turns the verdict; a refused input is named next to its field and empties
 * the chart; the PNG is twice the composed size.
 */
@ExtendWith(ApplicationExtension.class)
class CeilingPanelTest {

    private CeilingWindow window;

    @Start
    void start(Stage stage) {
        window = CeilingWindow.open(stage, null);
    }

    private CeilingViewModel vm() {
        return window.viewModel();
    }

    /** Selects all of the field's text and types {@code text} over it, as a user would. */
    private static void type(FxRobot robot, String id, String text) {
        TextField tf = robot.lookup(id).queryAs(TextField.class);
        robot.clickOn(tf);
        robot.push(KeyCode.CONTROL, KeyCode.A);
        robot.write(text);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static String text(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(Label.class).getText();
    }

    /** Seed 000: a Gen4 x4 link (7.877 GB/s) against LPDDR5X-8000 on 256 bits. */
    private void seedGen4x4(FxRobot robot) {
        robot.interact(() -> robot.lookup("#rateSource").queryAs(ComboBox.class)
                .getSelectionModel().select(CeilingViewModel.RateSource.TYPED));
        type(robot, "#typedH2d", "7.877");
        robot.interact(() -> robot.lookup("#ramPreset").queryAs(ComboBox.class)
                .getSelectionModel().select(HostMemoryPreset.LPDDR5X_8000_256));
        type(robot, "#activeBytes", "1G");
        type(robot, "#hitRate", "0");
        type(robot, "#overhead", "0");
    }

    @Test
    void theVerdictComesFirstAndTurnsWhenTheHitRateIsTyped(FxRobot robot) {
        seedGen4x4(robot);
        assertThat(vm().rateSourceProperty().get()).isEqualTo(CeilingViewModel.RateSource.TYPED);
        Label headline = robot.lookup("#headline").queryAs(Label.class);
        assertThat(headline.getText()).startsWith("Streaming loses by construction").contains("32.5× slower");
        assertThat(headline.getPseudoClassStates().toString()).contains("loses");
        assertThat(text(robot, "#verdict")).contains("Doubling the link only doubles a losing number");
        assertThat(text(robot, "#ratio")).isEqualTo("32.5×");
        // the headline is the first thing under the panel title
        assertThat(headline.getParent().getChildrenUnmodifiable().indexOf(headline)).isEqualTo(1);

        // with no overhead, the two lines meet where the link equals host memory: 256 GB/s
        CeilingChart link = robot.lookup("#linkChart").queryAs(CeilingChart.class);
        assertThat(link.crossoverLabel().getText()).startsWith("crossover at 256 GB/s");
        assertThat(text(robot, "#crossLink")).isEqualTo("256 GB/s");
        assertThat(text(robot, "#crossHit")).isEqualTo("0.969");
        assertMarkerOnComputeLine(robot, link);

        type(robot, "#hitRate", "0.98");
        assertThat(headline.getText()).startsWith("Streaming wins on the hit rate alone");
        assertThat(headline.getPseudoClassStates().toString()).contains("wins").doesNotContain("loses");
        assertThat(text(robot, "#verdict")).contains("above 0.969");
        CeilingChart hit = robot.lookup("#hitChart").queryAs(CeilingChart.class);
        assertThat(hit.crossoverLabel().getText()).isEqualTo("crossover at hit rate 0.969: streaming wins only above it");
        // at 98% hits only 2% crosses: 50x the bytes-limited ceiling of 7.877 GB/s / 1 GiB
        assertThat(text(robot, "#streaming")).isEqualTo("367 tok/s");
    }

    /** The crossover circle is drawn on the compute-in-RAM line, at the crossover's x. */
    private static void assertMarkerOnComputeLine(FxRobot robot, CeilingChart chart) {
        Circle c = (Circle) chart.lookup(".crossover-marker");
        XYChart.Series<Number, Number> compute = chart.getData().get(1);
        Node line = compute.getNode();
        Point2D dot = c.localToScene(c.getCenterX(), c.getCenterY());
        double computeY = chart.getYAxis().getDisplayPosition(compute.getData().get(0).getYValue());
        Point2D onLine = line.localToScene(0, computeY);
        assertThat(dot.getY()).isCloseTo(onLine.getY(), org.assertj.core.data.Offset.offset(1.0));
        double x256 = chart.getXAxis().localToScene(chart.getXAxis().getDisplayPosition(256.0), 0).getX();
        assertThat(dot.getX()).isCloseTo(x256, org.assertj.core.data.Offset.offset(1.0));
    }

    @Test
    void aRefusedInputIsNamedBesideItsFieldAndTheChartIsEmptied(FxRobot robot) {
        seedGen4x4(robot);
        type(robot, "#hitRate", "1.5");
        Label err = robot.lookup("#hitRateError").queryAs(Label.class);
        assertThat(err.isVisible()).isTrue();
        assertThat(err.getText()).isEqualTo("LRU hit rate must be between 0 and 1, the fraction of active expert bytes "
                + "already resident (got 1.5)");
        assertThat(robot.lookup("#hitRate").queryAs(TextField.class).getPseudoClassStates().toString())
                .contains("invalid");
        assertThat(text(robot, "#headline")).isEqualTo("Fix the marked input to see the verdict");
        for (CeilingChart c : window.controller().charts()) assertThat(c.getData()).isEmpty();
        assertThat(robot.lookup("#exportPngButton").queryAs(javafx.scene.control.Button.class).isDisabled()).isTrue();

        type(robot, "#typedH2d", "0");
        type(robot, "#hitRate", "0.5");
        assertThat(err.isVisible()).isFalse();
        assertThat(text(robot, "#h2dError")).startsWith("host-to-device rate must be greater than 0 GB/s");
        type(robot, "#typedH2d", "7.877");
        assertThat(robot.lookup("#h2dError").queryAs(Label.class).isVisible()).isFalse();
        for (CeilingChart c : window.controller().charts()) {
            assertThat(c.getData()).hasSize(2);
            c.getData().forEach(s -> s.getData().forEach(d -> {
                assertThat(Double.isFinite(d.getXValue().doubleValue())).isTrue();
                assertThat(d.getYValue().doubleValue()).isPositive().isFinite();
            }));
        }
    }

    @Test
    void theEngineShapeTableSaysWhereTheLinkDoesNotMatter(FxRobot robot) {
        seedGen4x4(robot);
        robot.interact(() -> vm().engineShapeProperty().set(dev.lanescope.analysis.ceiling.EngineShape.COMPUTES_IN_RAM));
        assertThat(text(robot, "#headline")).startsWith("The link does not matter for this engine: host RAM sets its "
                + "ceiling at 238 tokens/s");
        assertThat(robot.lookup("#headline").queryAs(Label.class).getPseudoClassStates().toString())
                .contains("irrelevant");
        assertThat(robot.lookup(".table-row-cell").queryAll().stream()
                .filter(n -> n.getPseudoClassStates().toString().contains("current")).count()).isEqualTo(1);
    }

    /**
     * Typing the receipt's own number over it makes it the user's: a slab change no longer swaps it for the
     * receipt's value at the new size, until "From receipt" asks for that again.
     */
    @Test
    void aTypedOverheadSurvivesASlabChangeUntilTheReceiptsIsAskedFor(FxRobot robot) throws Exception {
        robot.interact(() -> window.controller().loadReceipt(Path.of("src/test/resources/ceiling/receipt-gen4x4.json")));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> vm().receiptProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        // host memory is no part of a capture: the user picks it before any verdict
        robot.interact(() -> robot.lookup("#ramPreset").queryAs(ComboBox.class)
                .getSelectionModel().select(HostMemoryPreset.DDR5_6000_DUAL));
        TextField overhead = robot.lookup("#overhead").queryAs(TextField.class);
        // the 3 MiB transfers took 469.2 us against 461.2 us at the 6.82 GB/s bulk rate
        assertThat(overhead.getText()).isEqualTo("8");
        assertThat(text(robot, "#overheadSource")).isEqualTo("from the receipt: 8.0 µs at 3 MiB");

        type(robot, "#overhead", "8");
        type(robot, "#slab", "460800");
        assertThat(overhead.getText()).isEqualTo("8");
        assertThat(vm().resultProperty().get().inputs().overheadUs()).isEqualTo(8.0);
        assertThat(text(robot, "#overheadSource")).isEqualTo("typed; the receipt measured 3.6 µs at 460,800 B");

        robot.clickOn("#overheadFromReceipt");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(overhead.getText()).isEqualTo("3.6");
        assertThat(text(robot, "#overheadSource")).isEqualTo("from the receipt: 3.6 µs at 460,800 B");
        assertThat(robot.lookup("#overheadFromReceipt").queryButton().isVisible()).isFalse();
        type(robot, "#slab", "3M");
        assertThat(overhead.getText()).isEqualTo("8");
    }

    @Test
    void thePngIsTwiceTheComposedSizeAndLeavesNoTemporary(FxRobot robot, @TempDir Path dir) throws Exception {
        seedGen4x4(robot);
        Path out = dir.resolve("ceiling.png");
        @SuppressWarnings("unchecked")
        CompletableFuture<Path>[] written = new CompletableFuture[1];
        robot.interact(() -> written[0] = window.controller().exportPngTo(out));
        assertThat(written[0].get(60, TimeUnit.SECONDS)).isEqualTo(out.toAbsolutePath());
        try (var files = Files.list(dir)) {
            assertThat(files.toList()).containsExactly(out);
        }
        BufferedImage img = ImageIO.read(out.toFile());
        assertThat(img.getWidth()).isEqualTo((int) (2 * (PngCeilingExporter.CHART_WIDTH + 32)));
        // two charts of 430 px, the headline and the verdict: taller than both charts at 2x
        assertThat(img.getHeight()).isGreaterThan((int) (2 * 2 * PngCeilingExporter.CHART_HEIGHT));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> text(robot, "#status").startsWith("Saved "));
    }
}
