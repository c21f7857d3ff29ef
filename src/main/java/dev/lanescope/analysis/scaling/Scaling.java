package dev.lanescope.analysis.scaling;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import dev.lanescope.analysis.ceiling.CeilingInputException;

/**
 * Would adding a card help? Batch-1 decode time per token for N cards and a split (docs/RULES.md §10):
 * <pre>
 *   weights    = active bytes per token / (tensor group x per-card memory bandwidth)
 *   collective = layers x all-reduces per layer x all-reduce time (message = hidden x activation bytes, tensor group
 *                ranks) + (pipeline groups - 1) x one hand-off
 *   fixed      = what no card count changes
 * </pre>
 * Pipelining groups does not shorten batch-1 decode (one token visits every group in turn), so the weights term
 * only shrinks with the tensor group. The all-reduce time comes from a fit to measured points, else the evidence
 * given (an all_reduce_perf table, measured peer copies, or the path class with stated assumptions).
 */
public final class Scaling {

    /** bf16 activations: what vLLM/SGLang all-reduce at batch 1 (llama.cpp may use 4-byte floats). */
    public static final double DEFAULT_ACTIVATION_BYTES = 2;
    /** Assumed per-token fixed time (kernel launches, sampling) when nothing measured gives it. */
    public static final double ASSUMED_FIXED_MS = 0.5;
    /** Assumed share of the spec memory bandwidth batch-1 decode kernels reach. */
    public static final double ASSUMED_MEMORY_EFFICIENCY = 0.7;
    /** Room beyond the weights the cards' memory must have (KV cache, activations, runtime). */
    public static final double MEMORY_HEADROOM = 1.1;

    private Scaling() {
    }

    /**
     * @param memGbPerS       per-card rate weights stream at, GB/s
     * @param memSource       where it comes from, in words
     * @param memAssumed      the rate is an assumption (a spec sheet times an efficiency, or a default): with three
     *                        or more measured points it is fitted instead
     * @param vramGb          per-card memory, GB; null when unknown
     * @param evidence        the all-reduce time's evidence (a fit replaces it when two or more points are measured)
     * @param activationBytes bytes per activation value in the all-reduce
     * @param fixedMs         typed fixed time per token; null to fit it or assume {@link #ASSUMED_FIXED_MS}
     * @param cards           card counts to predict; empty for 1 to {@code maxCards}
     * @param current         the split the user runs (its kind: tensor, layer or tensor groups of K)
     */
    public record Inputs(DecodeModel model, double memGbPerS, String memSource, boolean memAssumed, Double vramGb,
                         AllReduceCost evidence, double activationBytes, boolean activationAssumed, Double fixedMs,
                         List<Measured> measured, List<Integer> cards, int maxCards, Split current) {

        public Inputs {
            measured = List.copyOf(measured);
            cards = List.copyOf(cards);
            if (!(memGbPerS > 0) || !Double.isFinite(memGbPerS) || memGbPerS > 100_000) {
                throw new CeilingInputException("memGbPerS", "must be above 0 and at most 100000 GB/s (got "
                        + memGbPerS + ")");
            }
            if (vramGb != null && (!(vramGb > 0) || !Double.isFinite(vramGb) || vramGb > 100_000)) {
                throw new CeilingInputException("vramGb", "must be above 0 and at most 100000 GB (got " + vramGb + ")");
            }
            if (!(activationBytes > 0) || activationBytes > 8) {
                throw new CeilingInputException("activationBytes", "must be 1 to 8 bytes per value (got "
                        + activationBytes + ")");
            }
            if (fixedMs != null && (!(fixedMs >= 0) || !Double.isFinite(fixedMs) || fixedMs > 100_000)) {
                throw new CeilingInputException("fixedMs", "must be 0 or more ms, below 100000 (got " + fixedMs + ")");
            }
            if (maxCards < 1 || maxCards > 64) {
                throw new CeilingInputException("maxCards", "must be 1 to 64 (got " + maxCards + ")");
            }
            for (int c : cards) {
                if (c < 1 || c > 64) throw new CeilingInputException("predict", "card counts must be 1 to 64 (got " + c + ")");
            }
        }
    }

