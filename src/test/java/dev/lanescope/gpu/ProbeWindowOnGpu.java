package dev.lanescope.gpu;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import javafx.application.Platform;
import javafx.scene.Parent;
import javafx.stage.Stage;

import dev.lanescope.ui.png.PngExporter;
import dev.lanescope.ui.common.Windows;
import dev.lanescope.ui.probe.ProbeViewModel;
import dev.lanescope.ui.probe.ProbeViewModel.State;
import dev.lanescope.ui.probe.ProbeWindow;
import dev.lanescope.ui.probe.SystemProbeBackend;

/**
 * Drives the probe window's own Run path on a machine with a GPU (Monocle headless, the real
 * {@link SystemProbeBackend}: nvcc, build cache, nvidia-smi, sysfs). Not a test: CI has no GPU. It is run by
 * hand on the device machine and its output is kept as evidence under docs/bench/.
 *
 * <p>{@code ProbeWindowOnGpu OUTDIR [--quick] [--decline-if-busy] [--expect-busy]
 * [--engine "17.7 GB/s at 460800 B"]}: presses Run
 * for "this machine's GPU 0", answers the busy-GPU question through the view-model after the window is loaded
 * (declines with {@code --decline-if-busy}, else accepts and says so), types the engine claim if given, waits
 * for the run to end, then writes {@code window.png} (the window as the user saw it), {@code window.txt}
 * (status, reading, ratio, evidence, probe output, the question asked) and a copy of the saved receipt.
 * Exit 0 when the window reached the expected end state (declined: asked, idle, nothing run; otherwise finished,
 * and with {@code --expect-busy} asked first).
 */
public final class ProbeWindowOnGpu {

    private ProbeWindowOnGpu() {
    }

    public static void main(String[] args) {
        int code;
        try {
            code = drive(args);
        } catch (Throwable t) { // the toolkit's non-daemon thread would otherwise keep a failed run alive
            t.printStackTrace();
            code = 1;
        }
        System.exit(code);
    }

    private static int drive(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: ProbeWindowOnGpu OUTDIR [--quick] [--decline-if-busy]");
            return 2;
        }
        Path out = Files.createDirectories(Path.of(args[0]));
        boolean quick = List.of(args).contains("--quick");
        boolean decline = List.of(args).contains("--decline-if-busy");
        int e = List.of(args).indexOf("--engine");
        String engine = e >= 0 && e + 1 < args.length ? args[e + 1] : null;

        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        if (!started.await(60, TimeUnit.SECONDS)) throw new IllegalStateException("JavaFX did not start in 60 s");

        List<String> asked = new ArrayList<>();
        AtomicReference<ProbeViewModel> model = new AtomicReference<>();
        AtomicReference<Parent> root = new AtomicReference<>();
        Instant t0 = Instant.now();
        onFx(() -> {
            ProbeViewModel vm = new ProbeViewModel(null, new SystemProbeBackend());
            Parent r = ProbeWindow.load(vm, null);
            // answered after the window installed its dialog: the preset answer must still win
            vm.answerBusyQuestionWith(question -> {
                asked.add(question);
                System.out.println((decline ? "declining" : "accepting") + " the busy-GPU question:\n" + question);
                return !decline;
            });
            Stage s = new Stage();
            s.setTitle("lanescope — bandwidth probe");
            s.setScene(Windows.sceneFittingScreen(r, 1180, 860));
            s.show();
            vm.quickProperty().set(quick);
            if (engine != null) vm.engineClaimProperty().set(engine);
            vm.stateProperty().addListener((o, a, b) -> System.out.println("window state: " + a + " -> " + b
                    + " (" + Duration.between(t0, Instant.now()).toSeconds() + " s)"));
            vm.run();
            model.set(vm);
            root.set(r);
        });

        ProbeViewModel vm = model.get();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(9);
        State end;
        while (true) {
            AtomicReference<State> st = new AtomicReference<>();
            AtomicReference<String> status = new AtomicReference<>();
            onFx(() -> {
                st.set(vm.stateProperty().get());
                status.set(vm.statusProperty().get());
            });
            boolean declinedEnd = st.get() == State.IDLE && status.get().startsWith("Not run");
            if (st.get() == State.FINISHED || st.get() == State.FAILED || declinedEnd) {
                end = st.get();
                break;
            }
            if (System.nanoTime() > deadline) {
                onFx(vm::cancel);
                end = null;
                break;
            }
            Thread.sleep(500);
        }
        Thread.sleep(1000); // let the chart and the reading settle after the last batch

        AtomicReference<String> report = new AtomicReference<>();
        AtomicReference<java.util.concurrent.CompletableFuture<Path>> png = new AtomicReference<>();
        onFx(() -> {
            StringBuilder b = new StringBuilder();
            b.append("end state: ").append(end == null ? "TIMED OUT (cancelled by the driver)" : end).append('\n');
            b.append("status: ").append(vm.statusProperty().get()).append('\n');
            b.append("receipt: ").append(vm.receiptInfoProperty().get()).append('\n');
            b.append("reading: ").append(vm.readingTextProperty().get()).append('\n');
            b.append("ratio: ").append(vm.ratioTextProperty().get()).append('\n');
            b.append("evidence: ").append(vm.evidenceTextProperty().get()).append('\n');
            b.append("engine typed: ").append(vm.engineClaimProperty().get()).append('\n');
            b.append("engine against wire: ").append(vm.engineReadingProperty().get()).append('\n');
            b.append("busy-GPU question asked: ").append(asked.isEmpty() ? "no" : String.join("\n---\n", asked))
                    .append('\n');
            b.append("probe output:\n").append(vm.probeOutputProperty().get()).append('\n');
            b.append("wall: ").append(Duration.between(t0, Instant.now()).toSeconds()).append(" s\n");
            report.set(b.toString());
            png.set(PngExporter.export(root.get(), out.resolve("window.png")));
        });
        png.get().get(60, TimeUnit.SECONDS);
        Files.writeString(out.resolve("window.txt"), report.get(), StandardCharsets.UTF_8);
        System.out.print(report.get());

        Path receipts = new SystemProbeBackend().receiptFolder();
        if (Files.isDirectory(receipts)) {
            try (var s = Files.list(receipts)) {
                for (Path p : s.toList()) Files.copy(p, out.resolve(p.getFileName()));
            }
        }
        Platform.exit();
        // declined: asked, and no probe started (no result, no receipt); accepted: the run finished
        boolean expectBusy = List.of(args).contains("--expect-busy");
        boolean expected = decline ? end == State.IDLE && !asked.isEmpty() && vm.sizes().isEmpty()
                : end == State.FINISHED && (!expectBusy || !asked.isEmpty());
        return expected ? 0 : 1;
    }

    private static void onFx(Runnable r) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        AtomicReference<RuntimeException> failed = new AtomicReference<>();
        Platform.runLater(() -> {
            try {
                r.run();
            } catch (RuntimeException e) {
                failed.set(e);
            } finally {
                done.countDown();
            }
        });
        if (!done.await(60, TimeUnit.SECONDS)) throw new IllegalStateException("FX thread did not answer in 60 s");
        if (failed.get() != null) throw failed.get();
    }
}
