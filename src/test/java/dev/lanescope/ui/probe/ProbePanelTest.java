package dev.lanescope.ui.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import javafx.scene.Scene;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import dev.lanescope.model.Bdf;
import dev.lanescope.probe.Commands;
import dev.lanescope.probe.GpuUsers;
import dev.lanescope.probe.HostFacts;
import dev.lanescope.probe.Toolchain;
import dev.lanescope.ui.probe.ProbeViewModel.State;

/** The probe panel as a user meets it, without a GPU: a saved receipt, the fake probe crashing, no toolchain. */
@ExtendWith(ApplicationExtension.class)
class ProbePanelTest {

    @TempDir
    static Path tmp;

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    private ProbeViewModel show(FxRobot robot, ProbeBackend backend) {
        AtomicReference<ProbeViewModel> ref = new AtomicReference<>();
        robot.interact(() -> {
            ProbeViewModel vm = new ProbeViewModel(null, backend);
            stage.setScene(new Scene(ProbeWindow.load(vm, null), 1180, 780));
            stage.show();
            ref.set(vm);
        });
        return ref.get();
    }

    private static void waitFor(java.util.concurrent.Callable<Boolean> c) throws Exception {
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, c);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static List<String> sizeRows(FxRobot robot) {
        GridPane g = robot.lookup("#sizeGrid").queryAs(GridPane.class);
        List<Label> labels = g.getChildren().stream().filter(n -> n instanceof Label).map(n -> (Label) n).toList();
        java.util.ArrayList<String> rows = new java.util.ArrayList<>();
        for (int i = 0; i + 1 < labels.size(); i += 2) rows.add(labels.get(i).getText() + " " + labels.get(i + 1).getText());
        return rows;
    }

    @Test
    void theH200ReceiptOpensWithItsReadingChartAndRatio(FxRobot robot) throws Exception {
        ProbeViewModel vm = show(robot, new FakeBackend("ok", null, tmp));
        robot.interact(() -> vm.openReceipt(Path.of("docs/bench/receipt-h200.json")));
        waitFor(() -> vm.receiptProperty().get() != null);

        String reading = robot.lookup("#readingText").queryAs(Label.class).getText();
        assertThat(reading).startsWith("NVIDIA H200 0000:00:06.0 on vm")
                .contains("Link recorded: Gen5 x16").contains("Pinning is a lever")
                .contains("Achieved bandwidth is itself proof of the trained link");
        assertThat(robot.lookup(".probe-receipt-info").queryAs(Label.class).getText())
                .startsWith("receipt-h200.json: NVIDIA H200 0000:00:06.0 on vm").contains("a claim");

        @SuppressWarnings("unchecked")
        LineChart<Number, Number> chart = robot.lookup(".probe-chart").queryAs(LineChart.class);
        assertThat(chart.getAnimated()).isFalse();
        // four measured series and the two usable lines (Gen5 x16 trained = capable: 63.0 GB/s)
        assertThat(chart.getData()).hasSize(6);
        assertThat(chart.getData()).extracting(XYChart.Series::getName).startsWith("Pinned H2D (async)",
                "Pageable H2D (sync)", "Pinned D2H", "Pageable D2H");
        assertThat(chart.getData().get(4).getName()).isEqualTo("Usable, trained Gen5 x16 (63.0 GB/s)");
        assertThat(chart.getData().get(5).getName()).isEqualTo("Usable, capable Gen5 x16 (63.0 GB/s, same line)");
        assertThat(chart.getData().get(0).getData()).hasSize(8); // 460,800 B .. 2 GiB
        double peak = chart.getData().get(0).getData().stream().mapToDouble(d -> d.getYValue().doubleValue()).max()
                .orElseThrow();
        assertThat(peak).isBetween(55.0, 57.0);

        assertThat(robot.lookup(".probe-ratio").queryAs(Label.class).getText())
                .startsWith("Achieved / usable: 0.8").contains("trained Gen5 x16").contains("of 63.0 GB/s");
        assertThat(sizeRows(robot)).contains("460,800 B 8 / 8", "2 GiB 8 / 8").hasSize(8);
        assertThat(vm.overallProperty().get()).isEqualTo(1.0);
    }

