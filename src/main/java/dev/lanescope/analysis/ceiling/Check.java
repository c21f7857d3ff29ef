package dev.lanescope.analysis.ceiling;

import dev.lanescope.model.Units;

/** Range checks that name the field and say why, shared by the input records. */
final class Check {

    private Check() {
    }

    static double finiteIn(String field, double v, double min, double max, String unit, String whyMax) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            throw new CeilingInputException(field, "must be a finite number (got " + v + ")");
        }
        if (v <= 0 && min > 0) {
            throw new CeilingInputException(field, "must be greater than 0 " + unit + " (got " + fmt(v) + ")");
        }
        if (v < min) {
            throw new CeilingInputException(field, "must be at least " + fmt(min) + " " + unit + " (got " + fmt(v) + ")");
        }
        if (v > max) {
            throw new CeilingInputException(field, "must be at most " + fmt(max) + " " + unit + ": " + whyMax
                    + " (got " + fmt(v) + ")");
        }
        return v;
    }

    static long longIn(String field, long v, long min, long max, String unit, String whyMax) {
        if (v < min) {
            throw new CeilingInputException(field, (min == 1 ? "must be greater than 0 " : "must be at least " + min + " ")
                    + unit + " (got " + v + ")");
        }
        if (v > max) {
            throw new CeilingInputException(field, "must be at most " + max + " " + unit + ": " + whyMax
                    + " (got " + v + ")");
        }
        return v;
    }

    static String fmt(double v) {
        return Units.sixSignificant(v);
    }
}
