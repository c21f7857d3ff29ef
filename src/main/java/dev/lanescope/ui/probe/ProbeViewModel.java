package dev.lanescope.ui.probe;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Predicate;

import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.Link;
import dev.lanescope.model.TopoNode;
import dev.lanescope.probe.BatchReading;
import dev.lanescope.probe.EngineVsWire;
import dev.lanescope.probe.EventBatcher;
import dev.lanescope.probe.GpuUsers;
import dev.lanescope.probe.LinkMath;
import dev.lanescope.probe.ProbeEvent;
import dev.lanescope.probe.ProbeResult;
import dev.lanescope.probe.ProbeRun;
import dev.lanescope.probe.ProbeSession;
import dev.lanescope.probe.Receipt;
import dev.lanescope.probe.ReceiptCompare;
import dev.lanescope.probe.ReceiptReader;
import dev.lanescope.probe.ReceiptReading;
import dev.lanescope.probe.ReceiptWriter;
import dev.lanescope.ui.main.MainViewModel;

/**
 * The probe panel's state and commands, touched on the FX thread only. Building, listing GPU users, starting the
 * probe, reading receipts and re-analysing the capture run on the panel's own worker; probe lines arrive through an
 * {@link EventBatcher} and are published once per batch.
 */
public final class ProbeViewModel {

    /** Where the panel is. */
    public enum State { IDLE, PREPARING, RUNNING, FINISHED, FAILED }

    /** The probe's time limit (the CLI's default). */
    public static final Duration TIMEOUT = Duration.ofSeconds(600);

