package dev.lanescope.ui.probe;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.function.Predicate;

import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lanescope.model.Bdf;
import dev.lanescope.probe.EventBatcher;
import dev.lanescope.probe.GpuUsers;
import dev.lanescope.probe.ProbeEvent;
import dev.lanescope.probe.ProbeResult;
import dev.lanescope.probe.ProbeRun;
import dev.lanescope.probe.ProbeSession;
import dev.lanescope.probe.Receipt;
import dev.lanescope.probe.ReceiptCompare;
import dev.lanescope.probe.ReceiptReader;
import dev.lanescope.probe.ReceiptReading;
import dev.lanescope.probe.ReceiptWriter;
import dev.lanescope.probe.SizePlan;
import dev.lanescope.ui.common.FxTasks;
import dev.lanescope.ui.session.OpenCapture;
import dev.lanescope.ui.session.Session;

/**
 * The probe panel's state machine (idle, preparing, running, finished, failed) and commands, touched on the FX thread
 * only. Building, listing GPU users, starting the probe, reading receipts and re-analysing the capture run in order on
 * the panel's own worker ({@link FxTasks}); probe lines arrive through an {@link EventBatcher} and are published once
 * per batch. The words are {@link ProbeTexts}'; reading a receipt's sizes, {@link SizePlan}; saving it,
 * {@link ReceiptWriter}.
 */
public final class ProbeViewModel {

    /** Where the panel is. */
    public enum State { IDLE, PREPARING, RUNNING, FINISHED, FAILED }

    /** The probe's time limit (the CLI's default). */
    public static final Duration TIMEOUT = Duration.ofSeconds(600);

    private final Session main;
    private final ProbeBackend backend;
    private final ExecutorService worker = FxTasks.ownWorker("lanescope-probe-panel");

    private final ObservableList<GpuChoice> gpus = FXCollections.observableArrayList();
    private final ObservableList<GpuChoice> gpusView = FXCollections.unmodifiableObservableList(gpus);
    // the user's choices (bound both ways to their controls)
    private final ObjectProperty<GpuChoice> gpu = new SimpleObjectProperty<>();
    private final BooleanProperty quick = new SimpleBooleanProperty();
    private final StringProperty engineClaim = new SimpleStringProperty("");
    // what the panel shows
    private final ReadOnlyObjectWrapper<State> state = new ReadOnlyObjectWrapper<>(State.IDLE);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(ProbeTexts.START);
    private final SizeTable sizes = new SizeTable();
    private final ReadOnlyObjectWrapper<List<ProbeCurves.Curve>> curves = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyObjectWrapper<Receipt> receipt = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<ReceiptReading> reading = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper receiptInfo = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper readingText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper ratioText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper compareSummary = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper compareDetails = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper evidenceText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper probeOutput = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper engineReading = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper busyQuestion = new ReadOnlyStringWrapper("");
    private final BooleanBinding busy = Bindings.createBooleanBinding(
            () -> state.get() == State.PREPARING || state.get() == State.RUNNING, state);

    private final List<ProbeResult> live = new ArrayList<>();
    private Predicate<String> confirm = text -> false;
    private Predicate<String> presetAnswer;
    private ProbeSession.Recording recording;
    private boolean cancelRequested;
    private ProbeCurves.HopLines liveHop = ProbeCurves.HopLines.NONE;
    private Object evidenceTopology;

    /** {@code main} may be null (a panel without a capture window). */
    public ProbeViewModel(Session main, ProbeBackend backend) {
        this.main = main;
        this.backend = backend;
        if (main != null) {
            main.captureProperty().addListener((o, a, b) -> {
                refreshGpus();
                if (b != null && receipt.get() != null && b.topology() != evidenceTopology) applyEvidence(receipt.get());
            });
            main.selectedProperty().addListener((o, a, b) -> preselect(b));
            gpu.addListener((o, a, b) -> {
                if (b != null && b.bdf() != null && !b.bdf().equals(main.selected())
                        && main.capture() != null && main.capture().topology().node(b.bdf()).isPresent()) {
                    main.select(b.bdf());
                }
            });
        }
        refreshGpus();
        engineClaim.addListener((o, a, b) -> judgeEngine());
        receipt.addListener((o, a, b) -> judgeEngine());
    }

