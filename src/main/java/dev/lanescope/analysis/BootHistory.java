package dev.lanescope.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;

/**
 * How each hop of one host trained, boot after boot (docs/RULES.md §12): per hop the state on every boot, how many
 * boots it trained low, and whether a fix holds. One good boot is not a fix: a link that trains low on some boots
 * recurs, so "fixed" needs several good boots in a row ({@link #BOOTS_FOR_A_FIX}).
 */
public record BootHistory(List<Boot> boots, List<HopHistory> hops) {

    /** Good boots in a row, after the last low one, before a fix is said to hold. */
    public static final int BOOTS_FOR_A_FIX = 3;

    public BootHistory {
        boots = List.copyOf(boots);
        hops = List.copyOf(hops);
    }

    /**
     * One boot: its id (or, without one, the capture's name), when it was captured, and its hops' states.
     *
     * @param states by hop label ({@code port -> device})
     */
    public record Boot(String bootId, String capturedAt, String source, Map<String, State> states) {
        public Boot {
            states = Map.copyOf(states);
        }
    }

    /**
     * A hop on one boot: what it trained to (or, with a reading under load, the highest state then), what both ends
     * can do, its verdict, whether the state was read under load, and whether it leads to a GPU.
     */
    public record State(LinkState trained, LinkState capable, LinkVerdict verdict, boolean underLoad, boolean gpu) {
        /** Slower or narrower than both ends can do. */
        public boolean low() {
            return trained.speed().generation() < capable.speed().generation() || trained.width() < capable.width();
        }
    }

    /**
     * One hop over the boots.
     *
     * @param states   per boot in boot order, null where the hop was not in that boot's capture
     * @param low      boots on which it trained low
     * @param seen     boots on which it appeared
     * @param sentence the history in words
     */
    public record HopHistory(String hop, List<State> states, int low, int seen, String sentence) {
    }

    /** The state of every judgeable hop of a report (with its under-load evidence). */
    public static Map<String, State> states(Report report) {
        Map<String, State> out = new LinkedHashMap<>();
        for (HopVerdict h : report.hops()) {
            HopFacts f = h.facts();
            if (h.link().device() == null || !f.judgeable()) continue;
            LinkState trained = h.link().trained();
            boolean load = f.loadGenerationRead();
            if (load) {
                trained = LinkState.of(LinkSpeed.ofGeneration(f.load().maxGeneration()),
                        f.load().maxWidth() > 0 ? f.load().maxWidth() : trained.width());
            }
            out.put(h.hopLabel(), new State(trained, h.link().capable(), h.verdict(), load, f.leadsToGpu()));
        }
        return out;
    }

    /** The boots in time order (by capture time, then name); several captures of one boot: the latest counts. */
    public static BootHistory of(List<Boot> captures) {
        Map<String, Boot> byBoot = new LinkedHashMap<>();
        Comparator<Boot> order = Comparator.comparing((Boot b) -> b.capturedAt() == null ? "" : b.capturedAt())
                .thenComparing(Boot::source);
        for (Boot b : captures.stream().sorted(order).toList()) {
            String key = b.bootId() == null ? "capture:" + b.source() : b.bootId();
            byBoot.remove(key);
            byBoot.put(key, b); // the latest capture of a boot, placed at its time
        }
        List<Boot> boots = new ArrayList<>(byBoot.values());
        boots.sort(order);
        Set<String> labels = new LinkedHashSet<>();
        for (Boot b : boots) labels.addAll(b.states().keySet());
        List<HopHistory> hops = new ArrayList<>();
        for (String label : labels) {
            List<State> states = new ArrayList<>();
            for (Boot b : boots) states.add(b.states().get(label));
            hops.add(hop(label, states, boots));
        }
        hops.sort(Comparator.comparingInt((HopHistory h) -> -h.low()).thenComparing(HopHistory::hop));
        return new BootHistory(boots, hops);
    }

    private static HopHistory hop(String label, List<State> states, List<Boot> boots) {
        int seen = 0;
        int low = 0;
        int idleLow = 0;
        Set<String> lowStates = new LinkedHashSet<>();
        Set<String> goodStates = new LinkedHashSet<>();
        int lastLow = -1;
        for (int i = 0; i < states.size(); i++) {
            State s = states.get(i);
            if (s == null) continue;
            seen++;
            if (s.low()) {
                low++;
                lastLow = i;
                lowStates.add(words(s));
                if (s.gpu() && !s.underLoad()) idleLow++;
            } else {
                goodStates.add(words(s));
            }
        }
        String port = label.substring(0, label.indexOf(" -> "));
        StringBuilder sb = new StringBuilder();
        if (low == 0) {
            sb.append(port).append(" full speed on ").append(seen == boots.size() ? "all " + seen : seen + " of "
                    + boots.size()).append(" boot(s) (").append(String.join("; ", goodStates)).append(')');
        } else {
            sb.append(port).append(" trained low on ").append(low).append(" of ").append(seen).append(" boot(s) (")
                    .append(String.join("; ", lowStates));
            if (!goodStates.isEmpty()) sb.append("; ").append(String.join("; ", goodStates)).append(" on the others");
            sb.append(')');
            int good = 0;
            int firstGood = -1;
            for (int i = lastLow + 1; i < states.size(); i++) {
                if (states.get(i) == null) continue;
                good++;
                if (firstGood < 0) firstGood = i;
            }
            if (good == 0) {
                sb.append("; low on the latest boot").append(when(boots.get(lastLow)));
            } else {
                sb.append("; full speed on the last ").append(good).append(" boot(s), since")
                        .append(when(boots.get(firstGood)));
                if (good < BOOTS_FOR_A_FIX) {
                    sb.append(": too few to call it fixed, it trained low before (" + BOOTS_FOR_A_FIX
                            + " good boots in a row are needed)");
                } else {
                    sb.append(": the fix holds so far");
                }
            }
            if (idleLow > 0) {
                sb.append("; ").append(idleLow).append(" of the low readings are of a GPU link read without load, and"
                        + " an idle GPU's link drops by design: watch it under load (lanescope watch) to tell");
            }
        }
        return new HopHistory(label, states, low, seen, sb.toString());
    }

    private static String words(State s) {
        return s.trained().speed().display() + (s.trained().width() < s.capable().width() ? " x" + s.trained().width() : "");
    }

    private static String when(Boot b) {
        return b.capturedAt() != null ? " " + b.capturedAt() : " " + b.source();
    }
}
