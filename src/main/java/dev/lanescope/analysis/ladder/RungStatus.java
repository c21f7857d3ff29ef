package dev.lanescope.analysis.ladder;

/** A rung's state: proven, disproven, or not yet shown either way by the evidence at hand. */
public enum RungStatus {
    PASS("passed"),
    FAIL("failed"),
    NOT_PROVEN("not proven");

    private final String words;

    RungStatus(String words) {
        this.words = words;
    }

    /** How the user reads it. */
    public String words() {
        return words;
    }
}
