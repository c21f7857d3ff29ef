package dev.lanescope.ui.probe;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import dev.lanescope.probe.Receipt;
import dev.lanescope.probe.SizePlan;

/**
 * The probe panel's per-size table while a run comes in (planned sizes, results counted, notes) or for an opened
 * receipt, and the overall progress. FX thread only.
 */
final class SizeTable {

    private final ObservableList<SizeRow> rows = FXCollections.observableArrayList();
    private final ObservableList<SizeRow> rowsView = FXCollections.unmodifiableObservableList(rows);
    private final ReadOnlyDoubleWrapper overall = new ReadOnlyDoubleWrapper();

    ObservableList<SizeRow> rows() {
        return rowsView;
    }

    ReadOnlyDoubleProperty overallProperty() {
        return overall.getReadOnlyProperty();
    }

    void clear() {
        rows.clear();
        overall.set(0);
    }

    /** The run's plan: these sizes, {@code perSize} results each. */
    void plan(List<Long> sizes, int perSize) {
        rows.setAll(sizes.stream().map(b -> new SizeRow(b, perSize)).toList());
    }

    void progress(long done, long total) {
        overall.set(done / (double) total);
    }

    /** One more result at {@code bytes}. */
    void counted(long bytes) {
        SizeRow row = row(bytes);
        row.doneProperty().set(row.doneProperty().get() + 1);
    }

    void note(long bytes, String note) {
        row(bytes).noteProperty().set(note);
    }

    /** How many results the run plans in all. */
    int planned() {
        return rows.stream().mapToInt(SizeRow::total).sum();
    }

    /** The table of an opened receipt: its sizes as planned and done, and how much of the plan it holds. */
    void fill(Receipt r) {
        List<SizeRow> out = new ArrayList<>();
        for (SizePlan.Row p : SizePlan.of(r)) {
            SizeRow row = new SizeRow(p.bytes(), p.planned());
            row.doneProperty().set(p.done());
            row.noteProperty().set(p.note());
            out.add(row);
        }
        rows.setAll(out);
        int all = out.stream().mapToInt(SizeRow::total).sum();
        overall.set(all == 0 ? 0 : Math.min(1.0, r.results().size() / (double) all));
    }

    private SizeRow row(long bytes) {
        for (SizeRow r : rows) if (r.bytes() == bytes) return r;
        SizeRow r = new SizeRow(bytes, SizePlan.DEFAULT_PER_SIZE);
        rows.add(r);
        rows.sort(Comparator.comparingLong(SizeRow::bytes));
        return r;
    }
}
