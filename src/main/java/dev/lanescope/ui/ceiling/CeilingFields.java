package dev.lanescope.ui.ceiling;

import java.util.function.Consumer;

import dev.lanescope.analysis.ceiling.ByteCount;
import dev.lanescope.analysis.ceiling.CeilingInputException;
import dev.lanescope.model.Units;

/**
 * The ceiling panel's typed fields: reading a number or a byte count as typed (each refusal in words, naming the
 * field), the field an input's refusal belongs to and its name, and how a figure is written back into a field.
 */
final class CeilingFields {

    private CeilingFields() {
    }

    /** A number typed in a field; {@code error} gets what is wrong with it (null is returned then). */
    static Double number(String text, String what, Consumer<String> error) {
        String t = text == null ? "" : text.trim().replace("_", "");
        if (t.isEmpty()) {
            error.accept(what + " is empty: type a number");
            return null;
        }
        try {
            double v = Double.parseDouble(t);
            if (!Double.isFinite(v)) throw new NumberFormatException();
            return v;
        } catch (NumberFormatException e) {
            error.accept(what + ": '" + text.trim() + "' is not a number");
            return null;
        }
    }

    /** A byte count as {@link ByteCount} reads it; null, with why said to {@code error}, if it is not one. */
    static Long bytes(String text, String what, Consumer<String> error) {
        try {
            return ByteCount.parse(what, text);
        } catch (CeilingInputException e) {
            error.accept(e.getMessage());
            return null;
        }
    }

    static CeilingViewModel.Field fieldOf(String inputName) {
        return switch (inputName) {
            case "activeExpertBytesPerToken" -> CeilingViewModel.Field.ACTIVE_BYTES;
            case "hitRate" -> CeilingViewModel.Field.HIT_RATE;
            case "overheadUs" -> CeilingViewModel.Field.OVERHEAD;
            case "slabBytes" -> CeilingViewModel.Field.SLAB;
            case "ramGbPerS" -> CeilingViewModel.Field.RAM;
            case "ramBytesPerToken" -> CeilingViewModel.Field.RAM_BYTES;
            case "achievableFactor" -> CeilingViewModel.Field.ACHIEVABLE;
            case "bitsPerWeight" -> CeilingViewModel.Field.BITS;
            default -> CeilingViewModel.Field.H2D;
        };
    }

    static String label(CeilingViewModel.Field f) {
        return switch (f) {
            case ACTIVE_BYTES -> "active expert bytes per token";
            case BITS -> "bits per weight";
            case HIT_RATE -> "LRU hit rate";
            case H2D -> "host-to-device rate";
            case ACHIEVABLE -> "achievable factor";
            case OVERHEAD -> "per-transfer overhead";
            case SLAB -> "slab size";
            case RAM -> "host RAM bandwidth";
            case RAM_BYTES -> "bytes read in RAM per token";
        };
    }

    static String why(CeilingInputException e) {
        return e.getMessage().substring(e.field().length() + 2);
    }

    static String fmt(double v) {
        return Units.sixSignificant(v);
    }
}
