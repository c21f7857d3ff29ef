package dev.lanescope.ui.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import dev.lanescope.fleet.Bundles;
import dev.lanescope.fleet.FleetScan;
import dev.lanescope.parse.Samples;
import dev.lanescope.ui.LanescopeApp;

/**
 * The fleet table over a folder of collect.sh-shaped bundles built from real captures: worst host first, a
 * filter, and a double-click (or Enter) that opens the host in the main window.
 */
@ExtendWith(ApplicationExtension.class)
class FleetTableTest {

    @TempDir
    static Path tmp;
    static Path fleet;
    private LanescopeApp app;

    @BeforeAll
    static void bundles() throws Exception {
        fleet = Files.createDirectories(tmp.resolve("fleet"));
        Bundles.collectLike(fleet.resolve("node1.tar.gz"), "node1", "aaaa-1111", "2026-10-19T06:00:00Z",
                text("acer-alderlake-hx-rtx4070-vmd-domain10000/vv.txt"));
        Files.createDirectories(fleet.resolve("rack2"));
        Bundles.collectLike(fleet.resolve("rack2/node2.tar.gz"), "node2", "bbbb-2222", "2026-10-19T07:00:00Z",
                text("hp-laptop-coffeelake-gtx1650-titanridge/vv.txt"));
        Bundles.collectLike(fleet.resolve("rack2/node3.tar.gz"), "node3", "cccc-3333", "2026-10-19T08:00:00Z",
                text("hp-laptop-coffeelake-gtx1650-titanridge/vv_reverted_kernel.txt"));
    }

    private static String text(String rel) {
        return String.join("\n", Samples.lines(rel)) + "\n";
    }

    @Start
    void start(Stage stage) {
        System.setProperty("lanescope.prefs", "off");
        app = new LanescopeApp(List.of("--scan", fleet.toString()));
        app.start(stage);
    }

    @SuppressWarnings("unchecked")
    private TableView<FleetScan.HostRow> table(FxRobot robot) {
        return robot.lookup(".fleet-hosts").queryAs(TableView.class);
    }

    private void waitScanned(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> !robot.lookup(".fleet-hosts").queryAll().isEmpty()
                && table(robot).getItems().size() == 3);
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> app.viewModel().getLoaded() != null
                && !app.viewModel().loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
    }

    private Node cellOf(FxRobot robot, String text) {
        return robot.lookup(".fleet-hosts .table-cell").match(n -> n instanceof javafx.scene.control.TableCell<?, ?> c
                && text.equals(c.getText())).query();
    }

    @Test
    void worstHostFirstWithWhereAndBoot(FxRobot robot) throws Exception {
        waitScanned(robot);
        TableView<FleetScan.HostRow> t = table(robot);
        FleetScan.HostRow first = t.getItems().get(0);
        assertThat(first.host()).isEqualTo("node2");
        assertThat(first.worst().key()).isEqualTo("WIDTH_DEGRADED");
        assertThat(first.where()).contains("00:1d.2");
        assertThat(first.bootId()).isEqualTo("bbbb-2222");
        assertThat(first.capturedAt()).isEqualTo("2026-10-19T07:00:00Z");
        assertThat(first.source()).isEqualTo("rack2/node2.tar.gz");
        // shown in words, coloured as a fault
        Node worst = cellOf(robot, "width degraded");
        assertThat(worst.getPseudoClassStates().toString()).contains("degraded");
        assertThat(robot.lookup(".fleet-summary").queryAs(Label.class).getText())
                .isEqualTo("3 captures, 3 hosts, 0 unusable");
        assertThat(t.getItems()).extracting(FleetScan.HostRow::host).containsExactlyInAnyOrder("node1", "node2", "node3");
    }

    @Test
    void theFleetWindowFitsOnTheScreen(FxRobot robot) throws Exception {
        // the table is wide by preference (1540 px); on a smaller screen (here the 1280x800 headless one)
        // the window shrinks to the usable area instead of opening with columns out of reach
        waitScanned(robot);
        var usable = Screen.getPrimary().getVisualBounds();
        Window w = robot.lookup(".fleet-hosts").query().getScene().getWindow();
        assertThat(w.getWidth()).isLessThanOrEqualTo(usable.getWidth());
        assertThat(w.getHeight()).isLessThanOrEqualTo(usable.getHeight());
    }

    @Test
    void theFilterNarrowsTheTable(FxRobot robot) throws Exception {
        waitScanned(robot);
        robot.clickOn(".fleet .text-field").write("degraded");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(table(robot).getItems()).extracting(FleetScan.HostRow::host).containsExactly("node2");
        robot.interact(() -> robot.lookup(".fleet .text-field").queryAs(javafx.scene.control.TextField.class).clear());
        assertThat(table(robot).getItems()).hasSize(3);
    }

    @Test
    void doubleClickOpensTheHostInTheMainWindow(FxRobot robot) throws Exception {
        waitScanned(robot);
        robot.doubleClickOn(cellOf(robot, "node3"), MouseButton.PRIMARY);
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> app.viewModel().getLoaded() != null
                && app.viewModel().getLoaded().inputs().equals(List.of(fleet.resolve("rack2/node3.tar.gz")))
                && !app.viewModel().loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        Label info = robot.lookup(".main .capture-info").queryAs(Label.class);
        assertThat(info.getText()).contains("host node3");
        assertThat(robot.lookup(".main .banner-sample").queryAs(Label.class).isVisible()).isFalse();
    }

    @Test
    void enterOpensTheSelectedHost(FxRobot robot) throws Exception {
        waitScanned(robot);
        robot.clickOn(cellOf(robot, "node1"));
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> app.viewModel().getLoaded() != null
                && app.viewModel().getLoaded().inputs().equals(List.of(fleet.resolve("node1.tar.gz")))
                && !app.viewModel().loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup(".main .capture-info").queryAs(Label.class).getText()).contains("host node1");
    }

    @Test
    void exportWritesTheRowsAsShown(FxRobot robot) throws Exception {
        waitScanned(robot);
        Path csv = tmp.resolve("fleet.csv");
        Path json = tmp.resolve("fleet.json");
        TableView<FleetScan.HostRow> t = table(robot);
        var rows = List.copyOf(t.getItems());
        robot.interact(() -> {
            FleetViewModel fvm = new FleetViewModel(p -> { }, 1);
            fvm.folderProperty().set(fleet);
            fvm.exportCsv(csv, rows);
            fvm.exportJson(json, rows);
        });
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> Files.exists(csv) && Files.exists(json));
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines.get(0)).startsWith("host,worst_verdict,where,");
        assertThat(lines.get(1)).startsWith("node2,WIDTH_DEGRADED,");
        assertThat(Files.readString(json)).contains("\"host\" : \"node2\"").contains("\"bootId\" : \"bbbb-2222\"");
    }
}
