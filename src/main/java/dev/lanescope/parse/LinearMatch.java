package dev.lanescope.parse;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Matching a hostile line in time linear in its length (docs/RULES.md section 13): a pattern is tried only where its
 * literal start occurs, with {@code lookingAt} (never {@code find} over a leading {@code .*?}), so no start position
 * is retried over the rest of the line; the patterns given here use possessive quantifiers and no {@code .*} or
 * repeated groups, so one attempt reads each character at most a bounded number of times.
 */
public final class LinearMatch {

    private LinearMatch() {
    }

    /**
     * The matcher of the first place from {@code from} on where {@code literal} starts and {@code p} matches from
     * there (the pattern must start with the literal); null when there is none.
     */
    public static Matcher at(Pattern p, String line, String literal, int from) {
        if (line == null) return null;
        Matcher m = p.matcher(line).useTransparentBounds(true).useAnchoringBounds(false);
        int n = line.length();
        for (int k = line.indexOf(literal, Math.max(0, from)); k >= 0; k = line.indexOf(literal, k + 1)) {
            if (m.region(k, n).lookingAt()) return m;
        }
        return null;
    }

    /** {@link #at(Pattern, String, String, int)} from the start of the line. */
    public static Matcher at(Pattern p, String line, String literal) {
        return at(p, line, literal, 0);
    }

    /** Whether {@code c} is a character of a word, as {@code \b} sees it. */
    public static boolean isWordChar(char c) {
        return c == '_' || Character.isLetterOrDigit(c);
    }
}
