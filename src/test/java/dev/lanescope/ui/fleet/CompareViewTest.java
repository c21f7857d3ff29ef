package dev.lanescope.ui.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;

import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import dev.lanescope.parse.Samples;
import dev.lanescope.ui.LanescopeApp;
import dev.lanescope.ui.topology.TopologyView;

/**
 * The compare window as a user meets it: the HP laptop's capture against the same laptop on the reverted kernel
 * (where its NVMe drive got its second lane back). {@code --compare A B} opens A and compares it with B.
 */
@ExtendWith(ApplicationExtension.class)
class CompareViewTest {

    private static final String DIR = "hp-laptop-coffeelake-gtx1650-titanridge/";
    private static final String NVME_HOP = "0000:00:1d.2->0000:6e:00.0";

    @Start
    void start(Stage stage) {
        System.setProperty("lanescope.prefs", "off");
        new LanescopeApp(List.of("--compare", Samples.path(DIR + "vv.txt").toString(),
                Samples.path(DIR + "vv_reverted_kernel.txt").toString())).start(stage);
    }

    @SuppressWarnings("unchecked")
    private TableView<CompareViewModel.Row> changes(FxRobot robot) {
        return robot.lookup(".compare-changes").queryAs(TableView.class);
    }

    private void waitCompared(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> !robot.lookup(".compare-changes").queryAll().isEmpty()
                && !changes(robot).getItems().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void theSummarySentenceComesFirstAndTheChangedHopIsRinged(FxRobot robot) throws Exception {
        waitCompared(robot);
        Label headline = robot.lookup(".compare-summary").queryAs(Label.class);
        assertThat(headline.getText()).isEqualTo(
                "0000:00:1d.2 trained 8 GT/s x1 on A, 8 GT/s x2 on B (ok on B, width degraded on A).");
        // first thing in the window: the first child of the header at the top
        VBox header = (VBox) headline.getParent();
        assertThat(header.getChildren().indexOf(headline)).isZero();
        BorderPane root = (BorderPane) header.getParent();
        assertThat(root.getTop()).isSameAs(header);
        assertThat(root.getStyleClass()).contains("compare");

        TableView<CompareViewModel.Row> table = changes(robot);
        assertThat(table.getItems()).hasSize(1);
        CompareViewModel.Row row = table.getItems().get(0);
        assertThat(row.hop()).isEqualTo("0000:00:1d.2 → 0000:6e:00.0");
        assertThat(row.change()).isEqualTo("width, verdict");
        assertThat(row.trainedA()).isEqualTo("8 GT/s x1");
        assertThat(row.trainedB()).isEqualTo("8 GT/s x2");
        assertThat(row.verdictA()).isEqualTo("width degraded");
        assertThat(row.verdictB()).isEqualTo("ok");
        assertThat(table.getColumns().get(2).getText()).isEqualTo("Trained on A");

        TopologyView view = robot.lookup(".compare .topology-view").queryAs(TopologyView.class);
        assertThat(view.edgeNode(NVME_HOP).getPseudoClassStates()).contains(CompareController.CHANGED);
        assertThat(view.boxNode("0000:00:1d.2").getPseudoClassStates()).contains(CompareController.CHANGED);
        assertThat(view.boxNode("0000:6e:00.0").getPseudoClassStates()).contains(CompareController.CHANGED);
        // the GPU's hop did not change: no ring
        assertThat(view.edgeNode("0000:00:01.0->0000:01:00.0").getPseudoClassStates())
                .doesNotContain(CompareController.CHANGED);
        long ringed = robot.lookup(".compare .topo-edge").queryAll().stream()
                .filter(n -> n.getPseudoClassStates().contains(CompareController.CHANGED)).count();
        assertThat(ringed).isEqualTo(1);
    }

    @Test
    void clickingTheRowSelectsTheHopInTheGraph(FxRobot robot) throws Exception {
        waitCompared(robot);
        Node cell = robot.lookup(".compare-changes .table-row-cell").nth(0).query();
        robot.clickOn(cell);
        WaitForAsyncUtils.waitForFxEvents();
        TopologyView view = robot.lookup(".compare .topology-view").queryAs(TopologyView.class);
        assertThat(view.boxNode("0000:00:1d.2").getPseudoClassStates().toString()).contains("selected");
        assertThat(view.edgeNode(NVME_HOP).getPseudoClassStates().toString()).contains("on-path");
    }
}
