package dev.lanescope.ui.scaling;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import javafx.beans.Observable;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import dev.lanescope.analysis.ceiling.CeilingInputException;
import dev.lanescope.analysis.ceiling.MoePreset;
import dev.lanescope.analysis.scaling.CaptureGpus;
import dev.lanescope.analysis.scaling.GpuPreset;
import dev.lanescope.analysis.scaling.Measured;
import dev.lanescope.analysis.scaling.Scaling;
import dev.lanescope.analysis.scaling.ScalingRequest;
import dev.lanescope.model.AllReduceTable;

/**
 * "Would adding a card help?": the inputs as the user typed them, the capture it follows, and the answer,
 * recomputed on every change. A typed field that does not parse leaves the last answer and names the field.
 */
public final class ScalingViewModel {

    /** The card choice that means "the capture's GPUs". */
    public static final String FROM_CAPTURE = "from the capture";

    /** How the user shares the model: shown text to the {@link ScalingRequest#kind} key. */
    public static final Map<String, String> SPLITS = new java.util.LinkedHashMap<>();

    static {
        SPLITS.put("tensor split (tp)", "tp");
        SPLITS.put("layer split (-sm layer)", "layer");
        SPLITS.put("tensor groups of 2, pipelined (-tps 2)", "tp2");
        SPLITS.put("tensor groups of 4, pipelined (-tps 4)", "tp4");
    }

    private static final Map<String, String> FIELD_WORDS = Map.ofEntries(Map.entry("measured", "Measured"),
            Map.entry("memGbPerS", "Memory GB/s"), Map.entry("vramGb", "Memory GB"), Map.entry("maxCards", "Up to"),
            Map.entry("predict", "Up to"), Map.entry("p2p", "Peer GB/s"), Map.entry("fixedMs", "Fixed ms"),
            Map.entry("split", "Split"), Map.entry("bitsPerWeight", "Bits"));

    /** The model to place: empty until the user chooses it (no figure is shown before). */
    private final ObjectProperty<MoePreset> model = new SimpleObjectProperty<>();
    private final StringProperty card = new SimpleStringProperty(FROM_CAPTURE);
    private final StringProperty memGbps = new SimpleStringProperty("");
    private final StringProperty measured = new SimpleStringProperty("");
    private final StringProperty split = new SimpleStringProperty(SPLITS.keySet().iterator().next());
    private final StringProperty maxCards = new SimpleStringProperty("");
    private final StringProperty p2pGbps = new SimpleStringProperty("");
    private final StringProperty fixedMs = new SimpleStringProperty("");
    private final ObjectProperty<AllReduceTable> table = new SimpleObjectProperty<>();
    private final ObjectProperty<CaptureGpus> capture = new SimpleObjectProperty<>();
    private final ReadOnlyObjectWrapper<Scaling.Result> result = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper headline = new ReadOnlyStringWrapper(CHOOSE_MODEL);
    private final ReadOnlyStringWrapper verdict = new ReadOnlyStringWrapper("");

    public ScalingViewModel() {
        for (Observable o : List.of(model, card, memGbps, measured, split, maxCards, p2pGbps, fixedMs, table, capture)) {
            o.addListener(x -> recompute());
        }
        recompute();
    }

    /** Builds the request from the fields and evaluates it; a bad field keeps the last answer and says why. */
    public void recompute() {
        evaluate();
        words();
    }

