package dev.lanescope.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A list of problems where a repeated problem is counted, not repeated: the first problem of each kind in a file
 * stays, located at its line, and says how many times it happened and the first few lines; later ones only count.
 * A kind is the file, the severity and the message with its particulars (numbers, addresses, quoted text) left
 * out, so "unexpected 'x' at column 5" and "unexpected 'y' at column 9" are one kind. At most {@link #MAX_KINDS}
 * kinds are listed; problems of further kinds are only counted, in one last problem that says how many. So memory
 * and what is printed stay bounded (at most {@link #MAX_KINDS} + 1 problems of at most {@link Problem#MAX_MESSAGE}
 * characters), whatever a hostile capture repeats or varies (docs/RULES.md section 13).
 */
public final class ProblemList extends ArrayList<Problem> {

    /** Lines named in a folded problem. */
    static final int PLACES = 5;
    /** Kinds of problem listed; more are counted in one problem. */
    public static final int MAX_KINDS = 1000;

    private static final class Kind {
        final Problem first;
        Problem shown;
        int at;
        long count = 1;
        final List<Integer> lines = new ArrayList<>(PLACES);

        Kind(Problem first) {
            this.first = first;
            this.shown = first;
            if (first.line() > 0) lines.add(first.line());
        }
    }

    private final Map<String, Kind> kinds = new HashMap<>();
    /** Problems of kinds beyond {@link #MAX_KINDS}, and the problem that counts them (null until there is one). */
    private long unlisted;
    private Problem unlistedShown;

    public ProblemList() {
    }

    public ProblemList(List<Problem> problems) {
        addAll(problems);
    }

    @Override
    public boolean add(Problem p) {
        String key = key(p);
        Kind k = kinds.get(key);
        if (k == null && kinds.size() >= MAX_KINDS) {
            unlisted++;
            String file = unlistedShown == null ? p.file() : unlistedShown.file();
            boolean fault = p.fault() || unlistedShown != null && unlistedShown.fault();
            Problem more = new Problem(file, 0, Severity.WARNING, String.format(Locale.ROOT, "%,d more problem(s) of"
                    + " other kinds were not listed (at most %,d kinds are listed; the first unlisted one is in this"
                    + " file)", unlisted, MAX_KINDS), fault);
            int at = unlistedShown == null ? -1 : indexOfSame(unlistedShown);
            if (at >= 0) super.set(at, more);
            else super.add(more);
            unlistedShown = more;
            return true;
        }
        if (k == null) {
            Kind fresh = new Kind(p);
            fresh.at = size();
            kinds.put(key, fresh);
            return super.add(p);
        }
        k.count++;
        if (k.lines.size() < PLACES && p.line() > 0 && !k.lines.contains(p.line())) k.lines.add(p.line());
        Problem folded = new Problem(k.first.file(), k.first.line(), k.first.severity(), k.first.message()
                + " (" + Units.count(k.count) + " times in this file"
                + (k.lines.size() > 1 ? ": lines " + places(k) : "") + ")", k.first.fault());
        if (k.at >= size() || get(k.at) != k.shown) k.at = indexOfSame(k.shown); // moved by a sort
        if (k.at >= 0) super.set(k.at, folded);
        k.shown = folded;
        return true;
    }

    @Override
    public boolean addAll(java.util.Collection<? extends Problem> ps) {
        for (Problem p : ps) add(p);
        return !ps.isEmpty();
    }

    /** How many problems were added, folded and unlisted ones counted one by one. */
    public long total() {
        return unlisted + kinds.values().stream().mapToLong(k -> k.count).sum();
    }

    private static String places(Kind k) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < k.lines.size(); i++) b.append(i == 0 ? "" : ", ").append(k.lines.get(i));
        return b.append(k.count > k.lines.size() ? ", ..." : "").toString();
    }

    private int indexOfSame(Problem p) {
        for (int i = size() - 1; i >= 0; i--) {
            if (get(i) == p) return i;
        }
        return -1;
    }

    /** File, severity and the message's words: tokens with a digit and quoted text left out. */
    static String key(Problem p) {
        String m = p.message();
        StringBuilder b = new StringBuilder(Math.min(m.length(), 256));
        b.append(p.file()).append('\u0000').append(p.severity()).append('\u0000');
        int n = m.length();
        int i = 0;
        while (i < n && b.length() < 512) {
            char c = m.charAt(i);
            if (c == '\'') {
                int close = m.indexOf('\'', i + 1);
                b.append("'…'");
                i = close < 0 ? n : close + 1;
                continue;
            }
            int end = i;
            while (end < n && m.charAt(end) != ' ' && m.charAt(end) != '\'') end++;
            if (end == i) {
                b.append(c);
                i++;
                continue;
            }
            boolean digit = false;
            for (int j = i; j < end && !digit; j++) digit = Character.isDigit(m.charAt(j));
            if (digit) b.append('#');
            else b.append(m, i, end);
            i = end;
        }
        return b.toString();
    }
}
