package dev.lanescope.analysis.scaling;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import dev.lanescope.analysis.PathClass;
import dev.lanescope.analysis.ceiling.CeilingInputException;
import dev.lanescope.analysis.ceiling.MoePreset;
import dev.lanescope.model.AllReduceTable;

/**
 * The user's choices (command line or window) turned into {@link Scaling.Inputs}, each default stated: the card's
 * memory bandwidth from its spec x {@link Scaling#ASSUMED_MEMORY_EFFICIENCY}, the all-reduce from the best
 * evidence given (a table, measured peer copies, the capture's or a typed path class). The one place both the
 * {@code scaling} command and the window build their inputs.
 */
public final class ScalingRequest {

    /** Assumed per-step latency of measured peer copies when only their bandwidth is given. */
    public static final double ASSUMED_P2P_LATENCY_US = 10;
    /** Assumed link when neither the capture nor the user gives one: PCIe Gen4 x16 usable rate. */
    public static final double ASSUMED_LINK_GB_PER_S = 31.5;

    /** The model to place: the user's choice, never a default (null until chosen). */
    public MoePreset model;
    public Double bits;
    public GpuPreset gpu;
    public Double memGbPerS;
    public Double vramGb;
    public List<Measured> measured = List.of();
    public List<Integer> predict = List.of();
    public Integer maxCards;
    public String split = "tp";
    public AllReduceTable table;
    public Double p2pGbPerS;
    public Double p2pLatencyUs;
    public PathClass pathClass;
    public Double linkGbPerS;
    public Double fixedMs;
    public Double activationBytes;
    public CaptureGpus capture;

    /** Thrown when an input nobody gave is needed: the message says what to give. */
    public Scaling.Inputs toInputs() {
        if (model == null) {
            throw new CeilingInputException("model", "no model chosen: name the model to place (" + MoePreset.keys()
                    + "); nothing is predicted without it");
        }
        DecodeModel m = DecodeModel.of(model, bits);
        Optional<GpuPreset> card = Optional.ofNullable(gpu)
                .or(() -> capture == null ? Optional.empty() : capture.preset());
        double mem;
        String memSource;
        boolean memAssumed;
        if (memGbPerS != null) {
            mem = memGbPerS;
            memSource = "per-card memory bandwidth " + Scaling.num(mem) + " GB/s (typed)";
            memAssumed = false;
        } else if (card.isPresent()) {
            mem = card.get().memGbPerS() * Scaling.ASSUMED_MEMORY_EFFICIENCY;
            memSource = String.format(Locale.ROOT, "per-card memory bandwidth %.0f GB/s = the %s's published %.0f"
                            + " GB/s x %.1f (assumption: batch-1 decode kernels rarely pass 70 %% of peak; source of"
                            + " the figure: %s)", mem, card.get().label(), card.get().memGbPerS(),
                    Scaling.ASSUMED_MEMORY_EFFICIENCY, card.get().source());
            memAssumed = true;
        } else {
            List<CaptureGpus.Card> unknown = capture == null ? List.of() : capture.unknownCards();
            throw new CeilingInputException("gpu", (unknown.isEmpty() ? "no card given"
                    : "the card " + unknown.get(0).name() + " (" + unknown.get(0).bdf() + ") is not in lanescope's"
                    + " table of published figures") + ": name a known card (" + GpuPreset.keys() + ") or give its"
                    + " memory bandwidth in GB/s and its memory size in GB");
        }
        Double vram = vramGb != null ? vramGb : card.map(GpuPreset::vramGb).orElse(null);
        double act = activationBytes != null ? activationBytes : Scaling.DEFAULT_ACTIVATION_BYTES;
        int cardsInCapture = capture == null ? 0 : capture.gpus().size();
        int most = predict.stream().mapToInt(Integer::intValue).max().orElse(0);
        most = Math.max(most, measured.stream().mapToInt(Measured::cards).max().orElse(0));
        int max = maxCards != null ? maxCards : cardsInCapture >= 2 ? Math.max(cardsInCapture, most) : Math.max(8, most);
        if (max > 64) throw new CeilingInputException("maxCards", "at most 64 cards (got " + max + ")");
        Split current = kind(split);
        return new Scaling.Inputs(m, mem, memSource, memAssumed, vram, evidence(), act, activationBytes == null,
                fixedMs, measured, predict, max, current);
    }

    /** The kind of split the user runs, as a 2-card (or 2-group) example: tp, layer, or tpK (groups of K). */
    public static Split kind(String text) {
        java.util.regex.Matcher g = java.util.regex.Pattern.compile("(?i)\\s*tps?(\\d{1,2})\\s*").matcher(text);
        if (g.matches()) {
            int k = Integer.parseInt(g.group(1));
            if (k < 1) throw new CeilingInputException("split", "tensor groups of 0 cards do not exist");
            return k == 1 ? Split.layer(2) : new Split(k, 2);
        }
        return Split.parse(text, 2);
    }

