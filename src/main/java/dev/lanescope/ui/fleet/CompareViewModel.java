package dev.lanescope.ui.fleet;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.concurrent.Task;

import dev.lanescope.analysis.LinkVerdict;
import dev.lanescope.fleet.CaptureDiff;
import dev.lanescope.layout.TopologyLayouts;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.LinkState;
import dev.lanescope.pipeline.CaptureAnalysis;
import dev.lanescope.ui.model.EdgeColours;
import dev.lanescope.ui.session.OpenCapture;

/**
 * The compare view: the open capture (A) against a second one (B), read and diffed off the FX thread. The
 * summary's first sentence is the headline; each changed hop or device is a row that knows which boxes and edges
 * of A's picture it stands for, so the view can highlight them.
 */
public final class CompareViewModel {

    /** One row of the changes table; {@code ids} are layout ids in A's picture (empty when only on B). */
    public record Row(String hop, String change, String trainedA, String trainedB, String verdictA, String verdictB,
                      Set<String> ids, String focusId, boolean worse) {
    }

    private final OpenCapture current;
    private final StringProperty headline = new SimpleStringProperty("");
    private final StringProperty more = new SimpleStringProperty("");
    private final StringProperty sides = new SimpleStringProperty("");
    private final StringProperty nameA = new SimpleStringProperty("A");
    private final StringProperty nameB = new SimpleStringProperty("B");
    private final StringProperty status = new SimpleStringProperty("");
    private final StringProperty title = new SimpleStringProperty("Compare");
    private final BooleanProperty loading = new SimpleBooleanProperty();
    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final ObjectProperty<Row> selected = new SimpleObjectProperty<>();
    private final ObjectProperty<CaptureDiff.Result> result = new SimpleObjectProperty<>();

    public CompareViewModel(OpenCapture current) {
        this.current = Objects.requireNonNull(current, "current capture must not be null");
        sides.set("A: " + label(current) + " (open in the main window)");
    }

    public TopologyLayouts.Picture picture() {
        return current.picture();
    }

    /** Verdict colours of A's edges, as in the main window. */
    public Map<String, String> edgeColours() {
        return EdgeColours.of(current.picture(), current.topology(), current.insights(), EdgeColours.Mode.VERDICTS);
    }

    /** Every box and edge that changed, over all rows. */
    public Set<String> changedIds() {
        Set<String> out = new LinkedHashSet<>();
        for (Row r : rows) out.addAll(r.ids());
        return out;
    }

    public StringProperty headlineProperty() {
        return headline;
    }

    public StringProperty moreProperty() {
        return more;
    }

    public StringProperty sidesProperty() {
        return sides;
    }

    public StringProperty nameAProperty() {
        return nameA;
    }

    public StringProperty nameBProperty() {
        return nameB;
    }

    public StringProperty statusProperty() {
        return status;
    }

    public StringProperty titleProperty() {
        return title;
    }

    public BooleanProperty loadingProperty() {
        return loading;
    }

    public ObservableList<Row> rows() {
        return rows;
    }

    public ObjectProperty<Row> selectedProperty() {
        return selected;
    }

    public ObjectProperty<CaptureDiff.Result> resultProperty() {
        return result;
    }

    /** Reads B and compares it with the open capture, off the FX thread. */
    public Task<CaptureDiff.Result> compareWith(Path other) {
        CaptureAnalysis a = new CaptureAnalysis(sourceOf(current), current.topology().capture(), current.topology(),
                current.analysed().report(), current.analysed().evidence());
        Path b = other;
        loading.set(true);
        status.set("Reading " + b + " …");
        title.set("Compare — " + label(current) + " with " + b.getFileName());
        Task<CaptureDiff.Result> task = new Task<>() {
            @Override
            protected CaptureDiff.Result call() {
                CaptureAnalysis sb = CaptureAnalysis.load(b);
                if (!sb.usable()) {
                    throw new IllegalArgumentException(b + " is not a usable capture: " + sb.firstError());
                }
                return CaptureDiff.diff(a, sb);
            }
        };
        task.setOnSucceeded(e -> {
            loading.set(false);
            publish(task.getValue());
        });
        task.setOnFailed(e -> {
            loading.set(false);
            String msg = String.valueOf(task.getException().getMessage());
            headline.set("Could not compare: " + msg);
            status.set("Could not compare with " + b + ": " + msg);
        });
        return FleetWork.start(task);
    }

