package dev.lanescope.ui.ceiling;

import java.util.List;
import java.util.Locale;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;

import dev.lanescope.model.Units;
import dev.lanescope.analysis.ceiling.Ceiling;
import dev.lanescope.analysis.ceiling.CeilingInputException;
import dev.lanescope.analysis.ceiling.CeilingInputs;
import dev.lanescope.analysis.ceiling.CeilingResult;
import dev.lanescope.analysis.ceiling.CeilingSeries;
import dev.lanescope.analysis.ceiling.EngineShape;
import dev.lanescope.analysis.ceiling.H2dRate;
import dev.lanescope.analysis.ceiling.HostMemoryPreset;
import dev.lanescope.analysis.ceiling.MoePreset;
import dev.lanescope.analysis.ceiling.TransferSample;
import dev.lanescope.model.LinkState;

/**
 * State of the "Does the link matter?" panel: the inputs as the user typed them, a message per field that is
 * refused, and the evaluated result and chart series (null while any input is refused, so the chart never sees a
 * non-physical number). Every input change re-evaluates at once. No scene graph here.
 */
public final class CeilingViewModel {

    /** The input fields, each with its own error message. */
    public enum Field { ACTIVE_BYTES, BITS, HIT_RATE, H2D, ACHIEVABLE, OVERHEAD, SLAB, RAM, RAM_BYTES }

    /** Where the host-to-device rate comes from. */
    public enum RateSource {
        LINK_ESTIMATE("Card's capable link × factor (an assumption)"), RECEIPT("Probe receipt"),
        TYPED("Typed (a rate you measured)");

        private final String label;