    /**
     * @param predictions every split for every card count, by cards then split
     * @param series      the current split's kind over the card counts
     * @param minCards    the fewest cards the model fits; 0 when unknown
     * @param cost        the all-reduce cost used (fitted, or the evidence)
     */
    public record Result(Inputs inputs, List<Prediction> predictions, List<Prediction> series, Optional<Fit> fit,
                         AllReduceCost cost, double fixedMs, int minCards, Optional<Prediction> best, String verdict,
                         List<String> assumptions, List<String> notes) {
    }

    public static Result evaluate(Inputs in) {
        DecodeModel m = in.model();
        double messageBytes = m.hiddenSize() * in.activationBytes();
        double weightsOneCard = m.activeBytesPerToken() / (in.memGbPerS() * 1e9) * 1000;
        List<String> assumptions = new ArrayList<>();
        List<String> notes = new ArrayList<>();

        Optional<Fit> fit = Optional.empty();
        AllReduceCost cost = in.evidence();
        double fixed = in.fixedMs() != null ? in.fixedMs() : ASSUMED_FIXED_MS;
        double memRate = in.memGbPerS();
        if (!in.measured().isEmpty()) {
            AllReduceCost prior = in.evidence();
            Fit f = Fit.of(m, in.measured(), weightsOneCard, in.memAssumed(),
                    s -> collectiveMs(m, s, prior, messageBytes));
            fit = Optional.of(f);
            if (f.collectiveFitted()) cost = new AllReduceCost.Fitted(f.stepUs(), prior);
            if (in.fixedMs() == null) fixed = f.fixedMs();
            if (f.weightsFitted()) {
                memRate = f.memGbPerS();
                weightsOneCard = m.activeBytesPerToken() / (memRate * 1e9) * 1000;
            }
            if (f.points() > 2 || f.worstErrorPct() > 1) {
                notes.add(String.format(Locale.ROOT, "The fitted curve passes within %.1f %% of every measured point.",
                        f.worstErrorPct()));
            }
            if (f.collectiveFitted() && prior.evidence() != AllReduceCost.Evidence.FITTED) {
                double libUs = prior.allReduceUs(messageBytes, 2);
                double fitUs = cost.allReduceUs(messageBytes, 2);
                notes.add(String.format(Locale.ROOT, "The fit puts one all-reduce between 2 cards at %s us; %s says "
                        + "%s us%s.", num(fitUs), prior.describe(), num(libUs), fitUs > 3 * libUs
                        ? ": the engine's all-reduce is far slower than the library's, so a faster collective "
                        + "(a two-shot or custom all-reduce) is worth more than a faster link" : ""));
            }
        }
        addAssumptions(in, fit, cost, messageBytes, assumptions);

        boolean layerMeasured = in.measured().stream().anyMatch(p -> p.split().pipeline() > 1);
        if (fit.isPresent() && !layerMeasured) {
            notes.add("The layer-split figures are not fitted: no layer-split point was measured, so they rest on the"
                    + " tensor-split fit and can be far off; measure one layer-split run (cards:tokens/s:layer) to fit"
                    + " them.");
        }
        int minCards = minCards(in, m, assumptions);
        List<Prediction> all = new ArrayList<>();
        List<Prediction> series = new ArrayList<>();
        for (int n : cardCounts(in)) {
            for (Split s : splits(n)) all.add(predict(m, s, weightsOneCard, cost, fixed, messageBytes, minCards, in));
            Split cur = n == 1 ? Split.tensor(1) : in.current().withCards(n);
            if (n == 1 || cur.sameKind(in.current())) series.add(predict(m, cur, weightsOneCard, cost, fixed, messageBytes, minCards, in));
        }
        Optional<Prediction> best = best(all);
        String verdict = series.stream().noneMatch(Prediction::possible) && in.vramGb() != null
                ? doesNotFit(in, m, series, minCards) : verdict(series, best, fit, cost, minCards);
        return new Result(in, all, series, fit, cost, fixed, minCards, best, verdict, assumptions, notes);
    }