    /** The best evidence given for the all-reduce time. */
    public AllReduceCost evidence() {
        if (table != null) return new AllReduceCost.Table(table);
        if (p2pGbPerS != null) {
            if (p2pLatencyUs != null) return AllReduceCost.Ring.measured(p2pLatencyUs, p2pGbPerS);
            return new AllReduceCost.Ring(ASSUMED_P2P_LATENCY_US, p2pGbPerS, AllReduceCost.Evidence.PEER_MEASURED,
                    String.format(Locale.ROOT, "ring all-reduce over measured peer copies: %.1f GB/s, %.0f us per "
                            + "step (latency assumed)", p2pGbPerS, ASSUMED_P2P_LATENCY_US),
                    List.of("peer copy latency " + Scaling.num(ASSUMED_P2P_LATENCY_US) + " us per step (assumption; "
                            + "p2pBandwidthLatencyTest or all_reduce_perf at 8 bytes measures it)"));
        }
        List<String> extra = new ArrayList<>();
        AllReduceCost nv = nvlink();
        if (nv != null && pathClass == null && linkGbPerS == null) return nv;
        PathClass pc = pathClass;
        if (pc == null && capture != null) pc = capture.worstClass().orElse(null);
        if (pathClass == null && capture != null) {
            capture.worstPair().filter(p -> p.ncclP2pLevel().startsWith("none (")).ifPresent(p -> extra.add(
                    "the cards' data goes through host memory: no direct P2P between " + p.a() + " and " + p.b() + " "
                    + p.ncclP2pLevel().substring(5)));
        }
        if (pc == null) {
            pc = PathClass.PHB;
            extra.add("peer path PHB (assumption: no capture with two GPUs and no path class given)");
        }
        double link;
        if (linkGbPerS != null) {
            link = linkGbPerS;
        } else if (capture != null && Double.isFinite(capture.linkGbPerS())) {
            link = capture.linkGbPerS();
        } else {
            link = ASSUMED_LINK_GB_PER_S;
            extra.add("link " + String.format(Locale.ROOT, "%.1f", link) + " GB/s, PCIe Gen4 x16 (assumption: the capture does not give it)");
        }
        AllReduceCost.Ring r = AllReduceCost.Ring.assumed(pc, link);
        if (extra.isEmpty()) return r;
        List<String> all = new ArrayList<>(extra);
        all.addAll(r.assumptions());
        return new AllReduceCost.Ring(r.latencyUs(), r.gbPerS(), r.evidence(), r.describe(), all);
    }

    /**
     * The all-reduce over NVLink when nvidia-smi joins every pair of the capture's cards by NV#: that many links at the
     * card's per-link rate (from the card table), 80 % of it assumed reachable; null without NVLink or a per-link rate.
     */
    private AllReduceCost nvlink() {
        if (capture == null || capture.nvlinks() <= 0) return null;
        Optional<GpuPreset> card = Optional.ofNullable(gpu).or(capture::preset);
        if (card.isEmpty() || !Double.isFinite(card.get().nvlinkGbPerLink())) return null;
        double raw = capture.nvlinks() * card.get().nvlinkGbPerLink();
        double bw = raw * 0.8;
        double lat = 6;
        return new AllReduceCost.Ring(lat, bw, AllReduceCost.Evidence.NVLINK, String.format(Locale.ROOT,
                "ring all-reduce over NVLink (NV%d by nvidia-smi): %.0f GB/s, %.0f us per step (assumed)",
                capture.nvlinks(), bw, lat), List.of(String.format(Locale.ROOT, "NVLink bandwidth %.0f GB/s = 80 %% of"
                        + " %d links x %.0f GB/s per link per direction (%s; assumption: 80 %% reachable)", bw,
                capture.nvlinks(), card.get().nvlinkGbPerLink(), card.get().source()), String.format(Locale.ROOT,
                "all-reduce step latency %.0f us over NVLink (assumption; measure it: all_reduce_perf -b 8 -e 1M -f 2"
                        + " -g N)", lat)));
    }

    /** Comma-separated card counts, e.g. {@code 4,6} or {@code 1-8}. */
    public static List<Integer> parseCards(String text) {
        List<Integer> out = new ArrayList<>();
        for (String part : text.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) continue;
            try {
                if (p.matches("\\d+\\s*-\\s*\\d+")) {
                    String[] ab = p.split("-");
                    int a = Integer.parseInt(ab[0].trim());
                    int b = Integer.parseInt(ab[1].trim());
                    if (a > b || b > 64) throw new NumberFormatException();
                    for (int i = a; i <= b; i++) out.add(i);
                } else {
                    out.add(Integer.parseInt(p));
                }
            } catch (NumberFormatException e) {
                throw new CeilingInputException("predict", "'" + p + "' is not a card count or range of 1 to 64 "
                        + "(e.g. 4,6 or 1-8)");
            }
        }
        for (int c : out) {
            if (c < 1 || c > 64) throw new CeilingInputException("predict", "card counts must be 1 to 64 (got " + c + ")");
        }
        return out;
    }
}
