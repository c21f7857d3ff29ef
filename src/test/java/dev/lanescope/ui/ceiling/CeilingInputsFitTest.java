package dev.lanescope.ui.ceiling;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;

/**
 * The window as it opens on the tests' 1280x800 screen: every input that changes the answer is in sight under the
 * verdict, without scrolling, whichever source the host-to-device rate comes from.
 */
@ExtendWith(ApplicationExtension.class)
class CeilingInputsFitTest {

    private CeilingWindow window;

    @Start
    void start(Stage stage) {
        window = CeilingWindow.open(stage, null);
        // the tests' headless screen is 1600x1000 (for the explorer); this window must fit a 1280x800 laptop screen
        Stage own = window.stage();
        own.setWidth(Math.min(own.getWidth(), 1280));
        own.setHeight(Math.min(own.getHeight(), 800));
    }

    @Test
    void everyInputIsInSightWithoutScrollingOnA1280By800Screen(FxRobot robot) throws Exception {
        assertThat(robot.lookup(".inputs-scroll").queryAs(ScrollPane.class).getScene().getWindow().getHeight())
                .isLessThanOrEqualTo(800);
        CeilingViewModel vm = window.viewModel();

        // no capture: the link estimate has no card, the verdict waits
        assertInputsInSight(robot, "waiting for a card");
        robot.interact(() -> vm.rateSourceProperty().set(CeilingViewModel.RateSource.TYPED));
        assertInputsInSight(robot, "typed rate");

        robot.interact(() -> vm.cardLinkProperty().set(new CeilingViewModel.CardLink(
                "0000:01:00.0 GeForce GTX 1650 Mobile / Max-Q", LinkState.of(LinkSpeed.GEN3, 8))));
        robot.interact(() -> vm.rateSourceProperty().set(CeilingViewModel.RateSource.LINK_ESTIMATE));
        assertInputsInSight(robot, "link estimate");

        robot.interact(() -> window.controller().loadReceipt(Path.of("src/test/resources/ceiling/receipt-gen4x4.json")));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> vm.receiptProperty().get() != null);
        // a typed overhead beside an open receipt: the longest the column gets
        robot.interact(() -> vm.overheadProperty().set("5"));
        assertInputsInSight(robot, "receipt, typed overhead");
    }

    /** Every visible control of the inputs column lies inside the column's viewport, and the viewport in the scene. */
    private void assertInputsInSight(FxRobot robot, String state) {
        WaitForAsyncUtils.waitForFxEvents();
        ScrollPane scroll = robot.lookup(".inputs-scroll").queryAs(ScrollPane.class);
        Node viewport = scroll.lookup(".viewport");
        Bounds seen = viewport.localToScene(viewport.getLayoutBounds());
        double sceneHeight = scroll.getScene().getHeight();
        assertThat(seen.getMaxY()).as("the inputs column ends inside the window").isLessThanOrEqualTo(sceneHeight);
        List<Control> controls = controls(robot.lookup("#inputs").queryAs(Parent.class));
        assertThat(controls).as(state).hasSizeGreaterThan(8);
        assertThat(scroll.getVvalue()).as(state + ": not scrolled").isEqualTo(scroll.getVmin());
        for (Control c : controls) {
            Bounds b = c.localToScene(c.getLayoutBounds());
            assertThat(b.getMaxY()).as(state + ": bottom of #" + c.getId()).isLessThanOrEqualTo(seen.getMaxY());
            assertThat(b.getMinY()).as(state + ": top of #" + c.getId()).isGreaterThanOrEqualTo(seen.getMinY());
        }
        assertThat(controls.get(controls.size() - 1).getId()).as(state + ": the last input").isEqualTo("ramBytes");
        // and the verdict still comes first, above them all
        Node headline = scroll.getScene().lookup("#headline");
        assertThat(headline.localToScene(headline.getLayoutBounds()).getMaxY()).isLessThan(seen.getMinY());
    }

    /** The visible, input-taking controls under {@code p} in scene order (labels are not inputs). */
    private static List<Control> controls(Parent p) {
        List<Control> out = new java.util.ArrayList<>();
        for (Node n : p.getChildrenUnmodifiable()) {
            if (!n.isVisible()) continue;
            if (n instanceof Control c && !(c instanceof Label)) out.add(c);
            else if (n instanceof Parent q && !(n instanceof Control)) out.addAll(controls(q));
        }
        return out;
    }
}
