package dev.lanescope.ui.session;

import java.util.List;
import java.util.TreeSet;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import dev.lanescope.layout.TopologyLayouts;
import dev.lanescope.model.Bdf;
import dev.lanescope.ui.model.CardAdvice;
import dev.lanescope.ui.model.InsightsFactory;

/**
 * What every window of one run shares: the open capture with its analysis and evidence, the selected card and its
 * answer, the second card of a peer-to-peer pair, the theme and the status line. The main window, its side panel's
 * tabs and the windows they open read it through read-only properties and change it through the commands below;
 * none of them owns it. FX thread only; it touches no node, so it works without the toolkit started.
 */
public final class Session {

    private final ReadOnlyObjectWrapper<OpenCapture> capture = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("Ready");
    private final ReadOnlyObjectWrapper<Bdf> selected = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<CardAdvice> advice = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Bdf> pairPeer = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Theme> theme = new ReadOnlyObjectWrapper<>(Theme.LIGHT);

    public Session() {
        selected.addListener((o, a, b) -> advice.set(adviceFor(b)));
    }

    // ---- properties

    public ReadOnlyObjectProperty<OpenCapture> captureProperty() {
        return capture.getReadOnlyProperty();
    }

    /** The open capture, or null before the first one has loaded. */
    public OpenCapture capture() {
        return capture.get();
    }

    /** True while a capture is being read (what is shown is still the previous one). */
    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    /** The status line: what was last done or went wrong. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Bdf> selectedProperty() {
        return selected.getReadOnlyProperty();
    }

    public Bdf selected() {
        return selected.get();
    }

    /** The selected card's answer, from the open analysis (null when nothing is selected). */
    public ReadOnlyObjectProperty<CardAdvice> adviceProperty() {
        return advice.getReadOnlyProperty();
    }

    /** The P2P ladder's second card: its path is highlighted beside the selected card's. */
    public ReadOnlyObjectProperty<Bdf> pairPeerProperty() {
        return pairPeer.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Theme> themeProperty() {
        return theme.getReadOnlyProperty();
    }

    public Theme theme() {
        return theme.get();
    }

    /** The GPUs/accelerators of the open capture in address order (an iGPU or a BMC's display is not one). */
    public List<Bdf> gpus() {
        OpenCapture c = capture.get();
        return c == null ? List.of() : List.copyOf(new TreeSet<>(c.analysed().report().accelerators()));
    }

    // ---- commands

    /** Shows a newly opened capture: the selection is cleared first, so nothing reads a card of the old one. */
    public void show(OpenCapture opened) {
        selected.set(null);
        capture.set(opened);
    }

    /** Shows the open capture drawn anew (a group opened, the focus changed); the selection stays. */
    public void redraw(TopologyLayouts.Picture picture) {
        OpenCapture c = capture.get();
        if (c != null && picture != null) capture.set(c.withPicture(picture));
    }

    /**
     * Shows a new analysis of the open topology (e.g. with a probe receipt's under-load evidence); ignored when
     * another capture has been opened meanwhile. The selected card's answer is read again from it.
     */
    public void applyAnalysis(InsightsFactory.Analysed a) {
        OpenCapture c = capture.get();
        if (c == null || a == null || a.topology() != c.topology()) return;
        capture.set(c.withAnalysis(a));
        advice.set(adviceFor(selected.get()));
    }

    /** Selects a function of the open capture (null: none). */
    public void select(Bdf bdf) {
        selected.set(bdf);
    }

    /** The second card of the pair the ladder is about (null: none). */
    public void pairWith(Bdf peer) {
        pairPeer.set(peer);
    }

    public void setTheme(Theme t) {
        theme.set(t == null ? Theme.LIGHT : t);
    }

    public void toggleTheme() {
        theme.set(theme.get().other());
    }

    /** Puts {@code message} on the status line. */
    public void tell(String message) {
        status.set(message == null ? "" : message);
    }

    /** Marks that a capture is being read (true) or has been read or refused (false). */
    public void setLoading(boolean busy) {
        loading.set(busy);
    }

    private CardAdvice adviceFor(Bdf card) {
        OpenCapture c = capture.get();
        return card == null || c == null ? null : InsightsFactory.advise(c.analysed(), card);
    }
}
