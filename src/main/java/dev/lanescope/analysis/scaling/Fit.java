package dev.lanescope.analysis.scaling;

import java.util.ArrayList;
import java.util.List;

/**
 * The unknown terms fitted to measured (cards, tokens/s) points by non-negative least squares on
 * time per token = weights / tensor group + collective steps x step time + fixed.
 *
 * @param stepUs                   one all-reduce ring step (also one pipeline hand-off), microseconds; NaN when the
 *                                 points could not tell it (all on one card)
 * @param collectiveMsPerAddedCard what each added card in a tensor group adds per token: layers x all-reduces per
 *                                 layer x 2 steps x step time
 * @param fixedMs                  the per-token time no card count changes
 * @param memGbPerS                the fitted per-card weight-streaming rate, NaN when it was not fitted
 * @param worstErrorPct            the largest gap between a measured point and the fitted curve, percent
 */
public record Fit(double stepUs, double collectiveMsPerAddedCard, double fixedMs, double memGbPerS,
                  double worstErrorPct, int points) {

    public boolean collectiveFitted() {
        return Double.isFinite(stepUs);
    }

    public boolean weightsFitted() {
        return Double.isFinite(memGbPerS);
    }

    /**
     * Fits the points. {@code weightsMsOneCard} is the weight-streaming time on one card from the memory bandwidth
     * (used as is unless {@code fitWeights}); {@code priorCollectiveMs} gives the evidence's collective time for a
     * split, used when the points cannot tell the collective apart (one point, or all on one card).
     */
    static Fit of(DecodeModel m, List<Measured> points, double weightsMsOneCard, boolean fitWeights,
                  java.util.function.ToDoubleFunction<Split> priorCollectiveMs) {
        int n = points.size();
        double[] y = new double[n];
        double[] invK = new double[n];
        double[] steps = new double[n];
        boolean anySteps = false;
        for (int i = 0; i < n; i++) {
            Split s = points.get(i).split();
            y[i] = 1000.0 / points.get(i).tokensPerS();
            invK[i] = 1.0 / s.tensor();
            steps[i] = stepsPerToken(m, s);
            anySteps |= steps[i] > 0;
        }
        boolean fitSteps = anySteps && n >= 2;
        boolean fitW = fitWeights && fitSteps && n >= 3;
        List<double[]> cols = new ArrayList<>();
        double[] target = new double[n];
        for (int i = 0; i < n; i++) {
            target[i] = y[i];
            if (!fitW) target[i] -= weightsMsOneCard * invK[i];
            if (!fitSteps) target[i] -= priorCollectiveMs.applyAsDouble(points.get(i).split());
        }
        if (fitW) cols.add(invK);
        if (fitSteps) cols.add(scale(steps, 1e-3));
        cols.add(ones(n));
        double[] x = nnls(cols, target);
        double w = fitW ? x[0] : weightsMsOneCard;
        if (fitW && !(w > 0)) {
            // the points say the weights cost nothing: unphysical, keep the memory bandwidth instead
            return of(m, points, weightsMsOneCard, false, priorCollectiveMs);
        }
        double stepUs = fitSteps ? x[fitW ? 1 : 0] : Double.NaN;
        double fixed = x[x.length - 1];
        double worst = 0;
        for (int i = 0; i < n; i++) {
            Split s = points.get(i).split();
            double coll = fitSteps ? steps[i] * stepUs / 1000 : priorCollectiveMs.applyAsDouble(s);
            double pred = w / s.tensor() + coll + fixed;
            worst = Math.max(worst, Math.abs(pred - y[i]) / y[i] * 100);
        }
        double perCard = fitSteps ? m.allReducesPerToken() * 2 * stepUs / 1000 : Double.NaN;
        double mem = fitW ? m.activeBytesPerToken() / (w / 1000) / 1e9 : Double.NaN;
        return new Fit(stepUs, perCard, fixed, mem, worst, n);
    }

    /** Ring steps one token waits for: 2(k-1) per all-reduce in a tensor group of k, one per pipeline hand-off. */
    static double stepsPerToken(DecodeModel m, Split s) {
        return (double) m.allReducesPerToken() * 2 * (s.tensor() - 1) + (s.pipeline() - 1);
    }

    private static double[] ones(int n) {
        double[] o = new double[n];
        java.util.Arrays.fill(o, 1);
        return o;
    }

    private static double[] scale(double[] a, double f) {
        double[] o = new double[a.length];
        for (int i = 0; i < a.length; i++) o[i] = a[i] * f;
        return o;
    }

    /**
     * Non-negative least squares for a handful of columns: every subset of columns solved by the normal equations,
     * the feasible (all >= 0) solution with the smallest residual kept; the others are 0.
     */
    static double[] nnls(List<double[]> cols, double[] y) {
        int m = cols.size();
        double bestRes = Double.POSITIVE_INFINITY;
        double[] best = new double[m];
        for (int mask = 1; mask < (1 << m); mask++) {
            final int bits = mask;
            int[] idx = java.util.stream.IntStream.range(0, m).filter(j -> (bits & (1 << j)) != 0).toArray();
            double[] sol = solve(cols, idx, y);
            if (sol == null) continue;
            boolean ok = true;
            for (double v : sol) ok &= v >= 0 && Double.isFinite(v);
            if (!ok) continue;
            double[] full = new double[m];
            for (int j = 0; j < idx.length; j++) full[idx[j]] = sol[j];
            double res = 0;
            for (int i = 0; i < y.length; i++) {
                double p = 0;
                for (int j = 0; j < m; j++) p += cols.get(j)[i] * full[j];
                res += (p - y[i]) * (p - y[i]);
            }
            if (res < bestRes - 1e-12) {
                bestRes = res;
                best = full;
            }
        }
        return best;
    }

    private static double[] solve(List<double[]> cols, int[] idx, double[] y) {
        int k = idx.length;
        double[][] a = new double[k][k + 1];
        for (int r = 0; r < k; r++) {
            for (int c = 0; c < k; c++) a[r][c] = dot(cols.get(idx[r]), cols.get(idx[c]));
            a[r][k] = dot(cols.get(idx[r]), y);
        }
        for (int p = 0; p < k; p++) {
            int piv = p;
            for (int r = p + 1; r < k; r++) if (Math.abs(a[r][p]) > Math.abs(a[piv][p])) piv = r;
            if (Math.abs(a[piv][p]) < 1e-12 * Math.max(1, Math.abs(a[p][p]))) return null;
            double[] t = a[p];
            a[p] = a[piv];
            a[piv] = t;
            for (int r = 0; r < k; r++) {
                if (r == p) continue;
                double f = a[r][p] / a[p][p];
                for (int c = p; c <= k; c++) a[r][c] -= f * a[p][c];
            }
        }
        double[] x = new double[k];
        for (int r = 0; r < k; r++) x[r] = a[r][k] / a[r][r];
        return x;
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) s += a[i] * b[i];
        return s;
    }
}