    /** What the figures assume where nothing measured replaces it: memory rate, collective cost, fixed time, message. */
    private static void addAssumptions(Inputs in, Optional<Fit> fit, AllReduceCost cost, double messageBytes,
                                       List<String> assumptions) {
        DecodeModel m = in.model();
        if (!fit.map(Fit::weightsFitted).orElse(false) && in.memAssumed()) assumptions.add(in.memSource());
        if (!fit.map(Fit::collectiveFitted).orElse(false)) assumptions.addAll(cost.assumptions());
        if (in.fixedMs() == null && fit.isEmpty()) {
            assumptions.add("fixed time per token " + num(ASSUMED_FIXED_MS) + " ms (assumption: launches and "
                    + "sampling; measure one decode run to replace it)");
        }
        if (in.activationAssumed() && cost.evidence() != AllReduceCost.Evidence.FITTED) {
            assumptions.add("each all-reduce carries one token's activation: hidden size " + m.hiddenSize() + " x "
                    + num(in.activationBytes()) + " bytes = " + num(messageBytes) + " bytes (assumption: bf16)");
        }
    }

    /** The card counts to predict: those asked for (else 1 to the most), and every measured count. */
    private static Set<Integer> cardCounts(Inputs in) {
        Set<Integer> counts = new TreeSet<>(in.cards());
        if (counts.isEmpty()) for (int c = 1; c <= in.maxCards(); c++) counts.add(c);
        in.measured().forEach(p -> counts.add(p.cards()));
        return counts;
    }

    /** The fastest; within 2 % of it, the fewest cards (a card that buys nothing is not worth buying). */
    private static Optional<Prediction> best(List<Prediction> all) {
        double top = all.stream().filter(Prediction::possible).mapToDouble(Prediction::tokensPerS).max().orElse(0);
        return all.stream().filter(Prediction::possible)
                .filter(p -> p.tokensPerS() >= 0.98 * top)
                .min(Comparator.comparingInt(Prediction::cards)
                        .thenComparing(Comparator.comparingDouble(Prediction::tokensPerS).reversed()));
    }

    private static Prediction predict(DecodeModel m, Split s, double weightsOneCard, AllReduceCost cost, double fixed,
                                      double messageBytes, int minCards, Inputs in) {
        Boolean fits = minCards > 0 ? s.cards() >= minCards : null;
        return new Prediction(s, weightsOneCard / s.tensor(), collectiveMs(m, s, cost, messageBytes), fixed, fits);
    }

    static double collectiveMs(DecodeModel m, Split s, AllReduceCost cost, double messageBytes) {
        double us = m.allReducesPerToken() * cost.allReduceUs(messageBytes, s.tensor())
                + (s.pipeline() - 1) * cost.sendUs(messageBytes);
        return us / 1000;
    }

    /** Tensor over all, layer split over all, and tensor groups of every proper divisor. */
    public static List<Split> splits(int cards) {
        Set<Split> out = new LinkedHashSet<>();
        out.add(Split.tensor(cards));
        if (cards > 1) out.add(Split.layer(cards));
        for (int k = 2; k < cards; k++) if (cards % k == 0) out.add(new Split(k, cards / k));
        return List.copyOf(out);
    }

    private static int minCards(Inputs in, DecodeModel m, List<String> assumptions) {
        int measuredMin = in.measured().stream().mapToInt(Measured::cards).min().orElse(0);
        if (in.vramGb() == null) {
            assumptions.add("whether the model fits fewer cards is unknown: the card's memory size is not known "
                    + "(give the card or its memory in GB)");
            return measuredMin;
        }
        int need = (int) Math.ceil(m.storedBytes() * MEMORY_HEADROOM / (in.vramGb() * 1e9));
        need = Math.max(1, need);
        if (measuredMin > 0 && measuredMin < need) need = measuredMin;
        return need;
    }

    /** "Does not fit": what the model needs against what the listed card counts hold, and the fewest cards that do. */
    static String doesNotFit(Inputs in, DecodeModel m, List<Prediction> series, int minCards) {
        int most = series.stream().mapToInt(Prediction::cards).max().orElse(1);
        return String.format(Locale.ROOT, "Does not fit: %s needs about %.0f GB (%.0f GB of weights and %.0f %% room for"
                        + " the KV cache and runtime); %d card%s of %s GB hold %s GB. It needs at least %d such cards.",
                m.label(), m.storedBytes() * MEMORY_HEADROOM / 1e9, m.storedBytes() / 1e9, (MEMORY_HEADROOM - 1) * 100,
                most, most == 1 ? "" : "s", num(in.vramGb()), num(most * in.vramGb()), minCards);
    }

