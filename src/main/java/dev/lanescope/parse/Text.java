package dev.lanescope.parse;

import dev.lanescope.model.LinkSpeed;

/** Small allocation-light string helpers shared by the lspci line readers (no regular expressions). */
final class Text {

    private Text() {
    }

    /** True for the characters lspci pastes use as blanks: space, TAB, NBSP, other control characters, BOM. */
    /** A value quoted in a message: at most 40 characters, so a hostile line cannot flood the output. */
    static String clip(String s) {
        return s == null || s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }

    static boolean isBlank(char c) {
        return c <= ' ' || c == '\u00a0' || c == '\ufeff' || c == '\u2007' || c == '\u202f';
    }

    static int skipBlanks(String s, int i) {
        int n = s.length();
        while (i < n && isBlank(s.charAt(i))) i++;
        return i;
    }

    static int tokenEnd(String s, int i) {
        int n = s.length();
        while (i < n && !isBlank(s.charAt(i))) i++;
        return i;
    }

    static int hexDigit(char c) {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    }

    /** Counts the hex digits starting at {@code i}. */
    static int hexRun(String s, int i) {
        int n = s.length();
        int j = i;
        while (j < n && hexDigit(s.charAt(j)) >= 0) j++;
        return j - i;
    }

    /** Parses {@code len} hex digits at {@code i} (at most 16), unsigned; caller checks the digits. */
    static long hex(String s, int i, int len) {
        long v = 0;
        for (int k = 0; k < len; k++) v = (v << 4) | hexDigit(s.charAt(i + k));
        return v;
    }

    /** Reads a non-negative decimal at {@code i}; -1 when there is none or it overflows an int. */
    static int decimal(String s, int i) {
        int n = s.length();
        if (i >= n || s.charAt(i) < '0' || s.charAt(i) > '9') return -1;
        long v = 0;
        while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            v = v * 10 + (s.charAt(i) - '0');
            if (v > Integer.MAX_VALUE) return -1;
            i++;
        }
        return (int) v;
    }

    /** The decimal after {@code key} in {@code s}, or -1. */
    static int decimalAfter(String s, String key) {
        int k = s.indexOf(key);
        if (k < 0) return -1;
        return decimal(s, skipBlanks(s, k + key.length()));
    }

    /**
     * The value of the lspci flag {@code name±} in {@code s}: TRUE for {@code name+}, FALSE for {@code name-},
     * null when absent. The flag must start a word (after a blank, comma or line start).
     */
    static Boolean flag(String s, String name) {
        return flag(s, 0, name);
    }

    /** {@link #flag(String, String)} of the text from {@code start} on (a flag at {@code start} starts a word). */
    static Boolean flag(String s, int start, String name) {
        int from = start;
        int n = s.length();
        while (true) {
            int k = s.indexOf(name, from);
            if (k < 0) return null;
            int after = k + name.length();
            boolean wordStart = k == start || isBlank(s.charAt(k - 1)) || s.charAt(k - 1) == ',' || s.charAt(k - 1) == ':';
            if (wordStart && after < n) {
                char c = s.charAt(after);
                if (c == '+') return Boolean.TRUE;
                if (c == '-') return Boolean.FALSE;
            }
            from = k + 1;
        }
    }

    /** Reads an lspci speed token at {@code i} ({@code 8GT/s}, {@code 2.5GT/s}, {@code unknown}); null if none. */
    static LinkSpeed speedAt(String s, int i) {
        int end = i;
        int n = s.length();
        while (end < n && !isBlank(s.charAt(end)) && s.charAt(end) != ',') end++;
        if (end == i) return null;
        String tok = s.substring(i, end);
        if (tok.regionMatches(true, 0, "unknown", 0, 7)) return LinkSpeed.UNKNOWN;
        if (!tok.endsWith("GT/s")) return null;
        return LinkSpeed.parse(tok);
    }

    /** Replaces NBSPs and similar by spaces and drops a trailing CR; returns the same string when clean. */
    static String normalise(String line) {
        int n = line.length();
        if (n > 0 && line.charAt(n - 1) == '\r') line = line.substring(0, n - 1);
        if (line.indexOf('\u00a0') >= 0) line = line.replace('\u00a0', ' ');
        if (line.indexOf('\ufeff') >= 0) line = line.replace('\ufeff', ' ');
        return line;
    }

    /**
     * A size with 1024-step suffix ({@code 16M}, {@code 32G}, {@code 128}, {@code 256MB}, {@code 1GB}); -1 when
     * unreadable or too large.
     */
    static long size(String s) {
        int n = s.length();
        int i = 0;
        long v = 0;
        if (n == 0 || s.charAt(0) < '0' || s.charAt(0) > '9') return -1;
        while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            v = v * 10 + (s.charAt(i) - '0');
            if (v > (1L << 40)) return -1;
            i++;
        }
        int shift = 0;
        if (i < n) {
            switch (Character.toUpperCase(s.charAt(i))) {
                case 'K': shift = 10; break;
                case 'M': shift = 20; break;
                case 'G': shift = 30; break;
                case 'T': shift = 40; break;
                case 'P': shift = 50; break;
                case 'E': shift = 60; break;
                case 'B': shift = 0; break;
                default: return -1;
            }
            i++;
            if (i < n && (s.charAt(i) == 'B' || s.charAt(i) == 'b')) i++;
            if (i != n) return -1;
        }
        if (shift > 0 && v > (Long.MAX_VALUE >> shift)) return -1;
        return v << shift;
    }
}