    @Test
    void comparingTheReceiptWithItselfPutsTheSummaryFirst(FxRobot robot) throws Exception {
        ProbeViewModel vm = show(robot, new FakeBackend("ok", null, tmp));
        Path h = Path.of("docs/bench/receipt-h200.json");
        robot.interact(() -> vm.compare(h, h));
        waitFor(() -> !vm.compareSummaryProperty().get().isEmpty());
        Label summary = robot.lookup(".probe-compare-summary").queryAs(Label.class);
        assertThat(summary.isVisible()).isTrue();
        assertThat(summary.getText()).startsWith("Same link state (Gen5 x16 in both)");
        assertThat(vm.compareDetailsProperty().get()).contains("pinned h2d_async").contains("+0.0 %");
    }

    @Test
    void aProbeThatCrashesMidSweepKeepsItsProgressPartialResultsAndStderr(FxRobot robot) throws Exception {
        GpuUsers.Listing nobody = new GpuUsers.Listing(List.of(), "test", null);
        ProbeViewModel vm = show(robot, new FakeBackend("crash", nobody, tmp));
        robot.clickOn("#runButton");
        waitFor(() -> vm.stateProperty().get() == State.FAILED || vm.stateProperty().get() == State.FINISHED);

        assertThat(vm.stateProperty().get()).isEqualTo(State.FAILED);
        String status = robot.lookup(".probe-status").queryAs(Label.class).getText();
        assertThat(status).startsWith("Probe failed (exit 4)").contains("cudaErrorLaunchFailure")
                .contains("partial results kept, 9 of 64 results").contains("receipt saved to");
        // per-size progress: the first size complete, the second stopped after one of eight
        assertThat(sizeRows(robot)).startsWith("460,800 B 8 / 8", "2,459,136 B 1 / 8").hasSize(8);
        assertThat(vm.overallProperty().get()).isEqualTo(9 / 64.0);
        // the partial results are drawn and read
        @SuppressWarnings("unchecked")
        LineChart<Number, Number> chart = robot.lookup(".probe-chart").queryAs(LineChart.class);
        // one point per measured series at 460,800 B (the 2,459,136 B result was pinned h2d_sync, not charted)
        assertThat(chart.getData().subList(0, 4)).allSatisfy(sr -> assertThat(sr.getData()).hasSize(1));
        assertThat(robot.lookup("#readingText").queryAs(Label.class).getText()).contains("Not a claim")
                .contains("the probe did not finish cleanly (exit 4)");
        assertThat(robot.lookup("#probeOutput").queryAs(Label.class).getText())
                .contains("stderr: pcie_bw.cu:212: cudaMemcpyAsync").contains("unspecified launch failure");
        // the receipt was written with the partial results
        try (var files = Files.list(tmp.resolve("receipts"))) {
            Path saved = files.filter(p -> p.toString().endsWith(".json")).findFirst().orElseThrow();
            assertThat(dev.lanescope.probe.ReceiptReader.read(saved).results()).hasSize(9);
        }
        assertThat(robot.lookup("#runButton").queryAs(Button.class).isDisabled()).isFalse();
    }

    @Test
    void withoutAToolchainRunFailsCleanlyAndTheWindowStaysUsable(FxRobot robot) throws Exception {
        Commands.Runner none = FakeBackend.NOTHING;
        ProbeViewModel vm = show(robot, new SystemProbeBackend(() -> Toolchain.find(Map.of(), false), none,
                new HostFacts(tmp, none)));
        robot.clickOn("#runButton");
        waitFor(() -> vm.stateProperty().get() == State.FAILED);
        Label status = robot.lookup(".probe-status").queryAs(Label.class);
        assertThat(status.getText()).startsWith("No toolchain: no GPU compiler found, so the probe cannot be built")
                .contains("nvcc: not found");
        assertThat(status.getPseudoClassStates()).isEmpty(); // colour comes from the panel's :failed state
        assertThat(robot.lookup(".probe-panel").query().getPseudoClassStates().toString()).contains("failed");
        assertThat(robot.lookup("#runButton").queryAs(Button.class).isDisabled()).isFalse();
        assertThat(robot.lookup("#cancelButton").queryAs(Button.class).isDisabled()).isTrue();
        // still responsive: a receipt opens right after
        robot.interact(() -> vm.openReceipt(Path.of("docs/bench/receipt-h200.json")));
        waitFor(() -> vm.receiptProperty().get() != null);
        assertThat(robot.lookup("#readingText").queryAs(Label.class).getText()).contains("NVIDIA H200");
    }

