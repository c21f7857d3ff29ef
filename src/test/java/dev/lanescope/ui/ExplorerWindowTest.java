package dev.lanescope.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javax.imageio.ImageIO;

import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.shape.Polyline;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import dev.lanescope.layout.TopologyLayouts;
import dev.lanescope.model.Bdf;
import dev.lanescope.ui.main.MainViewModel;
import dev.lanescope.ui.png.PngExporter;
import dev.lanescope.ui.session.OpenCapture;
import dev.lanescope.ui.session.Theme;
import dev.lanescope.ui.topology.TopologyView;

/** The window as a user meets it: the bundled sample opens, a GPU is clicked, modes switch, a PNG is saved. */
@ExtendWith(ApplicationExtension.class)
class ExplorerWindowTest {

    private static final Bdf GPU = Bdf.parse("0000:01:00.0");
    private LanescopeApp app;

    @Start
    void start(Stage stage) {
        System.setProperty("lanescope.prefs", "off");
        app = new LanescopeApp(List.of());
        app.start(stage);
    }

    private MainViewModel vm() {
        return app.viewModel();
    }

    private void waitLoaded() throws Exception {
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> vm().getLoaded() != null && !vm().loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void theSampleOpensWithItsBannerAndEveryFunctionIsDrawn(FxRobot robot) throws Exception {
        waitLoaded();
        Label banner = robot.lookup(".banner-sample").queryAs(Label.class);
        assertThat(banner.isVisible()).isTrue();
        assertThat(banner.getText()).startsWith("Sample capture: hp-laptop-coffeelake-gtx1650-titanridge/vv.txt (from ");
        TopologyLayouts.Picture p = vm().getLoaded().picture();
        assertThat(robot.lookup(".topo-node").queryAll()).hasSize(p.nodes().size());
        assertThat(p.functionCount()).isEqualTo(vm().getLoaded().topology().functions().size()).isEqualTo(34);
        // the GTX 1650 sits in a socket wired x8: its hop says so and is drawn in the "narrow" colour
        assertThat(robot.lookup(".edge-label").queryAllAs(Label.class)).extracting(Label::getText)
                .contains("Gen3 x8 / cap Gen3 x8", "Gen3 x1 / cap Gen3 x2");
        assertThat(vm().marks().edgeColours()).containsEntry("0000:00:01.0->0000:01:00.0", "narrow")
                .containsEntry("0000:00:1d.2->0000:6e:00.0", "degraded");
    }

    @Test
    void aBoxTellsItsAddressAndNameWhenThePointerRestsOnIt(FxRobot robot) throws Exception {
        waitLoaded();
        String id = vm().getLoaded().picture().nodeOf(GPU).id();
        TopologyView view = robot.lookup(".topology-view").queryAs(TopologyView.class);
        robot.interact(() -> view.reveal(id));
        Node box = view.boxNode(id);
        robot.moveTo(box);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".tooltip").tryQuery().isPresent());
        Tooltip tip = (Tooltip) robot.lookup(".tooltip").query().getScene().getWindow();
        assertThat(tip.getText()).contains("01:00.0").contains("GeForce GTX 1650");
    }

    @Test
    void clickingTheGpuPutsThePlainAnswerFirstAndItsPathBelow(FxRobot robot) throws Exception {
        waitLoaded();
        String id = vm().getLoaded().picture().nodeOf(GPU).id();
        TopologyView view = robot.lookup(".topology-view").queryAs(TopologyView.class);
        robot.interact(() -> view.reveal(id));
        robot.clickOn(view.boxNode(id));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(vm().selectedProperty().get()).isEqualTo(GPU);
        Label answer = robot.lookup(".answer").queryAs(Label.class);
        assertThat(answer.isVisible()).isTrue();
        assertThat(answer.getText()).isNotBlank().isEqualTo(vm().adviceProperty().get().answer());
        // the answer is the first thing under the card's title
        Parent body = answer.getParent();
        assertThat(body.getChildrenUnmodifiable().indexOf(answer)).isEqualTo(1);
        assertThat(robot.lookup(".path-cell").queryAllAs(Label.class)).extracting(Label::getText)
                .contains("00:01.0 → 01:00.0", "wired narrow");
        assertThat(robot.lookup(".path-facts").queryAllAs(Label.class)).extracting(Label::getText)
                .contains("trained Gen3 x8 (8 GT/s) · capable Gen3 x8 (8 GT/s) · target Gen3");
        // the sample's GTX 1650 Mobile is soldered to the laptop's board: the first sentence says no slot change applies
        assertThat(answer.getText()).startsWith("It cannot be moved").contains("mobile GPU");
        assertThat(view.boxNode(id).getPseudoClassStates().toString()).contains("selected");
    }

    @Test
    void theToggleSwitchesToAtomicOpsColoursAndBack(FxRobot robot) throws Exception {
        waitLoaded();
        robot.clickOn("AtomicOps");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup(".legend-title").queryAs(Label.class).getText()).startsWith("AtomicOps routing");
        assertThat(pseudoClasses(robot)).containsAnyOf("routes", "blocks").doesNotContain("ok");
        robot.clickOn("Link verdicts");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup(".legend-title").queryAs(Label.class).getText()).startsWith("Link verdicts");
        // the sample's first view shows its narrow and degraded hops in the link colours again
        assertThat(pseudoClasses(robot)).contains("narrow", "degraded").doesNotContain("routes", "blocks");
    }

    private static String pseudoClasses(FxRobot robot) {
        StringBuilder sb = new StringBuilder();
        for (Node n : robot.lookup(".topo-edge").queryAll()) sb.append(n.getPseudoClassStates()).append(' ');
        return sb.toString();
    }

    @Test
    void thePngIsTwiceTheSizeAndDegradedHopsAreRed(FxRobot robot, @TempDir Path dir) throws Exception {
        waitLoaded();
        // the sample has a hop that lost a lane (00:1d.2 trained x1 of x2)
        OpenCapture l = vm().getLoaded();
        Map<String, String> keys = vm().marks().edgeColours();
        String degraded = keys.entrySet().stream().filter(e -> e.getValue().equals("degraded")).map(Map.Entry::getKey)
                .findFirst().orElseThrow(() -> new AssertionError("the sample has a degraded hop: " + keys));
        Path out = dir.resolve("view.png");
        CompletableFuture<Path>[] written = new CompletableFuture[1];
        Parent[] composed = new Parent[1];
        robot.interact(() -> {
            composed[0] = PngExporter.compose(l.picture(), keys, null, java.util.Set.of(), java.util.Set.of(),
                    java.util.Set.of(),
                    vm().modeProperty().get(), new PngExporter.Header("lanescope test", null, null),
                    Theme.LIGHT);
            written[0] = PngExporter.export(composed[0], out);
        });
        assertThat(written[0].get(60, TimeUnit.SECONDS)).isEqualTo(out.toAbsolutePath());
        try (var files = Files.list(dir)) {
            assertThat(files.toList()).containsExactly(out); // no temporary file left behind
        }
        BufferedImage img = ImageIO.read(out.toFile());
        double w = composed[0].getLayoutBounds().getWidth();
        assertThat(img.getWidth()).isBetween((int) (2 * w) - 2, (int) (2 * w) + 2);
        assertThat(img.getWidth()).isGreaterThan((int) (2 * l.picture().layout().width()));

        TopologyView view = (TopologyView) composed[0].lookup(".topology-view");
        Polyline line = view.edgeNode(degraded);
        int red = 0;
        int samples = 0;
        List<Double> pts = line.getPoints();
        for (int i = 0; i + 3 < pts.size(); i += 2) {
            for (double t = 0.15; t < 0.9; t += 0.1) {
                double x = pts.get(i) + (pts.get(i + 2) - pts.get(i)) * t;
                double y = pts.get(i + 1) + (pts.get(i + 3) - pts.get(i + 1)) * t;
                Point2D s = line.localToScene(x, y);
                int argb = img.getRGB((int) Math.round(s.getX() * 2), (int) Math.round(s.getY() * 2));
                int r = (argb >> 16) & 0xff;
                int g = (argb >> 8) & 0xff;
                int b = argb & 0xff;
                samples++;
                if (r > 170 && g < 90 && b < 90) red++;
            }
        }
        assertThat(samples).isGreaterThan(3);
        assertThat(red).as("red pixels along the degraded hop %s", degraded).isGreaterThanOrEqualTo(samples / 2);
    }

    @Test
    void searchDimsWhatDoesNotMatchAndAGroupExpandsOnDoubleClick(FxRobot robot) throws Exception {
        waitLoaded();
        robot.clickOn(".text-field").write("nvme");
        WaitForAsyncUtils.waitForFxEvents();
        TopologyView view = robot.lookup(".topology-view").queryAs(TopologyView.class);
        var p = vm().getLoaded().picture();
        String nvme = p.nodeOf(Bdf.parse("0000:6e:00.0")).id();
        String gpu = p.nodeOf(GPU).id();
        assertThat(view.boxNode(nvme).getPseudoClassStates().toString()).doesNotContain("dimmed");
        assertThat(view.boxNode(gpu).getPseudoClassStates().toString()).contains("dimmed");
        robot.interact(() -> vm().setSearch(""));

        // the folded first view shows folds ("N functions") and groups ("N×"); either opens on double-click
        var group = p.nodes().values().stream().filter(n -> n.kind() == TopologyLayouts.Kind.GROUP
                        || n.kind() == TopologyLayouts.Kind.FOLD).findFirst()
                .orElseThrow(() -> new AssertionError("the first view folds or groups something"));
        int before = p.nodes().size();
        robot.interact(() -> view.reveal(group.id()));
        robot.doubleClickOn(view.boxNode(group.id()));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> vm().getLoaded().picture().nodes().size() > before);
        WaitForAsyncUtils.waitForFxEvents();
        var after = vm().getLoaded().picture();
        assertThat(after.nodes()).doesNotContainKey(group.id());
        for (Bdf member : group.members()) assertThat(after.nodeOf(member)).isNotNull();
        assertThat(robot.lookup(".topo-node").queryAll()).hasSize(after.nodes().size());
    }

    @Test
    void choosingACandidateSlotHighlightsItsPath(FxRobot robot) throws Exception {
        waitLoaded();
        // the NVMe drive at 6e:00.0 can change places with the other M.2 socket's drive (slot 12, 00:1d.0)
        Bdf nvme = Bdf.parse("0000:6e:00.0");
        robot.interact(() -> vm().select(nvme));
        WaitForAsyncUtils.waitForFxEvents();
        var candidates = vm().adviceProperty().get().candidates();
        assertThat(candidates).extracting(c -> c.port()).contains(Bdf.parse("0000:00:1d.0"));
        assertThat(candidates).isNotEmpty();
        javafx.scene.control.ListView<?> list = robot.lookup(".candidates").queryAs(javafx.scene.control.ListView.class);
        robot.interact(() -> list.getSelectionModel().select(0));
        WaitForAsyncUtils.waitForFxEvents();
        var slot = vm().getLoaded().picture().nodeOf(candidates.get(0).port());
        TopologyView view = robot.lookup(".topology-view").queryAs(TopologyView.class);
        assertThat(view.boxNode(slot.id()).getPseudoClassStates().toString()).contains("candidate");
    }

    @Test
    void aNonRootCaptureSaysWhatIsHiddenAndHowToCaptureFully(FxRobot robot) throws Exception {
        waitLoaded();
        robot.interact(() -> vm().open(List.of(Path.of("samples/dell-precision-xeon-e5v3-quadro2000-nonroot")), null));
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> vm().getLoaded() != null
                && vm().getLoaded().label().contains("nonroot") && !vm().loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        Label banner = robot.lookup(".banner-warning").queryAs(Label.class);
        assertThat(banner.isVisible()).isTrue();
        assertThat(banner.getText()).contains("without root").contains("sudo lspci -vv");
        assertThat(robot.lookup(".banner-sample").queryAs(Label.class).isVisible()).isFalse();
        assertThat(robot.lookup(".topo-node").queryAll()).isNotEmpty();
    }
}
