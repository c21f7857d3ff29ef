package dev.lanescope.ui.ceiling;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import javafx.geometry.Side;
import javafx.scene.chart.ValueAxis;

/**
 * A base-10 logarithmic axis for {@link javafx.scene.chart.LineChart}: fixed bounds (no auto-ranging), major ticks
 * at 1-2-5 (or 1-3, or whole decades when the range is wide) with plain labels ("0.5", "20", "2k"), minor ticks at
 * the other integers of each decade. Values at or below zero have no position and are never plotted by callers.
 */
public final class LogAxis extends ValueAxis<Number> {

    public LogAxis(String label, double lower, double upper) {
        super(lower, upper);
        setLabel(label);
        setAutoRanging(false);
        setAnimated(false);
        setMinorTickVisible(true);
    }

    /** Sets both bounds; both must be positive and {@code lower < upper}. */
    public void setBounds(double lower, double upper) {
        if (!(lower > 0) || !(upper > lower) || !Double.isFinite(upper)) {
            throw new IllegalArgumentException("log axis bounds must be 0 < lower < upper, finite (got " + lower
                    + ", " + upper + ")");
        }
        setLowerBound(lower);
        setUpperBound(upper);
    }

    private double logLo() {
        return Math.log10(getLowerBound());
    }

    private double logSpan() {
        return Math.log10(getUpperBound()) - logLo();
    }

    @Override
    public double getDisplayPosition(Number value) {
        double f = (Math.log10(value.doubleValue()) - logLo()) / logSpan();
        Side s = getSide();
        return s != null && s.isVertical() ? (1 - f) * getHeight() : f * getWidth();
    }

    @Override
    public Number getValueForDisplay(double position) {
        Side s = getSide();
        double f = s != null && s.isVertical() ? 1 - position / getHeight() : position / getWidth();
        return Math.pow(10, logLo() + f * logSpan());
    }

    @Override
    public boolean isValueOnAxis(Number value) {
        double v = value.doubleValue();
        return v >= getLowerBound() && v <= getUpperBound();
    }

    @Override
    public double getZeroPosition() {
        return Double.NaN;
    }

    @Override
    protected Object getRange() {
        return new double[] {getLowerBound(), getUpperBound()};
    }

    @Override
    protected void setRange(Object range, boolean animate) {
        double[] r = (double[]) range;
        setLowerBound(r[0]);
        setUpperBound(r[1]);
    }

    @Override
    protected List<Number> calculateTickValues(double length, Object range) {
        double[] r = (double[]) range;
        return ticks(r[0], r[1]);
    }

    /** Major tick values between the bounds, denser the narrower the range. */
    static List<Number> ticks(double lo, double hi) {
        double decades = Math.log10(hi / lo);
        int[] mantissas = decades <= 2.6 ? new int[] {1, 2, 5} : decades <= 4.5 ? new int[] {1, 3} : new int[] {1};
        int stride = decades <= 8 ? 1 : (int) Math.ceil(decades / 8);
        List<Number> out = new ArrayList<>();
        for (int e = (int) Math.floor(Math.log10(lo)); e <= (int) Math.ceil(Math.log10(hi)); e++) {
            if (Math.floorMod(e, stride) != 0) continue;
            for (int m : mantissas) {
                double v = m * Math.pow(10, e);
                if (v >= lo * 0.9999 && v <= hi * 1.0001) out.add(v);
            }
        }
        return out;
    }

    @Override
    protected List<Number> calculateMinorTickMarks() {
        double lo = getLowerBound();
        double hi = getUpperBound();
        List<Number> out = new ArrayList<>();
        if (Math.log10(hi / lo) > 6) return out;
        for (int e = (int) Math.floor(Math.log10(lo)); e <= (int) Math.ceil(Math.log10(hi)); e++) {
            for (int m = 2; m <= 9; m++) {
                double v = m * Math.pow(10, e);
                if (v > lo && v < hi) out.add(v);
            }
        }
        return out;
    }

    @Override
    protected String getTickMarkLabel(Number value) {
        return label(value.doubleValue());
    }

    /** {@code 0.05}, {@code 0.5}, {@code 5}, {@code 50}, {@code 500}, {@code 5k}, {@code 50k}, {@code 5M}. */
    static String label(double v) {
        if (v >= 1e6) return trim(v / 1e6) + "M";
        if (v >= 1e3) return trim(v / 1e3) + "k";
        return trim(v);
    }

    private static String trim(double v) {
        if (v == Math.rint(v)) return String.format(Locale.ROOT, "%d", (long) v);
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.3g", v)).stripTrailingZeros().toPlainString();
    }
}
