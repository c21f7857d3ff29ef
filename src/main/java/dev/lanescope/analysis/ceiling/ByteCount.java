package dev.lanescope.analysis.ceiling;

/**
 * A byte count as a person types it, for the ceiling's inputs (the command's options and the panel's fields alike):
 * plain ({@code 460800}), with {@code _} or {@code ,} between digits, scientific ({@code 5.6e9}), or with a K, M, G
 * or T suffix meaning KiB, MiB, GiB or TiB ({@code 3M}, {@code 1.2G}).
 */
public final class ByteCount {

    /** More than any model or copy: a typing slip, not an input. */
    private static final double ABSURD = 1e18;

    private ByteCount() {
    }

    /** The count {@code text} means; a {@link CeilingInputException} naming {@code field} says why it is not one. */
    public static long parse(String field, String text) {
        String raw = text == null ? "" : text.trim();
        String t = raw.replace("_", "").replace(",", "");
        if (t.isEmpty()) throw new CeilingInputException(field, "empty (type a byte count, e.g. 3M, 1.2G, 460800)");
        long mult = 1;
        int suffix = "KMGT".indexOf(Character.toUpperCase(t.charAt(t.length() - 1)));
        if (suffix >= 0) {
            mult = 1L << (10 * (suffix + 1));
            t = t.substring(0, t.length() - 1).trim();
        }
        double v;
        try {
            v = Double.parseDouble(t) * mult;
        } catch (NumberFormatException e) {
            throw new CeilingInputException(field, "'" + raw + "' is not a byte count (e.g. 3M, 1.2G, 460800)");
        }
        if (!Double.isFinite(v) || Math.abs(v) > ABSURD) {
            throw new CeilingInputException(field, "'" + raw + "' bytes is absurd: no model or copy is that large");
        }
        if (v != Math.rint(v)) throw new CeilingInputException(field, "must be a whole number of bytes (got " + raw + ")");
        return (long) v;
    }
}
