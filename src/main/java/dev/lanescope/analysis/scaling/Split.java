package dev.lanescope.analysis.scaling;

import dev.lanescope.analysis.ceiling.CeilingInputException;

/**
 * How N cards share one model at batch 1: tensor parallel inside groups of {@code tensor} cards (each layer's
 * weights split across the group, an all-reduce after each split block), the groups pipelined one after another
 * ({@code pipeline} groups, each holding a slice of the layers). {@code tensor = 1} is the layer split
 * (llama.cpp {@code -sm layer}); {@code pipeline = 1} is plain tensor parallelism.
 */
public record Split(int tensor, int pipeline) {

    public Split {
        if (tensor < 1 || pipeline < 1 || (long) tensor * pipeline > 1024) {
            throw new CeilingInputException("split", "tensor group " + tensor + " x pipeline " + pipeline
                    + " is not a way to share 1 to 1024 cards");
        }
    }

    public static Split tensor(int cards) {
        return new Split(cards, 1);
    }

    public static Split layer(int cards) {
        return new Split(1, cards);
    }

    public int cards() {
        return tensor * pipeline;
    }

    /** The same kind of split on another card count (tensor stays tensor, layer stays layer, groups keep size). */
    public Split withCards(int cards) {
        if (pipeline == 1) return tensor(cards);
        if (tensor == 1) return layer(cards);
        return cards % tensor == 0 ? new Split(tensor, cards / tensor) : tensor(cards);
    }

    /** Same way of sharing: both tensor, both layer, or tensor groups of one size (one group counts too). */
    public boolean sameKind(Split o) {
        if (group() != o.group()) {
            return group() > 0 && o.pipeline == 1 && o.tensor == group()
                    || o.group() > 0 && pipeline == 1 && tensor == o.group();
        }
        return group() > 0 || (pipeline == 1) == (o.pipeline == 1);
    }

    /** The tensor group size when pipelined groups of several cards, else 0. */
    private int group() {
        return tensor > 1 && pipeline > 1 ? tensor : 0;
    }

    /** Stable key for JSON/CSV: {@code single}, {@code tp8}, {@code layer2}, {@code tp2xpp4}. */
    public String key() {
        if (cards() == 1) return "single";
        if (pipeline == 1) return "tp" + tensor;
        if (tensor == 1) return "layer" + pipeline;
        return "tp" + tensor + "xpp" + pipeline;
    }

    /** Plain words: "tensor split over 4 cards", "layer split over 2 cards", "tensor groups of 2, 4 groups in a row". */
    public String words() {
        if (cards() == 1) return "one card";
        if (pipeline == 1) return "tensor split over " + tensor + " cards";
        if (tensor == 1) return "layer split over " + pipeline + " cards";
        return "tensor split in groups of " + tensor + ", " + pipeline + " groups pipelined";
    }

    /**
     * Parses {@code tp}, {@code tensor}, {@code layer}, {@code pp}, {@code tpK} (groups of K) for {@code cards} cards.
     */
    public static Split parse(String text, int cards) {
        String t = text.trim().toLowerCase(java.util.Locale.ROOT);
        if (t.equals("tp") || t.equals("tensor") || t.equals("row") || t.equals("single")) return tensor(cards);
        if (t.equals("layer") || t.equals("pp") || t.equals("pipeline")) return layer(cards);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?:tp|tps)(\\d{1,4})(?:xpp\\d{1,4})?").matcher(t);
        if (m.matches()) {
            int k = Integer.parseInt(m.group(1));
            if (k < 1 || k > cards || cards % k != 0) {
                throw new CeilingInputException("split", "tensor groups of " + k + " do not divide " + cards + " cards");
            }
            return new Split(k, cards / k);
        }
        m = java.util.regex.Pattern.compile("layer(\\d{1,4})").matcher(t);
        if (m.matches()) return layer(cards);
        throw new CeilingInputException("split", "'" + text + "' is not a split (want tp, layer, or tpK for tensor "
                + "groups of K pipelined, as llama.cpp -tps K)");
    }

    @Override
    public String toString() {
        return key();
    }
}
