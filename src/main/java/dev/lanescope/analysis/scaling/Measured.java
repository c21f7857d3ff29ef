package dev.lanescope.analysis.scaling;

import dev.lanescope.analysis.ceiling.CeilingInputException;

/** A measured batch-1 decode rate: tokens/s on {@code split.cards()} cards. */
public record Measured(Split split, double tokensPerS) {

    public Measured {
        if (!(tokensPerS > 0) || !Double.isFinite(tokensPerS) || tokensPerS > 1e6) {
            throw new CeilingInputException("measured", "tokens/s must be a number above 0 and below a million (got "
                    + tokensPerS + ")");
        }
    }

    public int cards() {
        return split.cards();
    }

    /**
     * {@code 2:71.22}, {@code 2:81.72:layer}, {@code 8:20.1:tp2}, comma separated; {@code defaultSplit} (tp or layer)
     * where a point names none.
     */
    public static java.util.List<Measured> parseList(String text, String defaultSplit) {
        java.util.List<Measured> out = new java.util.ArrayList<>();
        for (String part : text.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) continue;
            String[] f = p.split(":");
            if (f.length < 2 || f.length > 3) {
                throw new CeilingInputException("measured", "'" + p + "' is not CARDS:TOKENS_PER_S[:SPLIT] (e.g. "
                        + "2:71.22 or 2:81.72:layer)");
            }
            int cards;
            double tps;
            try {
                cards = Integer.parseInt(f[0].trim());
                tps = Double.parseDouble(f[1].trim());
            } catch (NumberFormatException e) {
                throw new CeilingInputException("measured", "'" + p + "' is not CARDS:TOKENS_PER_S[:SPLIT] (e.g. "
                        + "2:71.22)");
            }
            if (cards < 1 || cards > 1024) {
                throw new CeilingInputException("measured", "'" + p + "': cards must be 1 to 1024");
            }
            out.add(new Measured(Split.parse(f.length == 3 ? f[2] : defaultSplit, cards), tps));
        }
        if (out.isEmpty()) throw new CeilingInputException("measured", "no points in '" + text + "'");
        return out;
    }
}
