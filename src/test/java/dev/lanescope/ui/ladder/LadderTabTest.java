package dev.lanescope.ui.ladder;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import javafx.css.PseudoClass;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.control.TitledPane;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import dev.lanescope.model.Bdf;
import dev.lanescope.ui.LanescopeApp;
import dev.lanescope.ui.main.MainViewModel;

/**
 * The P2P ladder tab as an admin uses it on the reconstructed X99 box: Ctrl+4 opens it on the selected GPU with the
 * other GPU as peer, the answer names the lowest failed rung, each rung is a coloured row, the pair's path is lit in
 * the graph, and evidence files added to the tab move the measured rungs.
 */
@ExtendWith(ApplicationExtension.class)
class LadderTabTest {

    private static final Path CAPTURE = Path.of("src/test/resources/ladder/x99-two-r9700-reconstructed");
    private static final Path EVIDENCE = Path.of("src/test/resources/ladder/x99-two-r9700-evidence");
    private static final Bdf A = Bdf.parse("0000:03:00.0");
    private static final Bdf B = Bdf.parse("0000:04:00.0");

    private LanescopeApp app;

    @Start
    void start(Stage stage) {
        System.setProperty("lanescope.prefs", "off");
        app = new LanescopeApp(List.of(CAPTURE.toString()), null, null, null);
        app.start(stage);
    }

    private static void waitFor(Callable<Boolean> c) throws Exception {
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, c);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static boolean has(TitledPane p, String pseudo) {
        return p.getPseudoClassStates().contains(PseudoClass.getPseudoClass(pseudo));
    }

    @Test
    void ctrl4ShowsThePairsLadderAndEvidenceMovesTheMeasuredRungs(FxRobot robot) throws Exception {
        MainViewModel main = app.viewModel();
        waitFor(() -> main.getLoaded() != null && !main.loadingProperty().get());
        robot.interact(() -> main.select(A));
        robot.push(KeyCode.CONTROL, KeyCode.DIGIT4);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup(".side-tabs").queryAs(TabPane.class).getSelectionModel().getSelectedItem().getText())
                .isEqualTo("P2P ladder");
        LadderViewModel vm = app.mainController().ladderPanel().viewModel();
        waitFor(() -> vm.ladderProperty().get() != null);
        @SuppressWarnings("unchecked")
        ComboBox<Bdf> peer = robot.lookup("#ladderPeer").queryAs(ComboBox.class);
        assertThat(peer.getValue()).isEqualTo(B);
        // BARs at 56 TiB beyond the assumed 44-bit mask: rung 3 is the lowest failure, said first
        assertThat(robot.lookup("#ladderHeadline").queryAs(Label.class).getText())
                .startsWith("Direct P2P between 03:00.0 and 04:00.0 fails at rung 3 (DMA addressability)");
        TitledPane r1 = robot.lookup("#rung-1").queryAs(TitledPane.class);
        TitledPane r3 = robot.lookup("#rung-3").queryAs(TitledPane.class);
        TitledPane r6 = robot.lookup("#rung-6").queryAs(TitledPane.class);
        assertThat(has(r1, "pass")).isTrue();
        assertThat(r1.isExpanded()).isFalse();
        assertThat(has(r3, "fail")).isTrue();
        assertThat(r3.isExpanded()).as("the lowest failed rung opens to its evidence").isTrue();
        assertThat(r3.getText()).isEqualTo("3  DMA addressability: failed");
        assertThat(has(r6, "not-proven")).isTrue();
        // the pair's path is lit: both cards' boxes, not only the selected one's
        var picture = main.getLoaded().picture();
        assertThat(main.marks().highlighted()).contains(picture.nodeOf(A).id(), picture.nodeOf(B).id());

        // the write-up's measured figures as evidence files: copies, sendrecv table, RCCL log
        robot.interact(() -> vm.addEvidence(List.of(EVIDENCE.resolve("p2p_bw-x99.jsonl"),
                EVIDENCE.resolve("sendrecv_perf-patched.txt"), EVIDENCE.resolve("rccl-patched.log"))));
        // wait on the tab's state and on its rendered row: while the evidence is read the rungs are rebuilt, and a
        // moment without a rung-6 row is "not yet", not a failure
        waitFor(() -> vm.ladderProperty().get() != null && vm.ladderProperty().get().rung(6).passed()
                && robot.lookup("#rung-6").tryQueryAs(TitledPane.class).map(p -> has(p, "pass")).orElse(false));
        assertThat(has(robot.lookup("#rung-7").queryAs(TitledPane.class), "pass")).isTrue();
        assertThat(robot.lookup("#rung-6").queryAs(TitledPane.class).getText()).isEqualTo("6  Copy engines: passed");
        // the lower rungs do not move: measured speed never proves the BAR placement
        assertThat(has(robot.lookup("#rung-3").queryAs(TitledPane.class), "fail")).isTrue();
    }
}
