package dev.lanescope.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javax.imageio.ImageIO;

import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.input.KeyCode;
import javafx.scene.paint.Color;
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
import dev.lanescope.ui.model.EdgeColours;
import dev.lanescope.ui.model.PictureFocus;
import dev.lanescope.ui.png.PngExporter;
import dev.lanescope.ui.session.OpenCapture;
import dev.lanescope.ui.session.Theme;
import dev.lanescope.ui.topology.LegendView;
import dev.lanescope.ui.topology.TopologyView;

/**
 * What the drawing shows an admin on a 1280 x 800 screen: the bundled sample's GPU in view at once, a server of
 * 300 functions entirely inside the view after Fit, a legend that covers no box, and a decision PNG that fits an
 * email and draws the selected path in its verdict colours.
 */
@ExtendWith(ApplicationExtension.class)
class PictureWindowTest {

    /** The largest bundled capture: two Ice Lake sockets, 320 functions. */
    private static final Path SERVER = Path.of("samples", "intel-xeon-icelake-sp-2s-connectx5", "vv.txt");
    /** A 2-socket GPU server (two EPYC Genoa, eight root complexes, four RTX 6000 Ada, two ConnectX-7), tree only. */
    private static final Path GPU_SERVER = Path.of("samples", "asus-esc8000a-e12-genoa-2s-4gpu");
    private LanescopeApp app;
    private Stage stage;

    @Start
    void start(Stage stage) {
        System.setProperty("lanescope.prefs", "off");
        this.stage = stage;
        app = new LanescopeApp(List.of());
        app.start(stage);
        stage.setX(0);
        stage.setY(0);
        stage.setWidth(1280);
        stage.setHeight(800);
    }

    private MainViewModel vm() {
        return app.viewModel();
    }

    private TopologyView view(FxRobot robot) {
        return robot.lookup(".topology-view").queryAs(TopologyView.class);
    }