    private void evaluate() {
        try {
            ScalingRequest q = new ScalingRequest();
            q.model = model.get();
            String c = card.get();
            if (c != null && !c.equals(FROM_CAPTURE)) {
                q.gpu = GpuPreset.values().stream().filter(p -> p.label().equals(c)).findFirst()
                        .orElse(null);
            }
            q.memGbPerS = number(memGbps.get(), "memGbPerS");
            q.split = SPLITS.getOrDefault(split.get(), "tp");
            String splitKey = q.split.matches("tp\\d+") ? "tp" : q.split;
            if (!measured.get().isBlank()) q.measured = Measured.parseList(measured.get(), splitKey);
            Double max = number(maxCards.get(), "maxCards");
            if (max != null) {
                if (max != Math.rint(max) || max < 1 || max > 64) {
                    throw new CeilingInputException("maxCards", "a whole number of cards, 1 to 64");
                }
                q.maxCards = max.intValue();
            }
            q.p2pGbPerS = number(p2pGbps.get(), "p2p");
            q.fixedMs = number(fixedMs.get(), "fixedMs");
            q.table = table.get();
            q.capture = capture.get();
            if (q.model == null) {
                result.set(null);
                error.set(CHOOSE_MODEL);
                return;
            }
            if (q.capture != null && q.capture.alone() != null && q.gpu == null && q.memGbPerS == null) {
                result.set(null);
                error.set(q.capture.alone());
                return;
            }
            result.set(Scaling.evaluate(q.toInputs()));
            error.set("");
        } catch (CeilingInputException e) {
            error.set(FIELD_WORDS.getOrDefault(e.field(), e.field()) + ": "
                    + e.getMessage().substring(e.field().length() + 2));
        }
    }

    /**
     * The headline and the rest of the verdict: the answer's first sentence (after the capture's note on mixed cards
     * when the card comes from it); without a figure, what the window waits for.
     */
    private void words() {
        Scaling.Result r = result.get();
        if (r == null) {
            headline.set(error.get().isEmpty() ? CHOOSE_MODEL : error.get());
            verdict.set("");
            return;
        }
        String[] h = headline(r.verdict());
        CaptureGpus cg = capture.get();
        boolean fromCapture = FROM_CAPTURE.equals(card.get());
        headline.set((cg != null && fromCapture && cg.mixed() != null ? cg.mixed() + " " : "") + h[0]);
        verdict.set(h[1]);
    }

    /** What the window says before the user has chosen a model. */
    public static final String CHOOSE_MODEL = "Which model? Choose the model to place above: no figure is shown until"
            + " you do.";

    private static Double number(String text, String field) {
        if (text == null || text.isBlank()) return null;
        try {
            double v = Double.parseDouble(text.trim().replace(',', '.'));
            if (!Double.isFinite(v)) throw new NumberFormatException();
            return v;
        } catch (NumberFormatException e) {
            throw new CeilingInputException(field, "'" + text.trim() + "' is not a number");
        }
    }

    /** The first sentence of the verdict (the answer), and the rest. */
    public static String[] headline(String verdict) {
        int i = verdict.indexOf(". ");
        if (i < 0) return new String[] {verdict, ""};
        return new String[] {verdict.substring(0, i + 1), verdict.substring(i + 2)};
    }

    public static String gb(double v) {
        return String.format(Locale.ROOT, "%.0f", v);
    }

    public ObjectProperty<MoePreset> modelProperty() {
        return model;
    }

    public StringProperty cardProperty() {
        return card;
    }

    public StringProperty memGbpsProperty() {
        return memGbps;
    }

    public StringProperty measuredProperty() {
        return measured;
    }

    public StringProperty splitProperty() {
        return split;
    }

    public StringProperty maxCardsProperty() {
        return maxCards;
    }

    public StringProperty p2pGbpsProperty() {
        return p2pGbps;
    }

    public StringProperty fixedMsProperty() {
        return fixedMs;
    }

    public ObjectProperty<AllReduceTable> tableProperty() {
        return table;
    }

    /** Follows a capture source (the session's open capture): its GPUs and peer path now and after every change. */
    public void follow(javafx.beans.value.ObservableValue<CaptureGpus> source) {
        capture.set(source.getValue());
        source.addListener((o, a, b) -> capture.set(b));
    }

    public ObjectProperty<CaptureGpus> captureProperty() {
        return capture;
    }

    public ReadOnlyObjectProperty<Scaling.Result> resultProperty() {
        return result.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** The answer first, as the window's headline reads it (what it waits for while there is no figure). */
    public ReadOnlyStringProperty headlineProperty() {
        return headline.getReadOnlyProperty();
    }

    /** The rest of the verdict, after the headline's sentence (empty without a figure). */
    public ReadOnlyStringProperty verdictProperty() {
        return verdict.getReadOnlyProperty();
    }
}