    // ---- properties: the user's choices, then what the panel shows (read-only)

    public ObservableList<GpuChoice> gpus() { return gpusView; }
    public ObjectProperty<GpuChoice> gpuProperty() { return gpu; }
    public BooleanProperty quickProperty() { return quick; }
    /** What the user typed or pasted: an engine's effective GB/s at a transfer size. */
    public StringProperty engineClaimProperty() { return engineClaim; }

    public ReadOnlyObjectProperty<State> stateProperty() { return state.getReadOnlyProperty(); }
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
    /** One row per transfer size: how many results are in and any note (read-only). */
    public ObservableList<SizeRow> sizes() { return sizes.rows(); }
    public ReadOnlyDoubleProperty overallProperty() { return sizes.overallProperty(); }
    public ReadOnlyObjectProperty<List<ProbeCurves.Curve>> curvesProperty() { return curves.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<Receipt> receiptProperty() { return receipt.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<ReceiptReading> readingProperty() { return reading.getReadOnlyProperty(); }
    public ReadOnlyStringProperty receiptInfoProperty() { return receiptInfo.getReadOnlyProperty(); }
    public ReadOnlyStringProperty readingTextProperty() { return readingText.getReadOnlyProperty(); }
    public ReadOnlyStringProperty ratioTextProperty() { return ratioText.getReadOnlyProperty(); }
    public ReadOnlyStringProperty compareSummaryProperty() { return compareSummary.getReadOnlyProperty(); }
    public ReadOnlyStringProperty compareDetailsProperty() { return compareDetails.getReadOnlyProperty(); }
    public ReadOnlyStringProperty evidenceTextProperty() { return evidenceText.getReadOnlyProperty(); }
    public ReadOnlyStringProperty probeOutputProperty() { return probeOutput.getReadOnlyProperty(); }
    /** The busy-GPU question last asked (the processes using the GPU), empty when none was asked this run. */
    public ReadOnlyStringProperty busyQuestionProperty() { return busyQuestion.getReadOnlyProperty(); }
    /** The engine's rate against the wire at the same size, in words (empty when nothing was typed). */
    public ReadOnlyStringProperty engineReadingProperty() { return engineReading.getReadOnlyProperty(); }
    public BooleanBinding busyProperty() { return busy; }

    /** Puts a message on the panel's status line (what the user asked for cannot be done as asked). */
    public void tell(String message) { status.set(message); }

    /** Asked, with the list of processes, before probing a GPU that is in use; true means run anyway. */
    public void setConfirm(Predicate<String> confirm) { this.confirm = confirm; }

    /**
     * The busy-GPU question answered in advance (a script, a headless driver), or null to ask. It wins over the
     * dialog the window installs with {@link #setConfirm}, whether set before or after the window is loaded.
     */
    public void answerBusyQuestionWith(Predicate<String> answer) { this.presetAnswer = answer; }

    // ---- GPUs

    private void refreshGpus() {
        GpuChoice keep = gpu.get();
        List<GpuChoice> out = GpuChoice.listFrom(main == null ? null : main.capture(),
                main == null ? List.of() : main.gpus());
        gpus.setAll(out);
        gpu.set(GpuChoice.pick(out, keep != null ? keep.bdf() : main == null ? null : main.selected()));
    }

    /** A GPU selected in the graph becomes the panel's GPU (other functions leave the choice alone). */
    private void preselect(Bdf b) {
        if (b == null || busy.get()) return;
        for (GpuChoice c : gpus) if (b.equals(c.bdf())) gpu.set(c);
    }

    // ---- run

    private record Prepared(ProbeBackend.Plan plan, GpuUsers.Listing users) {
    }

    /** Builds the probe, lists the GPU's users (asking first when there are any), then runs it. */
    public void run() {
        if (busy.get()) return;
        GpuChoice g = gpu.get();
        if (g == null) {
            status.set("Pick a GPU first.");
            return;
        }
        boolean q = quick.get();
        sizes.clear();
        live.clear();
        probeOutput.set("");
        busyQuestion.set("");
        cancelRequested = false;
        liveHop = ProbeCurves.HopLines.of(main == null || main.capture() == null ? null
                : main.capture().topology(), g.bdf());
        curves.set(ProbeCurves.of(live, liveHop.trained(), liveHop.capable()));
        state.set(State.PREPARING);
        status.set("Preparing the probe for " + g.label() + " …");
        FxTasks.run(progress -> {
            ProbeBackend.Plan p = backend.prepare(g, q, m -> progress.update(-1, m));
            progress.update(-1, "Checking which processes use " + g.label() + " …");
            return new Prepared(p, backend.users(p.busId()));
        }).onMessage(m -> {
            if (state.get() == State.PREPARING) status.set(m);
        }).onSuccess(p -> afterPrepare(g, p)).onError(x -> {
            state.set(State.FAILED);
            status.set(x instanceof ProbeBackend.Unavailable ? ProbeTexts.firstLine(x.getMessage())
                    : "Could not prepare the probe: " + x);
            probeOutput.set(String.valueOf(x.getMessage()));
        }).startOn(worker);
    }

    private void afterPrepare(GpuChoice g, Prepared p) {
        if (cancelRequested) {
            state.set(State.IDLE);
            status.set("Cancelled before the probe started.");
            return;
        }
        GpuUsers.Listing users = p.users();
        if (users.busy()) {
            String text = users.describe(g.label());
            busyQuestion.set(text);
            Predicate<String> ask = presetAnswer != null ? presetAnswer : confirm;
            if (!ask.test(text)) {
                state.set(State.IDLE);
                status.set(ProbeTexts.notRun(users, g.label()));
                probeOutput.set(text);
                return;
            }
            probeOutput.set(text + "\nrun anyway, as confirmed");
        } else if (users.problem() != null) {
            probeOutput.set("note: " + users.problem());
        }
        startRun(p.plan());
    }

    private void startRun(ProbeBackend.Plan plan) {
        state.set(State.RUNNING);
        status.set("Starting " + String.join(" ", plan.command()) + " (limit " + TIMEOUT.toSeconds() + " s) …");
        EventBatcher batcher = new EventBatcher(100, batch -> Platform.runLater(() -> apply(batch)));
        FxTasks.run(() -> backend.start(plan, TIMEOUT, batcher)).onSuccess(rec -> {
            recording = rec;
            if (cancelRequested) rec.cancel();
            Path folder = backend.receiptFolder();
            rec.receiptFuture().whenComplete((json, err) -> {
                batcher.close();
                ProbeRun run = rec.awaitRun();
                Path saved = null;
                String saveError = null;
                if (json != null && (!run.results().isEmpty() || run.start() != null)) {
                    try {
                        saved = ReceiptWriter.saveNew(json, folder, Instant.now());
                    } catch (java.io.IOException | RuntimeException x) {
                        saveError = x.getMessage();
                    }
                }
                Path s = saved;
                String se = saveError;
                Platform.runLater(() -> finish(run, json, s, se, err));
            });
        }).onError(x -> {
            batcher.close();
            state.set(State.FAILED);
            status.set("The probe could not start: " + x.getMessage());
        }).startOn(worker);
    }

    /** One batch of probe lines, on the FX thread. */
    void apply(List<ProbeEvent> batch) {
        for (ProbeEvent e : batch) {
            if (e instanceof ProbeEvent.Start s) {
                sizes.plan(s.sizes(), s.resultsPerSize());
            } else if (e instanceof ProbeEvent.Progress p && p.total() > 0) {
                sizes.progress(p.done(), p.total());
            } else if (e instanceof ProbeEvent.Result r) {
                live.add(r.result());
                sizes.counted(r.result().bytes());
            } else if (e instanceof ProbeEvent.Other o && o.sizeNote() != null) {
                sizes.note(o.bytes(), o.sizeNote());
            } else if (e instanceof ProbeEvent.Note n) {
                appendOutput("note: " + n.text());
            } else if (e instanceof ProbeEvent.End en && !en.ok()) {
                appendOutput("probe: " + en.error());
            }
        }
        curves.set(ProbeCurves.of(live, liveHop.trained(), liveHop.capable()));
        if (state.get() == State.RUNNING) {
            int planned = sizes.planned();
            status.set("Running: " + live.size() + (planned > 0 ? " of " + planned : "") + " results …");
        }
    }

    private void appendOutput(String line) {
        probeOutput.set(probeOutput.get().isEmpty() ? line : probeOutput.get() + "\n" + line);
    }

    private void finish(ProbeRun run, ObjectNode json, Path saved, String saveError, Throwable err) {
        recording = null;
        if (err != null || json == null) {
            state.set(State.FAILED);
            status.set("The run ended without a receipt: " + (err == null ? "no data" : err.getMessage()));
            return;
        }
        for (String l : run.stderrLines()) appendOutput("stderr: " + l);
        if (run.noDevice()) {
            state.set(State.FAILED);
            status.set(ProbeTexts.noGpu(run));
            return;
        }
        if (!run.results().isEmpty()) show(new Receipt(json, saved));
        state.set(run.ok() ? State.FINISHED : State.FAILED);
        status.set(ProbeTexts.finished(run, saved, saveError));
    }

    /** Stops the probe (partial results are kept), or keeps a build in progress from starting it. */
    public void cancel() {
        cancelRequested = true;
        if (recording != null) {
            recording.cancel();
            status.set("Cancelling: the probe is being stopped; its results so far are kept …");
        } else if (state.get() == State.PREPARING) {
            status.set("Cancelling: the probe will not start once this step ends …");
        }
    }

    // ---- receipts

    /** Reads a saved receipt (from this box or another) and shows it. */
    public void openReceipt(Path file) {
        if (busy.get()) return;
        status.set("Reading " + file + " …");
        FxTasks.run(() -> ReceiptReader.read(file)).onSuccess(r -> {
            sizes.clear();
            probeOutput.set("");
            show(r);
            status.set("Opened " + file.toAbsolutePath());
        }).onError(x -> status.set("Cannot open " + file.getFileName() + ": " + x.getMessage())).startOn(worker);
    }

    /** Compares two receipt files: A before, B after (e.g. a reboot). */
    public void compare(Path a, Path b) {
        compareOnWorker(() -> ReceiptCompare.of(ReceiptReader.read(a), ReceiptReader.read(b)));
    }

    /** Compares the receipt shown (A) with another file (B). */
    public void compareWith(Path b) {
        Receipt a = receipt.get();
        if (a == null) {
            status.set("Open a receipt first, or pick two receipts to compare.");
            return;
        }
        compareOnWorker(() -> ReceiptCompare.of(a, ReceiptReader.read(b)));
    }

    private void compareOnWorker(java.util.concurrent.Callable<ReceiptCompare> work) {
        FxTasks.run(work).onSuccess(c -> {
            compareSummary.set(c.summary());
            compareDetails.set(ProbeTexts.compareDetails(c));
            status.set(ProbeTexts.compared(c));
        }).onError(x -> status.set("Cannot compare: " + x.getMessage())).startOn(worker);
    }

    /** Shows a receipt: chart, per-size counts, ratio, the reading in words, and its evidence on the capture. */
    void show(Receipt r) {
        ReceiptReading rd = ReceiptReading.of(r);
        reading.set(rd);
        receipt.set(r);
        readingText.set(String.join("\n\n", rd.sentences()));
        ratioText.set(ProbeTexts.ratio(rd));
        receiptInfo.set(ProbeTexts.info(r, rd));
        curves.set(ProbeCurves.of(r.results(), new ProbeCurves.LinkLine(rd.trainedGen(), rd.trainedWidth()),
                new ProbeCurves.LinkLine(rd.capableGen(), rd.capableWidth())));
        if (sizes.rows().isEmpty()) sizes.fill(r);
        applyEvidence(r);
    }

    /** The engine's typed rate against the wire of the receipt shown. */
    private void judgeEngine() {
        engineReading.set(ProbeTexts.engineAgainstWire(engineClaim.get(), receipt.get(), reading.get()));
    }

    // ---- evidence on the open capture

    private void applyEvidence(Receipt r) {
        OpenCapture l = main == null ? null : main.capture();
        evidenceTopology = l == null ? null : l.topology();
        evidenceText.set("");
        if (l == null) return;
        FxTasks.run(() -> EvidenceOnCapture.apply(r, l)).onSuccess(o -> {
            evidenceText.set(o.text());
            if (o.analysed() != null) main.applyAnalysis(o.analysed());
        }).onError(x -> evidenceText.set("The capture could not be re-analysed: " + x.getMessage())).startOn(worker);
    }
}