    private void waitShowing(Path input) throws Exception {
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> !vm().loadingProperty().get() && vm().getLoaded() != null
                && (input == null || vm().getLoaded().inputs().contains(input)));
        // the first view (and a fold to the card's paths when the machine is too large) runs after the load
        WaitForAsyncUtils.sleep(300, TimeUnit.MILLISECONDS);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> view(new FxRobot()).getPicture() == vm().getLoaded().picture());
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The box's bounds in scene coordinates. */
    private static Bounds scene(Node n) {
        return n.localToScene(n.getBoundsInLocal());
    }

    private static boolean inside(Bounds outer, Bounds inner) {
        return inner.getMinX() >= outer.getMinX() - 1 && inner.getMaxX() <= outer.getMaxX() + 1
                && inner.getMinY() >= outer.getMinY() - 1 && inner.getMaxY() <= outer.getMaxY() + 1;
    }

    private List<String> boxesOutside(TopologyView view) {
        Bounds viewport = scene(view);
        List<String> out = new ArrayList<>();
        for (String id : view.getPicture().nodes().keySet()) {
            if (!inside(viewport, scene(view.boxNode(id)))) out.add(id + " at " + scene(view.boxNode(id)));
        }
        return out;
    }

    @Test
    void theBundledSampleOpensWithEveryGpuInView(FxRobot robot) throws Exception {
        waitShowing(null);
        TopologyView view = view(robot);
        Bounds viewport = scene(view);
        List<Bdf> gpus = vm().gpus();
        assertThat(gpus).isNotEmpty();
        for (Bdf gpu : gpus) {
            Node box = view.boxNode(vm().getLoaded().picture().nodeOf(gpu).id());
            assertThat(inside(viewport, scene(box))).as("GPU %s at %s inside the view %s", gpu, scene(box), viewport)
                    .isTrue();
        }
        // whatever it shows is readable, and the scroll bars say whether anything lies beyond the view
        assertThat(view.getZoom()).isGreaterThanOrEqualTo(PictureFocus.READABLE_ZOOM);
        assertThat(view.hasOffscreen()).isEqualTo(!boxesOutside(view).isEmpty());
    }

    @Test
    void aServerOpensOnTheCardsPathAndFitShowsEveryBox(FxRobot robot) throws Exception {
        waitShowing(null);
        robot.interact(() -> vm().open(List.of(SERVER), null));
        waitShowing(SERVER);
        TopologyView view = view(robot);
        assertThat(vm().getLoaded().topology().functions()).hasSizeGreaterThan(200);
        // too large to read whole on this screen: the paths that matter, the rest folded
        assertThat(vm().getLoaded().picture().folded()).isTrue();

        robot.interact(view::requestFocus);
        robot.type(KeyCode.F);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(boxesOutside(view)).isEmpty();
        assertThat(view.hasOffscreen()).isFalse();

        // the whole machine, then Fit: still every box inside the view
        wholeMachineThenFit(robot, view);
        assertThat(view.getPicture().nodes()).hasSizeGreaterThan(20);
        assertThat(boxesOutside(view)).isEmpty();
    }

    /** Unfolds the picture to the whole machine and presses F (Fit). */
    private void wholeMachineThenFit(FxRobot robot, TopologyView view) throws Exception {
        robot.interact(() -> vm().toggleFocus());
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !vm().getLoaded().picture().folded());
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(view::requestFocus);
        robot.type(KeyCode.F);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void theLegendListsTheColoursInUseAndCoversNoBox(FxRobot robot) throws Exception {
        waitShowing(null);
        assertLegendCoversNothing(robot);
        robot.interact(() -> vm().open(List.of(SERVER), null));
        waitShowing(SERVER);
        assertLegendCoversNothing(robot);
    }

    private void assertLegendCoversNothing(FxRobot robot) {
        TopologyView view = view(robot);
        LegendView legend = robot.lookup(".legend").queryAs(LegendView.class);
        Bounds legendBounds = scene(legend);
        Bounds viewport = scene(view);
        for (String id : view.getPicture().nodes().keySet()) {
            Bounds b = scene(view.boxNode(id));
            Bounds shown = clip(b, viewport);
            if (shown == null) continue; // scrolled out of the view: not drawn
            assertThat(shown.intersects(legendBounds)).as("box %s %s under the legend %s", id, shown, legendBounds)
                    .isFalse();
        }
        Set<String> used = Set.copyOf(vm().marks().edgeColours().values());
        assertThat(legend.keys()).isNotEmpty().allSatisfy(k -> assertThat(used).contains(k));
        assertThat(used).filteredOn(k -> !k.equals("plain")).allSatisfy(k -> assertThat(legend.keys()).contains(k));
    }

    private static Bounds clip(Bounds b, Bounds to) {
        double minX = Math.max(b.getMinX(), to.getMinX());
        double minY = Math.max(b.getMinY(), to.getMinY());
        double maxX = Math.min(b.getMaxX(), to.getMaxX());
        double maxY = Math.min(b.getMaxY(), to.getMaxY());
        return maxX <= minX || maxY <= minY ? null : new BoundingBox(minX, minY, maxX - minX, maxY - minY);
    }

    @Test
    void theDecisionPngOfTheLargestSampleFitsAnEmailAndDrawsThePathInItsVerdictColours(FxRobot robot,
                                                                                       @TempDir Path dir)
            throws Exception {
        waitShowing(null);
        robot.interact(() -> vm().open(List.of(SERVER), null));
        waitShowing(SERVER);
        Bdf nic = Bdf.parse("0000:4b:00.0"); // the ConnectX-5 behind root port 4a:02.0, Gen3 x16
        robot.interact(() -> vm().select(nic));
        Path out = dir.resolve("decision.png");
        Parent[] composed = new Parent[1];
        CompletableFuture<Path>[] written = new CompletableFuture[1];
        OpenCapture l = vm().getLoaded();
        robot.interact(() -> {
            composed[0] = PngExporter.composeFor(l.analysed(), nic, EdgeColours.Mode.VERDICTS, false, "lanescope test",
                    Theme.LIGHT);
            written[0] = PngExporter.export(composed[0], out, PngExporter.DECISION_WIDTH);
        });
        assertThat(written[0].get(90, TimeUnit.SECONDS)).isEqualTo(out.toAbsolutePath());
        BufferedImage img = ImageIO.read(out.toFile());
        assertThat(img.getWidth()).isLessThanOrEqualTo(PngExporter.DECISION_WIDTH);
        double scale = img.getWidth() / composed[0].getLayoutBounds().getWidth();
        assertThat(scale).isGreaterThan(1.5); // text stays readable when the image is shown at half size

        TopologyView view = (TopologyView) composed[0].lookup(".topology-view");
        TopologyLayouts.Picture picture = view.getPicture();
        assertThat(picture.folded()).isTrue();
        // a picture is passive: no scroll bars made for it (the window's view has them)
        assertThat(composed[0].lookupAll(".topology-scroll")).isEmpty();
        assertThat(view(robot).lookupAll(".topology-scroll")).hasSize(2);
        Set<String> path = EdgeColours.pathIds(picture, l.topology(), nic);
        Map<String, String> keys = EdgeColours.of(picture, l.topology(), l.insights(), EdgeColours.Mode.VERDICTS);
        int checked = 0;
        for (String id : path) {
            Polyline line = view.edgeNode(id);
            if (line == null || keys.get(id).equals("plain")) continue;
            Color stroke = (Color) line.getStroke();
            int matching = 0;
            int samples = 0;
            List<Double> pts = line.getPoints();
            for (int i = 0; i + 3 < pts.size(); i += 2) {
                for (double t = 0.2; t < 0.85; t += 0.1) {
                    double x = pts.get(i) + (pts.get(i + 2) - pts.get(i)) * t;
                    double y = pts.get(i + 1) + (pts.get(i + 3) - pts.get(i + 1)) * t;
                    Point2D s = line.localToScene(x, y);
                    int argb = img.getRGB((int) Math.round(s.getX() * scale), (int) Math.round(s.getY() * scale));
                    samples++;
                    if (close(argb, stroke)) matching++;
                }
            }
            assertThat(samples).isGreaterThan(2);
            assertThat(matching).as("pixels of %s (%s) in its colour %s", id, keys.get(id), stroke)
                    .isGreaterThanOrEqualTo(samples * 2 / 3);
            checked++;
        }
        assertThat(checked).as("verdict-coloured hops on the path of %s", nic).isGreaterThanOrEqualTo(1);
        // the hop of the selected card is judged, and the verdict's colour is in the legend of the picture
        LegendView legend = (LegendView) composed[0].lookup(".legend");
        assertThat(legend.keys()).contains(keys.get("0000:4a:02.0->0000:4b:00.0")).doesNotContain("plain");
        assertThat(PictureFocus.of(l.analysed(), nic)).contains(nic);
    }

    private static boolean close(int argb, Color c) {
        int r = (argb >> 16) & 0xff;
        int g = (argb >> 8) & 0xff;
        int b = argb & 0xff;
        return Math.abs(r - c.getRed() * 255) < 40 && Math.abs(g - c.getGreen() * 255) < 40
                && Math.abs(b - c.getBlue() * 255) < 40;
    }

    /**
     * On a 1600 x 1000 screen the 2-socket GPU server opens on the selected card's path, readable at 100 %: the
     * boxes from its root complex down to the card fit the view at zoom 1 (the rest of the machine folded), and the
     * other GPUs are on screen at a readable zoom; after Fit on 1280 x 800 every box is inside the view, folded
     * and whole.
     */
    @Test
    void aTwoSocketGpuServerShowsTheSelectedCardsPathAt100PercentAndFitShowsEveryBox(FxRobot robot)
            throws Exception {
        waitShowing(null);
        robot.interact(() -> {
            stage.setWidth(1600);
            stage.setHeight(1000);
        });
        WaitForAsyncUtils.waitForFxEvents();
        Bdf card = Bdf.parse("0000:c1:00.0"); // the third RTX 6000 Ada, on socket 1 (NUMA node 1)
        robot.interact(() -> {
            vm().selectAfterLoad(card);
            vm().open(List.of(GPU_SERVER), null);
        });
        waitShowing(GPU_SERVER);
        TopologyView view = view(robot);
        OpenCapture l = vm().getLoaded();
        assertThat(l.topology().functions()).hasSizeGreaterThan(140);
        assertThat(vm().gpus()).hasSize(4);
        assertThat(l.picture().folded()).isTrue();
        // the first view: every GPU in view, readable
        assertThat(view.getZoom()).isGreaterThanOrEqualTo(PictureFocus.READABLE_ZOOM);
        Bounds viewport = scene(view);
        for (Bdf gpu : vm().gpus()) {
            assertThat(inside(viewport, scene(view.boxNode(l.picture().nodeOf(gpu).id())))).as("GPU %s", gpu).isTrue();
        }
        // the selected card's path at 100 %: root complex c0, root port c0:01.1, the card
        List<String> path = new ArrayList<>(EdgeColours.pathIds(l.picture(), l.topology(), card));
        path.removeIf(id -> id.contains("->") || view.boxNode(id) == null);
        path.remove(l.picture().nodeOf(card).id());
        path.add(0, l.picture().nodeOf(card).id());
        assertThat(path).contains("rc:0000:c0", "0000:c0:01.1", "0000:c1:00.0");
        robot.interact(() -> view.showBoxes(path, 1.0));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(view.getZoom()).isEqualTo(1.0);
        for (String id : path) {
            assertThat(inside(scene(view), scene(view.boxNode(id)))).as("%s at 100 %%", id).isTrue();
        }

        robot.interact(() -> {
            stage.setWidth(1280);
            stage.setHeight(800);
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(view::requestFocus);
        robot.type(KeyCode.F);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(boxesOutside(view)).isEmpty();
        wholeMachineThenFit(robot, view);
        assertThat(view.getPicture().nodes()).hasSizeGreaterThan(60);
        assertThat(boxesOutside(view)).isEmpty();
    }
}
