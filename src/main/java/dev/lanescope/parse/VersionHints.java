package dev.lanescope.parse;

/**
 * Narrows down which pciutils release printed a text from its dialect markers (lspci-formats.md section 0/8):
 * one-line {@code LnkSta} or {@code Report errors:} mean 3.5.x or older, {@code (ok)} means 3.6.0-3.7.0,
 * {@code IntMsgNum} 3.11 or newer, {@code FltModeDis} 3.14 or newer, and so on. Versions are encoded as
 * {@code major*10000 + minor*100 + patch}.
 */
final class VersionHints {

    private int lo = 0;
    private String loLabel;
    private int hi = Integer.MAX_VALUE;
    private String hiLabel;
    private String conflict;
    private final VersionHints also;

    /** Hints of one scope; {@code also} (may be null) receives every marker too, e.g. the whole file's hints. */
    VersionHints(VersionHints also) {
        this.also = also;
    }

    VersionHints() {
        this(null);
    }

    void atLeast(int version, String label) {
        if (also != null) also.atLeast(version, label);
        if (version > hi) {
            noteConflict(">=" + label, "<=" + hiLabel);
            return;
        }
        if (version > lo) {
            lo = version;
            loLabel = label;
        }
    }

    void atMost(int version, String label) {
        if (also != null) also.atMost(version, label);
        if (version < lo) {
            noteConflict("<=" + label, ">=" + loLabel);
            return;
        }
        if (version < hi) {
            hi = version;
            hiLabel = label;
        }
    }

    void between(int from, String fromLabel, int to, String toLabel) {
        atLeast(from, fromLabel);
        atMost(to, toLabel);
    }

    private void noteConflict(String a, String b) {
        if (conflict == null) conflict = "mixed lspci dialects (" + b + " and " + a + ")";
    }

    boolean isConsistent() {
        return conflict == null;
    }

    boolean isEmpty() {
        return lo == 0 && hi == Integer.MAX_VALUE && conflict == null;
    }

    private static String full(String label, String patch) {
        return label.split("\\.").length == 2 ? label + patch : label;
    }

    /** Free text such as {@code <=3.5}, {@code 3.6.0-3.7.0}, {@code >=3.11}; null when nothing was seen. */
    String text() {
        if (conflict != null) return conflict;
        boolean hasLo = lo > 0;
        boolean hasHi = hi != Integer.MAX_VALUE;
        if (hasLo && hasHi) {
            if (lo == hi) return hiLabel.split("\\.").length == 2 ? hiLabel + ".0" : hiLabel;
            return full(loLabel, ".0") + "-" + full(hiLabel, ".x");
        }
        if (hasLo) return ">=" + loLabel;
        if (hasHi) return "<=" + hiLabel;
        return null;
    }
}