        RateSource(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /**
     * Where the per-transfer overhead in use comes from: typed by the user (wins until they ask for the receipt's
     * value again), measured by the open receipt at the size nearest the slab, or none (no receipt in use).
     */
    public enum OverheadSource { TYPED, RECEIPT, NONE }

    /**
     * The link a card's path is capable of, as the capture shows it ({@code label} names the card, {@code evidence}
     * says where the link was read and what the trained reading was). Never the trained link: an idle GPU trains down.
     */
    public record CardLink(String label, LinkState link, String evidence, long usableMbps, String what) {
        public CardLink(String label, LinkState link, String evidence) {
            this(label, link, evidence, link.mbps(), link.genText());
        }

        public CardLink(String label, LinkState link) {
            this(label, link, "capable " + link.genText());
        }

        /** What the card's path carries, GB/s: its capable link, or behind a tunnel the tunnel's budget. */
        public double usableGbPerS() {
            return usableMbps / 8000.0;
        }
    }

    /** A receipt's host-to-device size sweep, read once; the rate is picked per slab size. */
    public record Receipt(String name, List<TransferSample> samples, String what) {
        public Receipt {
            samples = List.copyOf(samples);
        }
    }

    private final ObjectProperty<EngineShape> engineShape = new SimpleObjectProperty<>(EngineShape.STREAMS_WEIGHTS);
    private final ObjectProperty<MoePreset> modelPreset = new SimpleObjectProperty<>(MoePreset.QWEN3_30B_A3B);
    private final StringProperty activeBytes = new SimpleStringProperty("");
    private final StringProperty bits = new SimpleStringProperty("");
    private final StringProperty hitRate = new SimpleStringProperty("0");
    // the capture's evidence first; nothing invented: a rate the capture cannot give stays empty until measured
    private final ObjectProperty<RateSource> rateSource = new SimpleObjectProperty<>(RateSource.LINK_ESTIMATE);
    private final StringProperty typedH2d = new SimpleStringProperty("");
    private final StringProperty achievable = new SimpleStringProperty(CeilingFields.fmt(H2dRate.DEFAULT_ACHIEVABLE_FACTOR));
    private final ObjectProperty<CardLink> cardLink = new SimpleObjectProperty<>();
    private final ObjectProperty<Receipt> receipt = new SimpleObjectProperty<>();
    private final StringProperty overhead = new SimpleStringProperty("0");
    private final ReadOnlyObjectWrapper<OverheadSource> overheadSource = new ReadOnlyObjectWrapper<>(OverheadSource.NONE);
    private final ReadOnlyStringWrapper overheadNote = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper receiptOverheadOffered = new ReadOnlyBooleanWrapper(false);
    private boolean overheadTyped;
    private boolean settingOverhead;
    // no capture shows host memory: empty until the user picks or types it
    private final ObjectProperty<HostMemoryPreset> ramPreset = new SimpleObjectProperty<>();
    private final ReadOnlyStringWrapper ramNote = new ReadOnlyStringWrapper("");
    private final StringProperty ram = new SimpleStringProperty("");
    private final StringProperty ramBytes = new SimpleStringProperty("");
    private final StringProperty slab = new SimpleStringProperty("3M");

    private final FieldErrors errors = new FieldErrors();
    private final ReadOnlyObjectWrapper<CeilingResult> result = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<CeilingSeries> series = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<H2dRate> rate = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper headline = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper verdict = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper rateNote = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper waiting = new ReadOnlyStringWrapper("");
    private boolean applyingPreset;
    private boolean evaluating;

    public CeilingViewModel() {
        modelPreset.addListener((o, a, b) -> applyModelPreset());
        ramPreset.addListener((o, a, b) -> applyRamPreset());
        activeBytes.addListener((o, a, b) -> {
            if (applyingPreset) return;
            modelPreset.set(null);
            errors.set(Field.BITS, "");
        });
        bits.addListener((o, a, b) -> {
            if (!applyingPreset && modelPreset.get() != null) recomputeActiveFromBits();
        });
        ram.addListener((o, a, b) -> {
            if (!applyingPreset) ramPreset.set(null);
        });
        overhead.addListener((o, a, b) -> {
            if (!settingOverhead) overheadTyped = true;
        });
        receipt.addListener((o, a, b) -> {
            if (b != null) rateSource.set(RateSource.RECEIPT);
        });
        applyModelPreset();
        applyRamPreset();
        ObservableValue<?>[] deps = {engineShape, activeBytes, bits, hitRate, rateSource, typedH2d, achievable, cardLink,
                receipt, overhead, ram, ramBytes, slab};
        for (ObservableValue<?> d : deps) d.addListener((o, a, b) -> evaluate());
        evaluate();
    }

    private void applyModelPreset() {
        MoePreset p = modelPreset.get();
        if (p == null) return;
        applyingPreset = true;
        try {
            bits.set(CeilingFields.fmt(p.geometry().bitsPerWeight()));
            activeBytes.set(String.format(Locale.ROOT, "%,d", p.geometry().activeExpertBytesPerToken()));
        } finally {
            applyingPreset = false;
        }
    }

    private void recomputeActiveFromBits() {
        MoePreset p = modelPreset.get();
        try {
            double b = Double.parseDouble(bits.get().trim());
            long active = p.geometry().withBits(b).activeExpertBytesPerToken();
            applyingPreset = true;
            activeBytes.set(String.format(Locale.ROOT, "%,d", active));
            errors.set(Field.BITS, "");
        } catch (NumberFormatException e) {
            errors.set(Field.BITS, "bits per weight: '" + bits.get() + "' is not a number");
        } catch (CeilingInputException e) {
            errors.set(Field.BITS, "bits per weight " + CeilingFields.why(e));
        } finally {
            applyingPreset = false;
        }
    }

    private void applyRamPreset() {
        HostMemoryPreset p = ramPreset.get();
        if (p == null) return;
        applyingPreset = true;
        try {
            ram.set(CeilingFields.fmt(p.gbPerS()));
        } finally {
            applyingPreset = false;
        }
    }

    /** Reads every field, builds the inputs and evaluates; a refused field gets its message and clears the result. */
    void evaluate() {
        if (evaluating) return;
        evaluating = true;
        try {
            evaluateNow();
        } finally {
            evaluating = false;
        }
    }

    private void evaluateNow() {
        for (Field f : Field.values()) {
            if (f != Field.BITS) errors.set(f, "");
        }
        boolean ok = errors.get(Field.BITS).isEmpty();
        List<String> missing = new java.util.ArrayList<>();
        Long active = errors.bytes(Field.ACTIVE_BYTES, activeBytes.get(), "active expert bytes per token");
        Double hit = errors.number(Field.HIT_RATE, hitRate.get(), "LRU hit rate");
        Long slabBytes = errors.bytes(Field.SLAB, slab.get(), "slab size");
        Double ramGb = null;
        if (ram.get() == null || ram.get().isBlank()) {
            missing.add("host RAM bandwidth: pick the memory type or type its GB/s (a PCIe capture cannot see memory)");
            ramNote.set("");
        } else {
            ramGb = errors.number(Field.RAM, ram.get(), "host RAM bandwidth");
            HostMemoryPreset p = ramPreset.get();
            ramNote.set(p != null ? "preset: " + p.label() + ", the datasheet peak (sustained reads reach less)"
                    : "typed");
        }
        Long ramRead = ramBytes.get().isBlank() ? active
                : errors.bytes(Field.RAM_BYTES, ramBytes.get(), "bytes read in RAM");
        H2dRate r = slabBytes == null ? null : rate(slabBytes, missing);
        Double over = overhead(r, slabBytes);
        ok &= active != null && hit != null && slabBytes != null && ramGb != null && ramRead != null && r != null
                && over != null;
        rate.set(r);
        rateNote.set(r == null ? "" : r.note());
        if (ok) {
            try {
                CeilingInputs in = new CeilingInputs(active, hit, r.gbPerS(), over, slabBytes, ramGb, ramRead);
                CeilingResult res = Ceiling.evaluate(in);
                // series first: listeners of the result read both
                series.set(CeilingSeries.of(res, measuredLabel(r)));
                result.set(res);
                waiting.set("");
                headline.set(Headlines.headline(engineShape.get(), res));
                verdict.set(Headlines.verdict(engineShape.get(), res));
                return;
            } catch (CeilingInputException e) {
                errors.refuse(CeilingFields.fieldOf(e.field()), e);
            }
        }
        series.set(null);
        result.set(null);
        String error = errors.first();
        if (error.isEmpty() && !missing.isEmpty()) {
            // nothing is wrong: an input only a measurement or the user can give is still empty
            waiting.set(String.join("; ", missing));
            headline.set("Waiting for " + missing.stream().map(m -> m.substring(0, m.indexOf(':')))
                    .collect(java.util.stream.Collectors.joining(" and ")));
            verdict.set("No verdict yet. " + String.join(". ", missing.stream()
                    .map(m -> Character.toUpperCase(m.charAt(0)) + m.substring(1)).toList()) + ".");
            return;
        }
        waiting.set("");
        headline.set("Fix the marked input to see the verdict");
        verdict.set(error);
    }

    /**
     * The overhead in use: the typed one, else the rate's own (a receipt's measurement at the size nearest the slab,
     * 0 for a typed rate or a link estimate), which is written into the field. Sets the source and its note.
     */
    private Double overhead(H2dRate r, Long slabBytes) {
        boolean receiptInUse = r != null && r.source() == H2dRate.Source.RECEIPT;
        String measured = receiptInUse ? String.format(Locale.ROOT, "%.1f µs at %s", r.overheadUs(),
                Units.bytes(H2dRate.nearest(receipt.get().samples(), slabBytes).bytes())) : "";
        receiptOverheadOffered.set(receiptInUse && overheadTyped);
        if (overheadTyped) {
            overheadSource.set(OverheadSource.TYPED);
            overheadNote.set(receiptInUse ? "typed; the receipt measured " + measured : "typed");
            return errors.number(Field.OVERHEAD, overhead.get(), "per-transfer overhead");
        }
        if (r == null) {
            // no rate to take the overhead from (its error is shown); the field keeps its last value
            overheadSource.set(OverheadSource.NONE);
            overheadNote.set("");
            return errors.number(Field.OVERHEAD, overhead.get(), "per-transfer overhead");
        }
        overheadSource.set(receiptInUse ? OverheadSource.RECEIPT : OverheadSource.NONE);
        overheadNote.set(receiptInUse ? "from the receipt: " + measured
                : "none assumed: a probe receipt measures it, or type one");
        settingOverhead = true;
        try {
            overhead.set(CeilingFields.fmt(Math.round(r.overheadUs() * 10) / 10.0));
        } finally {
            settingOverhead = false;
        }
        return r.overheadUs();
    }

    /**
     * The user edited the overhead field: their value wins from now on, even when it equals the one shown (typing
     * the receipt's own number over it changes no text, so no change event says so).
     */
    public void overheadTyped() {
        if (overheadTyped) return;
        overheadTyped = true;
        evaluate();
    }

    /** Back to the receipt's overhead (at the size nearest the slab) after a typed one; slab changes follow it again. */
    public void useReceiptOverhead() {
        overheadTyped = false;
        evaluate();
    }

    private H2dRate rate(long slabBytes, List<String> missing) {
        try {
            return switch (rateSource.get()) {
                case TYPED -> {
                    if (typedH2d.get() == null || typedH2d.get().isBlank()) {
                        missing.add("host-to-device rate: type the bulk rate a probe measured on this machine, or"
                                + " open its receipt");
                        yield null;
                    }
                    Double gb = errors.number(Field.H2D, typedH2d.get(), "host-to-device rate");
                    yield gb == null ? null : H2dRate.typed(gb, 0);
                }
                case LINK_ESTIMATE -> {
                    Double f = errors.number(Field.ACHIEVABLE, achievable.get(), "achievable factor");
                    CardLink c = cardLink.get();
                    if (c == null) {
                        missing.add("host-to-device rate: the capture shows no card with a known link capability"
                                + " (select a GPU in the main window), so open a probe receipt or type a measured"
                                + " rate");
                        yield null;
                    }
                    yield f == null ? null : c.usableMbps() == c.link().mbps() ? H2dRate.fromLink(c.link(), f, 0)
                            : H2dRate.fromUsable(c.usableGbPerS(), c.what(), f, 0);
                }
                case RECEIPT -> {
                    Receipt rc = receipt.get();
                    if (rc == null) {
                        missing.add("host-to-device rate: open a probe receipt (pcie_bw JSON lines or a"
                                + " run_receipt.sh receipt)");
                        yield null;
                    }
                    yield H2dRate.fromSamples(rc.samples(), slabBytes, rc.what());
                }
            };
        } catch (CeilingInputException e) {
            Field f = rateSource.get() == RateSource.LINK_ESTIMATE && "achievableFactor".equals(e.field())
                    ? Field.ACHIEVABLE : Field.H2D;
            errors.refuse(f, e);
            return null;
        }
    }

    private String measuredLabel(H2dRate r) {
        return switch (r.source()) {
            case RECEIPT -> "measured";
            case TYPED -> "typed";
            case LINK_ESTIMATE -> cardLink.get().what() + " capable × " + achievable.get().trim()
                    + " (assumed)";
        };
    }

    // ---- properties

    public ObjectProperty<EngineShape> engineShapeProperty() { return engineShape; }
    public ObjectProperty<MoePreset> modelPresetProperty() { return modelPreset; }
    public StringProperty activeBytesProperty() { return activeBytes; }
    public StringProperty bitsProperty() { return bits; }
    public StringProperty hitRateProperty() { return hitRate; }
    public ObjectProperty<RateSource> rateSourceProperty() { return rateSource; }
    public StringProperty typedH2dProperty() { return typedH2d; }
    public StringProperty achievableProperty() { return achievable; }
    public ObjectProperty<CardLink> cardLinkProperty() { return cardLink; }
    public ObjectProperty<Receipt> receiptProperty() { return receipt; }
    public StringProperty overheadProperty() { return overhead; }
    public ObjectProperty<HostMemoryPreset> ramPresetProperty() { return ramPreset; }
    public StringProperty ramProperty() { return ram; }
    public StringProperty ramBytesProperty() { return ramBytes; }
    public StringProperty slabProperty() { return slab; }

    public ReadOnlyStringProperty errorProperty(Field f) { return errors.property(f); }
    public ReadOnlyObjectProperty<CeilingResult> resultProperty() { return result.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<CeilingSeries> seriesProperty() { return series.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<H2dRate> rateProperty() { return rate.getReadOnlyProperty(); }
    public ReadOnlyStringProperty headlineProperty() { return headline.getReadOnlyProperty(); }
    public ReadOnlyStringProperty verdictProperty() { return verdict.getReadOnlyProperty(); }
    public ReadOnlyStringProperty rateNoteProperty() { return rateNote.getReadOnlyProperty(); }
    /** Where the host RAM figure comes from, in words ({@code typed}, the preset); empty while none is given. */
    public ReadOnlyStringProperty ramNoteProperty() { return ramNote.getReadOnlyProperty(); }
    /** The inputs still missing, each with how to get it; empty when a verdict is shown or an input is refused. */
    public ReadOnlyStringProperty waitingProperty() { return waiting.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<OverheadSource> overheadSourceProperty() { return overheadSource.getReadOnlyProperty(); }
    /** Where the overhead in use comes from, in words: {@code typed}, {@code from the receipt: 7.9 µs at 3 MiB}. */
    public ReadOnlyStringProperty overheadNoteProperty() { return overheadNote.getReadOnlyProperty(); }
    /** True while a typed overhead hides an open receipt's: the cue for a "from receipt" control. */
    public ReadOnlyBooleanProperty receiptOverheadOfferedProperty() { return receiptOverheadOffered.getReadOnlyProperty(); }
}
