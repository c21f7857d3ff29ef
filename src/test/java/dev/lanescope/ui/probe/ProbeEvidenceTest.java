package dev.lanescope.ui.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import javafx.stage.Stage;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import dev.lanescope.model.Bdf;
import dev.lanescope.ui.LanescopeApp;
import dev.lanescope.ui.main.MainViewModel;

/**
 * The panel beside a capture: the capture's GPUs are offered and follow the graph's selection, and a receipt whose GPU
 * is in the capture turns the idle-downshift hop into a verdict in the graph (docs/RULES.md §2: idle or degraded?).
 */
@ExtendWith(ApplicationExtension.class)
class ProbeEvidenceTest {

    private static final Bdf P2000 = Bdf.parse("0000:01:00.0");
    private static final String HOP = "0000:00:01.0->0000:01:00.0";

    @TempDir
    Path tmp;

    private LanescopeApp app;
    private Stage stage;

    @Start
    void start(Stage stage) {
        System.setProperty("lanescope.prefs", "off");
        this.stage = stage;
        app = new LanescopeApp(List.of("samples/dell-optiplex-xe3-i7-8700-quadro-p2000"), null, null,
                new FakeBackend("ok", null, tmp));
        app.start(stage);
    }

    /** The real H200 receipt moved onto the P2000's bus id, with nvidia-smi samples stuck at {@code gen} under load. */
    private Path receipt(int gen) throws Exception {
        ObjectMapper m = new ObjectMapper();
        ObjectNode o = (ObjectNode) m.readTree(Path.of("docs/bench/receipt-h200.json").toFile());
        ((ObjectNode) o.get("gpu")).put("pciBusId", P2000.toString());
        ((ObjectNode) o.at("/nvidiaSmiLink/before")).put("pcie.link.gen.max", 3);
        ObjectNode dl = o.putObject("linkDuringLoad");
        dl.putArray("samples").addObject().put("gen", gen).put("width", 16);
        Path f = tmp.resolve("p2000-gen" + gen + ".json");
        m.writeValue(f.toFile(), o);
        return f;
    }

    @Test
    void theCapturesGpusAreOfferedAndAReceiptTurnsTheIdleHopIntoAVerdict(FxRobot robot) throws Exception {
        MainViewModel main = app.viewModel();
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> main.getLoaded() != null && !main.loadingProperty().get());
        assertThat(main.marks().edgeColours().get(HOP)).isEqualTo("idle");
        AtomicReference<ProbeViewModel> ref = new AtomicReference<>();
        robot.interact(() -> ref.set(app.mainController().showProbe()));
        ProbeViewModel vm = ref.get();
        assertThat(vm.gpus()).extracting(GpuChoice::bdf).containsExactly(P2000);
        assertThat(vm.gpus().get(0).label()).startsWith("0000:01:00.0").contains("P2000");
        assertThat(vm.gpus().get(0).nodeId()).isEqualTo(main.getLoaded().picture().nodeOf(P2000).id());
        // selecting the GPU in the graph preselects it; picking it in the panel selects it in the graph
        robot.interact(() -> main.select(null));
        robot.interact(() -> main.select(P2000));
        assertThat(vm.gpuProperty().get().bdf()).isEqualTo(P2000);

        Path stuck = receipt(1);
        robot.interact(() -> vm.openReceipt(stuck));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !vm.evidenceTextProperty().get().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(vm.evidenceTextProperty().get()).startsWith("Applied to the open capture")
                .contains("idle downshift → speed degraded").contains("stayed at Gen1 of Gen3");
        assertThat(main.marks().edgeColours().get(HOP)).isEqualTo("degraded");
        assertThat(vm.readingTextProperty().get()).contains("The link trained low (Gen1 x16 of Gen3 x16 capable):"
                + " these timings are void");
        assertThat(main.adviceProperty().get().path().get(0).verdict()).isEqualTo("speed degraded");

        Path climbed = receipt(3);
        robot.interact(() -> vm.openReceipt(climbed));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> vm.evidenceTextProperty().get().contains("→ ok"));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(main.marks().edgeColours().get(HOP)).isEqualTo("ok");

        // the H200's own receipt names a GPU this capture does not have
        robot.interact(() -> vm.openReceipt(Path.of("docs/bench/receipt-h200.json")));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> vm.evidenceTextProperty().get().contains("not in"));
        assertThat(vm.evidenceTextProperty().get()).contains("GPU 0000:00:06.0 is not in the capture");
    }
}