    /** The answer in words, the best configuration first. */
    static String verdict(List<Prediction> series, Optional<Prediction> best, Optional<Fit> fit, AllReduceCost cost,
                          int minCards) {
        List<Prediction> ok = series.stream().filter(Prediction::possible).toList();
        if (ok.isEmpty()) {
            return "No card count listed holds the model: it needs at least " + minCards + " cards of this memory.";
        }
        int bi = 0;
        for (int i = 1; i < ok.size(); i++) if (ok.get(i).tokensPerS() > ok.get(bi).tokensPerS() * 1.005) bi = i;
        Prediction b = ok.get(bi);
        StringBuilder v = new StringBuilder();
        String kind = b.cards() == 1 ? "" : " (" + b.split().words() + ")";
        if (bi + 1 < ok.size()) {
            Prediction next = ok.get(bi + 1);
            String who = next.cards() == b.cards() + 1 ? "the " + ordinal(next.cards()) + " card"
                    : "going to " + next.cards() + " cards";
            double addColl = next.collectiveMs() - b.collectiveMs();
            double saveW = b.weightsMs() - next.weightsMs();
            v.append(b.cards() == 1 ? "Stay on one card" : "Stop at " + b.cards() + " cards" + kind)
                    .append(": ").append(who).append(" adds ").append(num(addColl))
                    .append(" ms of all-reduce per token and ");
            if (saveW < 0.005) {
                v.append("saves no weight streaming (pipelined groups take turns on each token).");
            } else {
                v.append("removes ").append(saveW < addColl ? "only " : "").append(num(saveW))
                        .append(" ms of weight streaming.");
            }
        } else if (ok.size() > 1) {
            Prediction prev = ok.get(bi - 1);
            v.append("Each added card helps up to ").append(b.cards()).append(kind).append(": the ")
                    .append(ordinal(b.cards())).append(" removes ").append(num(prev.weightsMs() - b.weightsMs()))
                    .append(" ms of weight streaming and adds ").append(num(b.collectiveMs() - prev.collectiveMs()))
                    .append(" ms of all-reduce per token.");
        } else {
            v.append(b.split().words().substring(0, 1).toUpperCase(Locale.ROOT)).append(b.split().words().substring(1))
                    .append(" is the only card count listed that holds the model.");
        }
        v.append(" Predicted ").append(tps(b.tokensPerS())).append(" tokens/s");
        if (best.isPresent() && best.get().tokensPerS() > b.tokensPerS() * 1.02) {
            Prediction o = best.get();
            v.append("; better still: ").append(o.split().words()).append(", ").append(tps(o.tokensPerS()))
                    .append(" tokens/s");
        }
        v.append('.');
        if (fit.isPresent() && fit.get().collectiveFitted()) {
            v.append(" Fitted on ").append(fit.get().points()).append(" measured points: the collective costs ~")
                    .append(num(fit.get().collectiveMsPerAddedCard())).append(" ms per token per added card, the fixed"
                            + " part ~").append(num(fit.get().fixedMs())).append(" ms per token.");
        } else {
            v.append(" The all-reduce time comes from ").append(cost.evidence().words()).append('.');
            if (cost.evidence() == AllReduceCost.Evidence.PATH_CLASS) {
                v.append(" Measure it to replace the assumption: all_reduce_perf -b 8 -e 1M -f 2 -g N (nccl-tests or "
                        + "rccl-tests), then import the output.");
            }
        }
        return v.toString();
    }

    public static String ordinal(int n) {
        int h = n % 100;
        String suf = (h >= 11 && h <= 13) ? "th" : switch (n % 10) {
            case 1 -> "st";
            case 2 -> "nd";
            case 3 -> "rd";
            default -> "th";
        };
        return n + suf;
    }

    /** Milliseconds and microseconds: one decimal below 10, whole above. */
    public static String num(double v) {
        if (!Double.isFinite(v)) return "?";
        double a = Math.abs(v);
        if (a >= 10 || v == Math.rint(v)) return String.format(Locale.ROOT, "%.0f", v);
        if (a >= 0.1) return String.format(Locale.ROOT, "%.1f", v);
        return String.format(Locale.ROOT, "%.2f", v);
    }

    public static String tps(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
