package dev.lanescope.parse;

import java.util.List;
import java.util.Locale;

import dev.lanescope.model.Problem;
import dev.lanescope.model.Units;

/**
 * The one place a number written in a user's file is turned into a value (docs/RULES.md section 13). A value that
 * is malformed ({@code 1.2.3}, {@code 0x10}, {@code NaN}) or out of range (an exit status of twenty digits, a size
 * beyond a long) never throws: the caller gets null, and one WARNING names the file, the line and the field.
 * Decimal digits only, an optional sign, and for decimals a fraction and exponent: never Java's wider grammar
 * ({@code 1d}, {@code Infinity}, hex floats).
 */
public final class Numbers {

    private Numbers() {
    }

    /**
     * Where the numbers being read come from: the file and line a bad value is reported at, and the list it is
     * reported to.
     */
    public record At(String file, int line, List<Problem> problems) {

        /** An int, or null (with a WARNING naming {@code field}) when malformed or outside int. */
        public Integer integer(String field, String text) {
            return integer(field, text, Integer.MIN_VALUE, Integer.MAX_VALUE);
        }

        /** An int in {@code [min, max]}, or null with a WARNING naming {@code field} and the range. */
        public Integer integer(String field, String text, int min, int max) {
            Long v = whole(field, text, min, max);
            return v == null ? null : v.intValue();
        }

        /** A long, or null (with a WARNING naming {@code field}) when malformed or outside long. */
        public Long whole(String field, String text) {
            return whole(field, text, Long.MIN_VALUE, Long.MAX_VALUE);
        }

        /** A long in {@code [min, max]}, or null with a WARNING naming {@code field} and the range. */
        public Long whole(String field, String text, long min, long max) {
            if (!isWhole(text)) return bad(field, text, "is not a whole number");
            Long v = parseWhole(text);
            if (v == null || v < min || v > max) {
                return bad(field, text, "is out of range (" + range(min, max) + ")");
            }
            return v;
        }

        /** A finite decimal, or null with a WARNING naming {@code field}. */
        public Double decimal(String field, String text) {
            if (!isDecimal(text)) return bad(field, text, "is not a number");
            double v = Double.parseDouble(text.strip());
            if (!Double.isFinite(v)) return bad(field, text, "is out of range (too large to be a measurement)");
            return v;
        }

        private <T> T bad(String field, String text, String why) {
            problems.add(Problem.warning(file, line, field + " '" + Text.clip(text == null ? "" : text.strip()) + "' "
                    + why + "; not used"));
            return null;
        }
    }

    /** A long, or null when malformed or out of range: for probing whether a token is a number, with no report. */
    public static Long parseWhole(String text) {
        if (!isWhole(text)) return null;
        String s = text.strip();
        if (s.length() > 20) {
            int i = s.charAt(0) == '-' || s.charAt(0) == '+' ? 1 : 0;
            while (i < s.length() - 1 && s.charAt(i) == '0') i++; // leading zeros do not make it large
            if (s.length() - i > 19) return null;
            s = (s.charAt(0) == '-' ? "-" : "") + s.substring(i);
        }
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return null; // digits beyond a long
        }
    }

    /** A finite decimal, or null: for probing whether a token is a number, with no report. */
    public static Double parseDecimal(String text) {
        if (!isDecimal(text)) return null;
        double v = Double.parseDouble(text.strip());
        return Double.isFinite(v) ? v : null;
    }

    /** {@code [+-]?digits}, blanks around allowed. */
    static boolean isWhole(String text) {
        if (text == null) return false;
        String s = text.strip();
        int i = !s.isEmpty() && (s.charAt(0) == '-' || s.charAt(0) == '+') ? 1 : 0;
        if (i == s.length()) return false;
        for (; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') return false;
        }
        return true;
    }

    /** {@code [+-]?(digits[.digits?]|.digits)([eE][+-]?digits)?}, blanks around allowed; read in one pass. */
    static boolean isDecimal(String text) {
        if (text == null) return false;
        String s = text.strip();
        int n = s.length();
        int i = n > 0 && (s.charAt(0) == '-' || s.charAt(0) == '+') ? 1 : 0;
        int digits = 0;
        while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            i++;
            digits++;
        }
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                i++;
                digits++;
            }
        }
        if (digits == 0) return false;
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && (s.charAt(i) == '-' || s.charAt(i) == '+')) i++;
            int exp = 0;
            while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                i++;
                exp++;
            }
            if (exp == 0) return false;
        }
        return i == n;
    }

    private static String range(long min, long max) {
        if (min == Long.MIN_VALUE && max == Long.MAX_VALUE) return "more digits than this tool reads";
        if (min == Integer.MIN_VALUE && max == Integer.MAX_VALUE) {
            return "beyond " + Units.count((long) Integer.MAX_VALUE);
        }
        return String.format(Locale.ROOT, "%,d to %,d", min, max);
    }
}
