package dev.lanescope.ui.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Label;
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

import dev.lanescope.ui.LanescopeApp;
import dev.lanescope.ui.main.MainViewModel;

/**
 * File ▸ Watch this machine and File ▸ History… as an admin reads them: the H200 bundle's own watch, a watch of this
 * boot recolouring the picture's idle downshift to OK, a machine without link files, and six boots of one host.
 */
@ExtendWith(ApplicationExtension.class)
class HealthWindowsTest {

    @TempDir
    static Path tmp;
    private LanescopeApp app;

    @BeforeAll
    static void boots() throws Exception {
        HealthFixtures.boots(tmp.resolve("xe3"), 6, Set.of(2, 3));
        Files.writeString(Files.createDirectories(tmp.resolve("xe3/junk")).resolve("notes.txt"), "milk\n");
    }

    @Start
    void start(Stage stage) {
        System.setProperty("lanescope.prefs", "off");
        app = new LanescopeApp(List.of(tmp.resolve("xe3/boot-3").toString()));
        app.start(stage);
    }

    private MainViewModel loaded() throws Exception {
        MainViewModel vm = app.viewModel();
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> !vm.loadingProperty().get() && vm.getLoaded() != null);
        WaitForAsyncUtils.waitForFxEvents();
        return vm;
    }

    private static Stage window(String title) {
        return (Stage) Window.getWindows().stream().filter(w -> w instanceof Stage s && title.equals(s.getTitle()))
                .findFirst().orElseThrow();
    }

    private static List<String> texts(FxRobot robot, Stage s, String styleClass) {
        return robot.from(s.getScene().getRoot()).lookup("." + styleClass).queryAllAs(Label.class).stream()
                .map(Label::getText).toList();
    }

    @Test
    void theMenuShowsTheWatchKeptInTheH200Bundle(FxRobot robot) throws Exception {
        MainViewModel vm = loaded();
        robot.interact(() -> vm.open(List.of(HealthFixtures.H200_LOAD), null));
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> !vm.loadingProperty().get()
                && vm.getLoaded().inputs().equals(List.of(HealthFixtures.H200_LOAD)));
        robot.clickOn("File");
        robot.clickOn("Watch this machine…");
        Stage w = window("lanescope — Watch this machine");
        Label heading = robot.from(w.getScene().getRoot()).lookup("#watchHeading").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> heading.getText().startsWith("Watch of"));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(heading.getText()).contains("55 sample(s)").contains("boot 46cf1af9-0cac-4c17-b28c-68c21260a9f4");
        assertThat(texts(robot, w, "watch-title")).containsExactly("0000:00:06.0");
        assertThat(texts(robot, w, "watch-range")).containsExactly("32 GT/s x16 throughout");
        assertThat(texts(robot, w, "watch-sentence")).singleElement().asString()
                .contains("It worked (utilisation up to 100 %) at its maximum link");
        assertThat(robot.from(w.getScene().getRoot()).lookup(".timeline-strip").queryAll()).hasSize(1);
        assertThat(robot.from(w.getScene().getRoot()).lookup("#watchStatus").queryAs(Label.class).getText())
                .startsWith("Showing the watch kept in the open capture (load)");
        robot.interact(w::close);
    }

    @Test
    void aWatchOfThisBootRecoloursTheIdleDownshiftInThePicture(FxRobot robot) throws Exception {
        MainViewModel vm = loaded();
        // the capture open is this boot's (boot-3): the root port sat at 2.5 GT/s, idle, judged an idle downshift
        assertThat(vm.marks().edgeColours()).containsValue("idle");
        dev.lanescope.ui.session.OpenCapture l = vm.getLoaded();
        WatchOnCapture on = new WatchOnCapture(l.label(), l.topology(), l.analysed().report(), l.analysed().evidence(),
                "boot-3");
        WatchWindow[] w = new WatchWindow[1];
        robot.interact(() -> {
            w[0] = WatchWindow.open(null, app.root().getStylesheets(), on, List.of(), () -> new LiveWatch(HealthFixtures.optiplexSysfs(
                    "boot-3", n -> n < 3 ? "2.5 GT/s PCIe" : "8.0 GT/s PCIe"), HealthFixtures.NO_COMMANDS, "xe3"),
                    vm.session()::applyAnalysis);
            w[0].start(0.5, 0.1, "half a second");
        });
        Stage s = w[0].stage();
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !robot.from(s.getScene().getRoot()).lookup("#watchStart")
                .queryButton().isDisabled());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.from(s.getScene().getRoot()).lookup("#watchStatus").queryAs(Label.class).getText())
                .startsWith("Done: Watch of xe3, boot boot-3");
        assertThat(texts(robot, s, "watch-sentence")).anySatisfy(t -> assertThat(t)
                .startsWith("0000:00:01.0 -> 0000:01:00.0").contains("lowest 2.5 GT/s x16")
                .contains("highest 8 GT/s x16").contains("it climbed: the low reading was idle power management"));
        Node swatch = robot.from(s.getScene().getRoot()).lookup(".watch-swatch").query();
        assertThat(swatch.getPseudoClassStates()).contains(PseudoClass.getPseudoClass("ok"));
        // the picture: the hop is drawn as OK now, with no idle downshift left
        assertThat(vm.marks().edgeColours()).doesNotContainValue("idle").containsValue("ok");
        robot.interact(s::close);
    }

    @Test
    void aMachineWithoutLinkFilesSaysSoInsteadOfAnEmptyChart(FxRobot robot) throws Exception {
        loaded();
        WatchWindow[] w = new WatchWindow[1];
        robot.interact(() -> {
            w[0] = WatchWindow.open(null, app.root().getStylesheets(), WatchOnCapture.NONE, List.of(),
                    () -> new LiveWatch(HealthFixtures.noLinkFiles(), HealthFixtures.NO_COMMANDS, "vm"), null);
            w[0].start(0.2, 0.1, "a moment");
        });
        Stage s = w[0].stage();
        Label note = robot.from(s.getScene().getRoot()).lookup("#watchNote").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> WatchTimeline.NO_LINK_FILES.equals(note.getText()));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(note.isVisible()).isTrue();
        assertThat(robot.from(s.getScene().getRoot()).lookup(".timeline-strip").queryAll()).isEmpty();
        robot.interact(s::close);
    }

    @Test
    void historyReadsTheOpenCapturesFolderWithACellPerBoot(FxRobot robot) throws Exception {
        loaded();
        robot.clickOn("File");
        robot.clickOn("History…");
        Stage s = window("lanescope — History across boots");
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> texts(robot, s, "history-host").size() == 1);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.from(s.getScene().getRoot()).lookup("#historyFolder").queryAs(Label.class).getText())
                .isEqualTo(tmp.resolve("xe3").toAbsolutePath().toString());
        assertThat(texts(robot, s, "history-host")).containsExactly("xe3: 6 boot(s) from 7 capture(s),"
                + " 2026-11-01T08:00:00Z to 2026-11-06T08:00:00Z");
        assertThat(texts(robot, s, "history-note")).singleElement().asString().startsWith("skipped junk");
        assertThat(texts(robot, s, "watch-sentence").get(0))
                .startsWith("0000:00:01.0 trained low on 2 of 6 boot(s) (2.5 GT/s; 8 GT/s on the others)");
        List<Label> cells = robot.from(s.getScene().getRoot()).lookup(".history-hop").nth(0).lookup(".boot-cell")
                .queryAllAs(Label.class).stream().toList();
        assertThat(cells).hasSize(6);
        PseudoClass low = PseudoClass.getPseudoClass("low");
        assertThat(cells).extracting(c -> c.getPseudoClassStates().contains(low))
                .containsExactly(false, true, true, false, false, false);
        assertThat(cells.get(1).getTooltip().getText()).contains("Boot boot-2").contains("2026-11-02T08:00:00Z")
                .contains("Trained low: 2.5 GT/s x16 of 8 GT/s x16");
        robot.interact(s::close);
    }
}
