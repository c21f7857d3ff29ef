package dev.lanescope.ui.ceiling;

import java.util.Locale;
import java.util.function.Consumer;

import dev.lanescope.analysis.ceiling.CeilingInputException;

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

    /** Bytes: plain, with {@code ,} or {@code _}, scientific, or with K/M/G/T (KiB, MiB, GiB, TiB). */
    static Long bytes(String text, String what, Consumer<String> error) {
        String t = text == null ? "" : text.trim().replace("_", "").replace(",", "");
        if (t.isEmpty()) {
            error.accept(what + " is empty: type a byte count (e.g. 3M, 1.2G, 460800)");
            return null;
        }
        long mult = 1;
        char last = Character.toUpperCase(t.charAt(t.length() - 1));
        if ("KMGT".indexOf(last) >= 0) {
            mult = 1L << (10 * ("KMGT".indexOf(last) + 1));
            t = t.substring(0, t.length() - 1).trim();
        }
        try {
            double v = Double.parseDouble(t) * mult;
            if (!Double.isFinite(v) || Math.abs(v) > 1e18) {
                error.accept(what + ": '" + text.trim() + "' is absurdly large: no model or copy is that big");
                return null;
            }
            if (v != Math.rint(v)) {
                error.accept(what + " must be a whole number of bytes (got " + text.trim() + ")");
                return null;
            }
            return (long) v;
        } catch (NumberFormatException e) {
            error.accept(what + ": '" + text.trim() + "' is not a byte count (e.g. 3M, 1.2G, 460800)");
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
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return String.format(Locale.ROOT, "%d", (long) v);
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.6g", v)).stripTrailingZeros().toPlainString();
    }
}