    private final MainViewModel main;
    private final ProbeBackend backend;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "lanescope-probe-panel");
        t.setDaemon(true);
        return t;
    });

    private final ObservableList<GpuChoice> gpus = FXCollections.observableArrayList();
    private final ObjectProperty<GpuChoice> gpu = new SimpleObjectProperty<>();
    private final BooleanProperty quick = new SimpleBooleanProperty();
    private final ObjectProperty<State> state = new SimpleObjectProperty<>(State.IDLE);
    private final StringProperty status = new SimpleStringProperty(
            "Pick a GPU and press Run, or open a saved receipt.");
    private final ObservableList<SizeRow> sizes = FXCollections.observableArrayList();
    private final DoubleProperty overall = new SimpleDoubleProperty();
    private final ObjectProperty<List<ProbeCurves.Curve>> curves = new SimpleObjectProperty<>(List.of());
    private final ObjectProperty<Receipt> receipt = new SimpleObjectProperty<>();
    private final ObjectProperty<ReceiptReading> reading = new SimpleObjectProperty<>();
    private final StringProperty receiptInfo = new SimpleStringProperty("");
    private final StringProperty readingText = new SimpleStringProperty("");
    private final StringProperty ratioText = new SimpleStringProperty("");
    private final StringProperty compareSummary = new SimpleStringProperty("");
    private final StringProperty compareDetails = new SimpleStringProperty("");
    private final StringProperty evidenceText = new SimpleStringProperty("");
    private final StringProperty probeOutput = new SimpleStringProperty("");
    private final StringProperty engineClaim = new SimpleStringProperty("");
    private final StringProperty engineReading = new SimpleStringProperty("");
    private final StringProperty busyQuestion = new SimpleStringProperty("");
    private final BooleanBinding busy = Bindings.createBooleanBinding(
            () -> state.get() == State.PREPARING || state.get() == State.RUNNING, state);

    private final List<ProbeResult> live = new ArrayList<>();
    private Predicate<String> confirm = text -> false;
    private Predicate<String> presetAnswer;
    private ProbeSession.Recording recording;
    private boolean cancelRequested;
    private ProbeCurves.LinkLine liveTrained;
    private ProbeCurves.LinkLine liveCapable;
    private Object evidenceTopology;

    /** {@code main} may be null (a panel without a capture window). */
    public ProbeViewModel(MainViewModel main, ProbeBackend backend) {
        this.main = main;
        this.backend = backend;
        if (main != null) {
            main.loadedProperty().addListener((o, a, b) -> {
                refreshGpus();
                if (b != null && receipt.get() != null && b.topology() != evidenceTopology) applyEvidence(receipt.get());
            });
            main.selectedProperty().addListener((o, a, b) -> preselect(b));
            gpu.addListener((o, a, b) -> {
                if (b != null && b.bdf() != null && !b.bdf().equals(main.selectedProperty().get())
                        && main.getLoaded() != null && main.getLoaded().topology().node(b.bdf()).isPresent()) {
                    main.selectedProperty().set(b.bdf());
                }
            });
        }
        refreshGpus();
        engineClaim.addListener((o, a, b) -> judgeEngine());
        receipt.addListener((o, a, b) -> judgeEngine());
    }

    // ---- properties

    public ObservableList<GpuChoice> gpus() {
        return gpus;
    }

    public ObjectProperty<GpuChoice> gpuProperty() {
        return gpu;
    }

    public BooleanProperty quickProperty() {
        return quick;
    }

    public ObjectProperty<State> stateProperty() {
        return state;
    }

    public StringProperty statusProperty() {
        return status;
    }

    public ObservableList<SizeRow> sizes() {
        return sizes;
    }

    public DoubleProperty overallProperty() {
        return overall;
    }

    public ObjectProperty<List<ProbeCurves.Curve>> curvesProperty() {
        return curves;
    }

    public ObjectProperty<Receipt> receiptProperty() {
        return receipt;
    }

    public ObjectProperty<ReceiptReading> readingProperty() {
        return reading;
    }

    public StringProperty receiptInfoProperty() {
        return receiptInfo;
    }

    public StringProperty readingTextProperty() {
        return readingText;
    }

    public StringProperty ratioTextProperty() {
        return ratioText;
    }

    public StringProperty compareSummaryProperty() {
        return compareSummary;
    }

    public StringProperty compareDetailsProperty() {
        return compareDetails;
    }

    public StringProperty evidenceTextProperty() {
        return evidenceText;
    }

    public StringProperty probeOutputProperty() {
        return probeOutput;
    }

    public BooleanBinding busyProperty() {
        return busy;
    }

    /** Asked, with the list of processes, before probing a GPU that is in use; true means run anyway. */
    public void setConfirm(Predicate<String> confirm) {
        this.confirm = confirm;
    }

    /**
     * The busy-GPU question answered in advance (a script, a headless driver), or null to ask. It wins over the
     * dialog the window installs with {@link #setConfirm}, whether set before or after the window is loaded.
     */
    public void answerBusyQuestionWith(Predicate<String> answer) {
        this.presetAnswer = answer;
    }

    /** The busy-GPU question last asked (the processes using the GPU), empty when none was asked this run. */
    public StringProperty busyQuestionProperty() {
        return busyQuestion;
    }

    /** What the user typed or pasted: an engine's effective GB/s at a transfer size. */
    public StringProperty engineClaimProperty() {
        return engineClaim;
    }

    /** The engine's rate against the wire at the same size, in words (empty when nothing was typed). */
    public StringProperty engineReadingProperty() {
        return engineReading;
    }

    // ---- GPUs

    private void refreshGpus() {
        GpuChoice keep = gpu.get();
        List<GpuChoice> out = new ArrayList<>();
        MainViewModel.Loaded l = main == null ? null : main.getLoaded();
        if (l != null) {
            Map<Integer, Integer> rank = new LinkedHashMap<>();
            for (Bdf b : main.gpus()) {
                TopoNode.FunctionNode n = l.topology().node(b).orElse(null);
                if (n == null || n.role() == TopoNode.Role.INTEGRATED) continue; // no PCIe link to measure
                int vendor = n.function().vendorId();
                int r = rank.merge(vendor, 1, Integer::sum) - 1;
                var nv = l.picture().nodeOf(b);
                out.add(new GpuChoice(b, dev.lanescope.layout.TopologyLayouts.withoutVendor(n.function().shortName()),
                        nv == null ? null : nv.id(), r));
            }
        }
        if (out.isEmpty()) out.add(GpuChoice.thisMachine());
        gpus.setAll(out);
        GpuChoice pick = out.get(0);
        Bdf want = keep != null ? keep.bdf() : main == null ? null : main.selectedProperty().get();
        for (GpuChoice c : out) if (c.bdf() != null && c.bdf().equals(want)) pick = c;
        gpu.set(pick);
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
        overall.set(0);
        probeOutput.set("");
        busyQuestion.set("");
        cancelRequested = false;
        liveLinks(g);
        curves.set(ProbeCurves.of(live, liveTrained, liveCapable));
        state.set(State.PREPARING);
        status.set("Preparing the probe for " + g.label() + " …");
        Task<Prepared> t = new Task<>() {
            @Override
            protected Prepared call() throws Exception {
                ProbeBackend.Plan p = backend.prepare(g, q, this::updateMessage);
                updateMessage("Checking which processes use " + g.label() + " …");
                return new Prepared(p, backend.users(p.busId()));
            }
        };
        t.messageProperty().addListener((o, a, b) -> {
            if (state.get() == State.PREPARING && b != null && !b.isEmpty()) status.set(b);
        });
        t.setOnSucceeded(e -> afterPrepare(g, t.getValue()));
        t.setOnFailed(e -> {
            state.set(State.FAILED);
            Throwable x = t.getException();
            status.set(x instanceof ProbeBackend.Unavailable ? firstLine(x.getMessage())
                    : "Could not prepare the probe: " + x);
            probeOutput.set(String.valueOf(x.getMessage()));
        });
        worker.execute(t);
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
                status.set("Not run: " + users.users().size() + " process" + (users.users().size() == 1 ? "" : "es")
                        + (users.users().size() == 1 ? " uses " : " use ") + g.label() + ". A probe beside a serving process slows it, reads low, and can"
                        + " wedge the driver: stop them first, then run.");
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
        Task<ProbeSession.Recording> t = new Task<>() {
            @Override
            protected ProbeSession.Recording call() {
                return backend.start(plan, TIMEOUT, batcher);
            }
        };
        t.setOnSucceeded(e -> {
            ProbeSession.Recording rec = t.getValue();
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
                        Files.createDirectories(folder);
                        saved = ReceiptWriter.defaultName(folder, json.path("host").path("hostname").asText("host"),
                                Instant.now());
                        ReceiptWriter.write(json, saved);
                    } catch (java.io.IOException | RuntimeException x) {
                        saved = null;
                        saveError = x.getMessage();
                    }
                }
                Path s = saved;
                String se = saveError;
                Platform.runLater(() -> finish(run, json, s, se, err));
            });
        });
        t.setOnFailed(e -> {
            batcher.close();
            state.set(State.FAILED);
            status.set("The probe could not start: " + t.getException().getMessage());
        });
        worker.execute(t);
    }

    /** One batch of probe lines, on the FX thread. */
    void apply(List<ProbeEvent> batch) {
        for (ProbeEvent e : batch) {
            if (e instanceof ProbeEvent.Start s) {
                int per = s.resultsPerSize();
                sizes.setAll(s.sizes().stream().map(b -> new SizeRow(b, per)).toList());
            } else if (e instanceof ProbeEvent.Progress p && p.total() > 0) {
                overall.set(p.done() / (double) p.total());
            } else if (e instanceof ProbeEvent.Result r) {
                live.add(r.result());
                SizeRow row = row(r.result().bytes());
                row.doneProperty().set(row.doneProperty().get() + 1);
            } else if (e instanceof ProbeEvent.Other o && "skip".equals(o.kind())) {
                row(o.raw().path("bytes").asLong()).noteProperty().set((o.raw().hasNonNull("mode") ? "left out: "
                        : "skipped: ") + o.raw().path("reason").asText());
            } else if (e instanceof ProbeEvent.Other o && "verify".equals(o.kind()) && !o.raw().path("ok").asBoolean(true)) {
                row(o.raw().path("bytes").asLong()).noteProperty().set("data read back differed");
            } else if (e instanceof ProbeEvent.Note n) {
                appendOutput("note: " + n.text());
            } else if (e instanceof ProbeEvent.End en && !en.ok()) {
                appendOutput("probe: " + en.error());
            }
        }
        curves.set(ProbeCurves.of(live, liveTrained, liveCapable));
        if (state.get() == State.RUNNING) {
            int planned = sizes.stream().mapToInt(SizeRow::total).sum();
            status.set("Running: " + live.size() + (planned > 0 ? " of " + planned : "") + " results …");
        }
    }

    private SizeRow row(long bytes) {
        for (SizeRow r : sizes) if (r.bytes() == bytes) return r;
        SizeRow r = new SizeRow(bytes, 8);
        sizes.add(r);
        sizes.sort(Comparator.comparingLong(SizeRow::bytes));
        return r;
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
            status.set("No GPU: " + (run.end() != null && run.end().error() != null ? run.end().error()
                    : String.join(" ", run.stderrLines())));
            return;
        }
        if (!run.results().isEmpty()) show(new Receipt(json, saved));
        state.set(run.ok() ? State.FINISHED : State.FAILED);
        String tail = saved != null ? "; receipt saved to " + saved
                : saveError != null ? "; the receipt could not be saved: " + saveError : "";
        status.set(capitalise(run.summary()) + tail);
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

    /** The capture's own reading of the chosen GPU's hop, for the flat lines while no receipt is there yet. */
    private void liveLinks(GpuChoice g) {
        liveTrained = null;
        liveCapable = null;
        MainViewModel.Loaded l = main == null ? null : main.getLoaded();
        if (l == null || g.bdf() == null) return;
        TopoNode.FunctionNode n = l.topology().node(g.bdf()).orElse(null);
        if (n == null) return;
        List<Link> up = l.topology().linksUpward(n);
        if (up.isEmpty()) return;
        Link hop = up.get(0);
        if (hop.trained() != null && hop.trained().isKnown()) {
            liveTrained = new ProbeCurves.LinkLine(hop.trained().speed().generation(), hop.trained().width());
        }
        if (hop.capable() != null && hop.capable().isKnown()) {
            liveCapable = new ProbeCurves.LinkLine(hop.capable().speed().generation(), hop.capable().width());
        }
    }

    // ---- receipts

    /** Reads a saved receipt (from this box or another) and shows it. */
    public void openReceipt(Path file) {
        if (busy.get()) return;
        status.set("Reading " + file + " …");
        Task<Receipt> t = new Task<>() {
            @Override
            protected Receipt call() throws Exception {
                return ReceiptReader.read(file);
            }
        };
        t.setOnSucceeded(e -> {
            sizes.clear();
            probeOutput.set("");
            show(t.getValue());
            status.set("Opened " + file.toAbsolutePath());
        });
        t.setOnFailed(e -> status.set("Cannot open " + file.getFileName() + ": " + t.getException().getMessage()));
        worker.execute(t);
    }

    /** Compares two receipt files: A before, B after (e.g. a reboot). */
    public void compare(Path a, Path b) {
        Task<ReceiptCompare> t = new Task<>() {
            @Override
            protected ReceiptCompare call() throws Exception {
                return ReceiptCompare.of(ReceiptReader.read(a), ReceiptReader.read(b));
            }
        };
        t.setOnSucceeded(e -> showCompare(t.getValue()));
        t.setOnFailed(e -> status.set("Cannot compare: " + t.getException().getMessage()));
        worker.execute(t);
    }

    /** Compares the receipt shown (A) with another file (B). */
    public void compareWith(Path b) {
        Receipt a = receipt.get();
        if (a == null) {
            status.set("Open a receipt first, or pick two receipts to compare.");
            return;
        }
        Task<ReceiptCompare> t = new Task<>() {
            @Override
            protected ReceiptCompare call() throws Exception {
                return ReceiptCompare.of(a, ReceiptReader.read(b));
            }
        };
        t.setOnSucceeded(e -> showCompare(t.getValue()));
        t.setOnFailed(e -> status.set("Cannot compare: " + t.getException().getMessage()));
        worker.execute(t);
    }

    private void showCompare(ReceiptCompare c) {
        compareSummary.set(c.summary());
        StringBuilder sb = new StringBuilder();
        for (ReceiptCompare.Change ch : c.changes()) sb.append(ch.line()).append('\n');
        compareDetails.set(sb.toString().stripTrailing());
        status.set("Compared: " + c.linkA() + " vs " + c.linkB() + ", " + c.changes().size() + " rows");
    }

    /** Shows a receipt: chart, per-size counts, ratio, the reading in words, and its evidence on the capture. */
    void show(Receipt r) {
        ReceiptReading rd = ReceiptReading.of(r);
        reading.set(rd);
        receipt.set(r);
        readingText.set(String.join("\n\n", rd.sentences()));
        ratioText.set(ratioText(rd));
        receiptInfo.set(info(r, rd));
        curves.set(ProbeCurves.of(r.results(), new ProbeCurves.LinkLine(rd.trainedGen(), rd.trainedWidth()),
                new ProbeCurves.LinkLine(rd.capableGen(), rd.capableWidth())));
        if (sizes.isEmpty()) fillSizes(r);
        applyEvidence(r);
    }

    private void fillSizes(Receipt r) {
        JsonNode start = r.json().path("probe").path("start");
        List<SizeRow> rows = new ArrayList<>();
        int per = ProbeEvent.Start.resultsPerSize(start);
        if (!start.path("sizes").isArray() || start.path("sizes").isEmpty()) per = 8;
        List<Long> planned = new ArrayList<>();
        start.path("sizes").forEach(s -> planned.add(s.asLong()));
        r.results().stream().map(ProbeResult::bytes).filter(b -> b > 0 && !planned.contains(b)).distinct()
                .forEach(planned::add);
        planned.sort(Long::compare);
        for (long b : planned) {
            SizeRow row = new SizeRow(b, per);
            row.doneProperty().set((int) r.results().stream().filter(x -> x.bytes() == b).count());
            rows.add(row);
        }
        for (JsonNode o : r.json().path("otherLines")) {
            if (!"skip".equals(o.path("kind").asText())) continue;
            for (SizeRow row : rows) {
                if (row.bytes() == o.path("bytes").asLong()) row.noteProperty().set("skipped: " + o.path("reason").asText());
            }
        }
        sizes.setAll(rows);
        int all = rows.stream().mapToInt(SizeRow::total).sum();
        overall.set(all == 0 ? 0 : Math.min(1.0, r.results().size() / (double) all));
    }

    static String info(Receipt r, ReceiptReading rd) {
        return r.label() + ": " + (r.gpuName() == null ? "GPU" : r.gpuName())
                + (r.gpuBusId() == null ? "" : " " + r.gpuBusId()) + " on " + (r.hostname() == null ? "?" : r.hostname())
                + ", " + (r.startedAt() == null ? "time unknown" : r.startedAt()) + " · link recorded "
                + LinkMath.link(rd.trainedGen(), rd.trainedWidth()) + ", capable "
                + LinkMath.link(rd.capableGen(), rd.capableWidth()) + " · " + (rd.claimable() ? "a claim (link state"
                + " recorded in the same boot)" : "not a claim");
    }

    /** "Achieved / usable: 0.88 …" for the best pinned H2D size, at the trained and at the capable link. */
    static String ratioText(ReceiptReading rd) {
        ReceiptReading.Row peak = null;
        for (ReceiptReading.Row row : rd.rows()) {
            double v = row.bestPinnedH2d();
            if (!Double.isNaN(v) && (peak == null || v > peak.bestPinnedH2d())) peak = row;
        }
        if (peak == null) return "Achieved / usable: no pinned host-to-device result.";
        String trained = LinkMath.link(rd.trainedGen(), rd.trainedWidth());
        String capable = LinkMath.link(rd.capableGen(), rd.capableWidth());
        StringBuilder s = new StringBuilder("Achieved / usable: ");
        if (Double.isNaN(peak.usableTrained())) {
            s.append("unknown (no link state recorded)");
        } else {
            s.append(String.format(Locale.ROOT, "%.2f at the trained %s (pinned H2D %.1f of %.1f GB/s at %s)",
                    peak.ratioTrained(), trained, peak.bestPinnedH2d(), peak.usableTrained(),
                    LinkMath.size(peak.bytes())));
        }
        if (!Double.isNaN(peak.usableCapable())) {
            s.append(String.format(Locale.ROOT, "; %.2f of the capable %s (%.1f GB/s)", peak.ratioCapable(), capable,
                    peak.usableCapable()));
        }
        if (rd.voidTimings()) s.append(". The link trained low: these timings are void.");
        return s.append('.').toString().replace("..", ".");
    }

    // ---- engine against wire

    private void judgeEngine() {
        String typed = engineClaim.get();
        if (typed == null || typed.isBlank()) {
            engineReading.set("");
            return;
        }
        EngineVsWire.Claim c;
        try {
            c = EngineVsWire.parse(typed);
        } catch (IllegalArgumentException bad) {
            engineReading.set(bad.getMessage());
            return;
        }
        Receipt r = receipt.get();
        ReceiptReading rd = reading.get();
        if (r == null || rd == null) {
            engineReading.set(String.format(Locale.ROOT, "Read as %.2f GB/s at %s. Run the probe or open a receipt"
                    + " to compare it with this link at the same size.", c.gbps(), LinkMath.size(c.bytes())));
            return;
        }
        engineReading.set(EngineVsWire.of(c, BatchReading.of(r.results()), rd.peakPinnedH2d()).sentence());
    }

    // ---- evidence on the open capture

    private void applyEvidence(Receipt r) {
        MainViewModel.Loaded l = main == null ? null : main.getLoaded();
        evidenceTopology = l == null ? null : l.topology();
        evidenceText.set("");
        if (l == null) return;
        Task<EvidenceOnCapture.Outcome> t = new Task<>() {
            @Override
            protected EvidenceOnCapture.Outcome call() {
                return EvidenceOnCapture.apply(r, l);
            }
        };
        t.setOnSucceeded(e -> {
            EvidenceOnCapture.Outcome o = t.getValue();
            evidenceText.set(o.text());
            if (o.analysed() != null) main.applyAnalysis(o.analysed());
        });
        t.setOnFailed(e -> evidenceText.set("The capture could not be re-analysed: " + t.getException().getMessage()));
        worker.execute(t);
    }

    private static String firstLine(String s) {
        if (s == null) return "";
        int i = s.indexOf('\n');
        return i < 0 ? s : s.substring(0, i);
    }

    private static String capitalise(String s) {
        return s == null || s.isEmpty() ? "" : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
