package dev.lanescope.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The first words of record body lines that the {@code -v/-vv} reader acts on, found without cutting the word out
 * of its line: {@link #of} returns the one shared string for a known word, so a 10,000-record file costs no string
 * per line for its keys.
 */
final class BodyKeys {

    /** Keys that are read even when a paste lost the indentation of the record body. */
    private static final Set<String> BODY_KEYS = Set.of("Subsystem:", "Control:", "Status:", "Latency:",
            "Interrupt:", "Region", "Capabilities:", "Kernel", "Bus:", "Flags:", "NUMA", "IOMMU", "Physical",
            "DevCap:", "DevCtl:", "DevSta:", "LnkCap:", "LnkCtl:", "LnkSta:", "DevCap2:", "DevCtl2:", "LnkCap2:",
            "LnkCtl2:", "LnkSta2:", "SltCap:", "SltCtl:", "SltSta:", "ACSCap:", "ACSCtl:", "UESta:", "CESta:",
            "Expansion", "DeviceName:", "BridgeCtl:", "Secondary", "Prefetchable", "Memory", "I/O", "AtomicOpsCap:",
            "AtomicOpsCtl:");
    /** Words the reader acts on that are no body key of their own (continuations, capability lines). */
    private static final Set<String> OTHER_WORDS = Set.of("[virtual]", "Driver", "Compliance", "Slot", "BAR");

    /** Known words by length, for the lookup. */
    private static final String[][] BY_LENGTH = byLength();

    private BodyKeys() {
    }

    /** The known word that fills {@code s[from, to)}, as its shared string, or null when it is none of them. */
    static String of(String s, int from, int to) {
        int len = to - from;
        if (len <= 0 || len >= BY_LENGTH.length) return null;
        for (String k : BY_LENGTH[len]) {
            if (s.regionMatches(from, k, 0, len)) return k;
        }
        return null;
    }

    /** Whether a line starting at column 0 with this word is a record body line that lost its indentation. */
    static boolean isBodyKey(String word) {
        return word != null && BODY_KEYS.contains(word);
    }

    private static String[][] byLength() {
        int max = 0;
        for (Set<String> set : List.of(BODY_KEYS, OTHER_WORDS)) {
            for (String k : set) max = Math.max(max, k.length());
        }
        List<List<String>> lists = new ArrayList<>();
        for (int i = 0; i <= max; i++) lists.add(new ArrayList<>());
        for (Set<String> set : List.of(BODY_KEYS, OTHER_WORDS)) {
            for (String k : set) lists.get(k.length()).add(k);
        }
        String[][] out = new String[max + 1][];
        for (int i = 0; i <= max; i++) out[i] = lists.get(i).toArray(new String[0]);
        return out;
    }
}
