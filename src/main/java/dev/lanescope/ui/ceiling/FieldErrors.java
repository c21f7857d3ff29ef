package dev.lanescope.ui.ceiling;

import java.util.EnumMap;
import java.util.Map;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import dev.lanescope.analysis.ceiling.CeilingInputException;
import dev.lanescope.ui.ceiling.CeilingViewModel.Field;

/** The ceiling panel's message per input field: empty while the field reads, else what is wrong with it. */
final class FieldErrors {

    private final Map<Field, ReadOnlyStringWrapper> errors = new EnumMap<>(Field.class);

    FieldErrors() {
        for (Field f : Field.values()) errors.put(f, new ReadOnlyStringWrapper(""));
    }

    ReadOnlyStringProperty property(Field f) {
        return errors.get(f).getReadOnlyProperty();
    }

    String get(Field f) {
        return errors.get(f).get();
    }

    void set(Field f, String message) {
        errors.get(f).set(message);
    }

    /** The number typed in {@code f} ({@code what} names it in a refusal); null, with the message set, if none. */
    Double number(Field f, String text, String what) {
        return CeilingFields.number(text, what, errors.get(f)::set);
    }

    /** The byte count typed in {@code f}; null, with the message set, if it is not one. */
    Long bytes(Field f, String text, String what) {
        return CeilingFields.bytes(text, what, errors.get(f)::set);
    }

    /** The inputs' own check refused a value: said under {@code f} in that field's words. */
    void refuse(Field f, CeilingInputException e) {
        set(f, CeilingFields.label(f) + " " + CeilingFields.why(e));
    }

    /** The first field's message, in the order of the fields; empty when every field reads. */
    String first() {
        for (Field f : Field.values()) {
            String e = get(f);
            if (!e.isEmpty()) return e;
        }
        return "";
    }
}
