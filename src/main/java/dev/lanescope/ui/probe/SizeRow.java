package dev.lanescope.ui.probe;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.DoubleBinding;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import dev.lanescope.probe.LinkMath;

/** One transfer size of a sweep: how many of its (memory, mode) results have arrived, and a note (skipped, bad data). */
public final class SizeRow {

    private final long bytes;
    private final int total;
    private final IntegerProperty done = new SimpleIntegerProperty();
    private final StringProperty note = new SimpleStringProperty("");
    private final DoubleBinding fraction;

    public SizeRow(long bytes, int total) {
        this.bytes = bytes;
        this.total = Math.max(1, total);
        this.fraction = Bindings.createDoubleBinding(() -> Math.min(1.0, done.get() / (double) this.total), done);
    }

    public long bytes() {
        return bytes;
    }

    public int total() {
        return total;
    }

    public String label() {
        return LinkMath.size(bytes);
    }

    public IntegerProperty doneProperty() {
        return done;
    }

    public StringProperty noteProperty() {
        return note;
    }

    public DoubleBinding fraction() {
        return fraction;
    }

    /** "5 / 8", or the note when there is one. */
    public String countText() {
        return done.get() + " / " + total + (note.get().isEmpty() ? "" : "  " + note.get());
    }
}
