package dev.lanescope.capture;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shapes of one line that {@link RoleDetector} counts, tested without allocating: each pattern has one
 * {@link Matcher} reset per line, and runs only when the line's first character could start it; the two shapes
 * nearly every {@code -vv} line has (indented, and indented with a known key) are tested by hand, exactly as
 * their patterns {@code ^[\t ]+\S.*$} and {@code ^[\t ]+(Flags:|...).*} would. One instance per file read.
 */
final class LineShapes {

    private static final String SLOT = "(?:[0-9a-fA-F]{4,8}:)?[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7]";
    /** An lspci record header: slot (or -P path), class, name. */
    static final Pattern LSPCI_HEADER = Pattern.compile(
            "^" + SLOT + "(?:/(?:[0-9a-fA-F]{2}:)?[0-9a-fA-F]{2}\\.[0-7])* [^:\\t]+?: \\S.*$");
    private static final Pattern HEXDUMP = Pattern.compile("^[0-9a-fA-F]{2,8}:( [0-9a-fA-F]{2})+\\s*$");
    /** The keys only -v/-vv record bodies have (after the indentation). */
    private static final String[] VERBOSE_KEYS = {"Flags:", "Control:", "Status:", "Capabilities:", "Memory at",
        "I/O ports at", "Bus: primary=", "Subsystem:", "Kernel driver in use:", "Kernel modules:", "LnkSta:",
        "LnkCap:", "Latency:", "Interrupt:"};
    /** A root bus at the start of a line: {@code -[0000:00]-}, {@code -+-[0000:00]-}, or a cut-out {@code  \\-[0000:00]-}. */
    private static final Pattern TREE_TOP =
            Pattern.compile("^(?:-(?:\\+-)?| ?[+\\\\]-)\\[[0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}\\].*");
    private static final Pattern TREE_LINE = Pattern.compile(
            "^(?:-(?:\\+-)?\\[[0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}\\]|[ |]*[+\\\\]-(?:\\[|[0-9a-fA-F]{2}\\.[0-7])).*");
    private static final Pattern DMESG = Pattern.compile(
            "^(?:<\\d>)?\\[\\s*\\+?\\d+\\.\\d+\\].*|^\\[[A-Z][a-z]{2}\\d{1,2} \\d\\d:\\d\\d\\].*"
                    + "|^[A-Z][a-z]{2} [ \\d]\\d \\d\\d:\\d\\d:\\d\\d \\S+ kernel:.*"
                    + "|^\\d{4}-\\d\\d-\\d\\dT\\S+ \\S+ kernel:.*");
    /** {@code lspci version 3.10.0}, the output of {@code lspci --version}. */
    static final Pattern LSPCI_VERSION = Pattern.compile("^\\s*lspci version (\\d+\\.\\d+(?:\\.\\d+)?)\\s*$");

    private final Matcher header = LSPCI_HEADER.matcher("");
    private final Matcher hexRow = HEXDUMP.matcher("");
    private final Matcher treeTop = TREE_TOP.matcher("");
    private final Matcher treeLine = TREE_LINE.matcher("");
    private final Matcher dmesg = DMESG.matcher("");
    private final Matcher version = LSPCI_VERSION.matcher("");

    boolean header(String l) {
        return startsHex(l) && header.reset(l).matches();
    }

    boolean hexRow(String l) {
        return startsHex(l) && hexRow.reset(l).matches();
    }

    boolean treeTop(String l) {
        return startsTree(l) && treeTop.reset(l).matches();
    }

    boolean treeLine(String l) {
        return startsTree(l) && treeLine.reset(l).matches();
    }

    boolean dmesg(String l) {
        if (l.isEmpty()) return false;
        char c = l.charAt(0);
        return (c == '<' || c == '[' || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) && dmesg.reset(l).matches();
    }

    /** The version lspci gives for {@code lspci --version}, or null when this line is not that. */
    String version(String l) {
        return l.contains("lspci version") && version.reset(l).matches() ? version.group(1) : null;
    }

    /** {@code ^[\t ]+\S.*$}: TABs or spaces, then a non-blank, then no line terminator to the end. */
    static boolean indented(String l) {
        int i = indentEnd(l);
        if (i == 0 || i == l.length()) return false;
        char c = l.charAt(i);
        if (c == '\n' || c == '\u000b' || c == '\f' || c == '\r') return false;
        return noTerminator(l, i + 1);
    }

    /**
     * Whether a line that is {@link #indented} starts its text with one of the -v/-vv body keys (or
     * {@code Region N}); together the two are the pattern {@code ^[\t ]+(Flags:|Control:|...).*}.
     */
    static boolean verboseKey(String l) {
        int i = indentEnd(l);
        if (l.startsWith("Region ", i)) return i + 7 < l.length() && l.charAt(i + 7) >= '0' && l.charAt(i + 7) <= '9';
        for (String k : VERBOSE_KEYS) {
            if (l.startsWith(k, i)) return true;
        }
        return false;
    }

    /** Whether the text after the leading whitespace starts with {@code word} (as {@code l.strip().startsWith}). */
    static boolean startsAfterWhitespace(String l, String word) {
        int i = 0;
        while (i < l.length() && Character.isWhitespace(l.charAt(i))) i++;
        return i > 0 && l.startsWith(word, i);
    }

    private static int indentEnd(String l) {
        int i = 0;
        while (i < l.length() && (l.charAt(i) == '\t' || l.charAt(i) == ' ')) i++;
        return i;
    }

    /** What {@code .*} at the end of a whole-line match allows: none of the characters that end a line. */
    private static boolean noTerminator(String l, int from) {
        // indexOf is the JDK's vectorised search: five of them beat one loop over the characters
        return l.indexOf('\n', from) < 0 && l.indexOf('\r', from) < 0 && l.indexOf('\u0085', from) < 0
                && l.indexOf('\u2028', from) < 0 && l.indexOf('\u2029', from) < 0;
    }

    private static boolean startsHex(String l) {
        if (l.isEmpty()) return false;
        char c = l.charAt(0);
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    private static boolean startsTree(String l) {
        if (l.isEmpty()) return false;
        char c = l.charAt(0);
        return c == '-' || c == ' ' || c == '+' || c == '\\' || c == '|';
    }
}