    void publish(CaptureDiff.Result r) {
        result.set(r);
        nameA.set(r.a().name());
        nameB.set(r.b().name());
        List<String> s = r.summary();
        headline.set(s.get(0));
        more.set(s.size() == 1 ? "" : String.join("\n", s.subList(1, s.size())));
        sides.set(r.a().describe() + " — the open capture, drawn below\n" + r.b().describe());
        rows.setAll(rows(r, current.picture()));
        status.set(r.same() ? "No differences." : r.hops().size() + " hop" + (r.hops().size() == 1 ? "" : "s")
                + " changed, " + r.missing().size() + " device(s) only on " + r.a().name() + ", " + r.added().size()
                + " only on " + r.b().name() + ". Changed hops are ringed in magenta; click a row to find it.");
    }

    static List<Row> rows(CaptureDiff.Result r, TopologyLayouts.Picture p) {
        List<Row> out = new ArrayList<>();
        String a = r.a().name();
        String b = r.b().name();
        for (CaptureDiff.HopChange c : r.hops()) {
            Set<String> ids = hopIds(p, c.port(), c.deviceA() != null ? c.deviceA() : c.deviceB());
            List<String> what = new ArrayList<>();
            if (c.speedChanged()) what.add("speed");
            if (c.widthChanged()) what.add("width");
            if (c.verdictChanged() && c.verdictA() != null && c.verdictB() != null) what.add("verdict");
            if (c.trainedA() == null && c.verdictA() == null) what.add("link only on " + b);
            else if (c.trainedB() == null && c.verdictB() == null) what.add("link only on " + a);
            else if (!Objects.equals(c.deviceA(), c.deviceB())) what.add("device below");
            boolean worse = c.faultChanged();
            Bdf dev = c.deviceA() != null ? c.deviceA() : c.deviceB();
            out.add(new Row(c.port() + (dev == null ? "" : " → " + dev), String.join(", ", what), show(c.trainedA()),
                    show(c.trainedB()), verdict(c.verdictA()), verdict(c.verdictB()), ids,
                    ids.isEmpty() ? null : ids.iterator().next(), worse));
        }
        for (CaptureDiff.DeviceChange d : r.missing()) {
            Set<String> ids = deviceIds(p, d.bdf());
            out.add(new Row(d.bdf() + " " + d.name(), "device missing on " + b, "present", "—", "", "", ids,
                    ids.isEmpty() ? null : ids.iterator().next(), true));
        }
        for (CaptureDiff.DeviceChange d : r.added()) {
            out.add(new Row(d.bdf() + " " + d.name(), "device only on " + b, "—", "present", "", "", Set.of(), null,
                    false));
        }
        return out;
    }

    /** The port's box first, then the device's box and the edge between them. */
    static Set<String> hopIds(TopologyLayouts.Picture p, Bdf port, Bdf device) {
        Set<String> ids = new LinkedHashSet<>();
        TopologyLayouts.NodeView pn = p.nodeOf(port);
        TopologyLayouts.NodeView dn = device == null ? null : p.nodeOf(device);
        if (pn != null) ids.add(pn.id());
        if (dn != null) ids.add(dn.id());
        if (pn != null && dn != null && p.edges().containsKey(pn.id() + "->" + dn.id())) {
            ids.add(pn.id() + "->" + dn.id());
        }
        return ids;
    }

    static Set<String> deviceIds(TopologyLayouts.Picture p, Bdf bdf) {
        Set<String> ids = new LinkedHashSet<>();
        TopologyLayouts.NodeView n = p.nodeOf(bdf);
        if (n == null) return ids;
        ids.add(n.id());
        for (TopologyLayouts.EdgeView e : p.edges().values()) {
            if (e.target().equals(n.id())) ids.add(e.id());
        }
        return ids;
    }

    static String show(LinkState s) {
        return s == null ? "—" : s.display();
    }

    static String verdict(LinkVerdict v) {
        return LinkVerdict.wordsOrElse(v, "—");
    }

    static String label(OpenCapture l) {
        if (l.inputs().size() == 1 && l.inputs().get(0).getFileName() != null) {
            Path p = l.inputs().get(0);
            Path parent = p.getParent() == null ? null : p.getParent().getFileName();
            return parent == null ? p.getFileName().toString() : parent + "/" + p.getFileName();
        }
        return l.label();
    }

    static String sourceOf(OpenCapture l) {
        return l.inputs().size() == 1 ? l.inputs().get(0).toString() : l.label();
    }
}