    @Test
    void aBusyGpuIsListedAndNotProbedUnlessConfirmed(FxRobot robot) throws Exception {
        GpuUsers.Listing busy = new GpuUsers.Listing(List.of(new GpuUsers.User(4242, "python3", "70000 MiB")),
                "nvidia-smi --query-compute-apps", null);
        FakeBackend backend = new FakeBackend("ok", busy, tmp.resolve("busy"));
        ProbeViewModel vm = show(robot, backend);
        AtomicReference<String> asked = new AtomicReference<>();
        vm.setConfirm(text -> {
            asked.set(text);
            return false;
        });
        robot.clickOn("#runButton");
        waitFor(() -> vm.stateProperty().get() == State.IDLE && asked.get() != null);
        // plain words for the user: the question and the answer never name our own documents
        assertThat(asked.get()).contains("is in use by 1 process").contains("pid 4242 python3 (70000 MiB)")
                .doesNotContainIgnoringCase("seed");
        assertThat(vm.statusProperty().get()).startsWith("Not run: 1 process uses").contains("stop them first")
                .doesNotContainIgnoringCase("seed").doesNotContain("DOMAIN");
        assertThat(vm.receiptProperty().get()).isNull();
        assertThat(Files.exists(tmp.resolve("busy").resolve("receipts"))).isFalse();
    }

    @Test
    void anAnswerPresetAfterLoadWinsOverTheDialogAndRunsTheProbe(FxRobot robot) throws Exception {
        GpuUsers.Listing busy = new GpuUsers.Listing(List.of(new GpuUsers.User(4243, "python3", "512 MiB")),
                "nvidia-smi --query-compute-apps", null);
        ProbeViewModel vm = show(robot, new FakeBackend("ok", busy, tmp.resolve("busy-accepted")));
        // the window installed its dialog at load; a headless driver answers through the view-model afterwards
        AtomicReference<String> asked = new AtomicReference<>();
        robot.interact(() -> vm.answerBusyQuestionWith(text -> {
            asked.set(text);
            return true;
        }));
        robot.clickOn("#runButton");
        waitFor(() -> vm.stateProperty().get() == State.FINISHED);
        assertThat(asked.get()).contains("pid 4243 python3");
        assertThat(vm.busyQuestionProperty().get()).isEqualTo(asked.get());
        assertThat(vm.probeOutputProperty().get()).contains("run anyway, as confirmed");
        assertThat(vm.receiptProperty().get()).isNotNull();
        assertThat(robot.lookup(".dialog-pane").tryQuery()).isEmpty();
    }

    @Test
    void anEngineRateIsJudgedAgainstTheOpenReceipt(FxRobot robot) throws Exception {
        ProbeViewModel vm = show(robot, new FakeBackend("ok", null, tmp.resolve("engine")));
        robot.interact(() -> vm.openReceipt(Path.of("docs/bench/receipt-h200.json")));
        waitFor(() -> vm.receiptProperty().get() != null);
        robot.clickOn("#engineClaim").write("17 GB/s at 460800 B");
        waitFor(() -> !vm.engineReadingProperty().get().isEmpty());
        String said = robot.lookup("#engineReading").queryAs(Label.class).getText();
        assertThat(said).startsWith("The engine is the limit").contains("460,800 B")
                .contains("no hardware change will help");
        robot.interact(() -> vm.engineClaimProperty().set("17 GB/s"));
        assertThat(robot.lookup("#engineReading").queryAs(Label.class).getText()).startsWith("No transfer size");
    }
}
