package dev.lanescope.parse;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.BusRange;
import dev.lanescope.model.Problem;
import dev.lanescope.model.ProblemList;
import dev.lanescope.model.SourceRef;
import dev.lanescope.model.TreeEntry;

/**
 * Reads {@code lspci -t}, {@code -tv}, {@code -tvn} and {@code -tvnn} output (formats doc §1).
 * <p>
 * Column-to-parent technique (§1.4): every {@code +-}/{@code \-} connector records, at its column, the bus it
 * opens; a continuation line's first connector finds its bus there. Handles one tree with sibling root buses
 * (any order, several domains: pciutils up to 3.9) and one top-level tree per domain (3.10+). A device's bus is
 * its parent bridge's secondary bus, or the root bus. Never throws: bad lines become located problems.
 */
public final class TreeParser {

    private static final Pattern ROOT = Pattern.compile("\\[([0-9a-fA-F]{1,8}):([0-9a-fA-F]{2})\\]");
    private static final Pattern RANGE = Pattern.compile("\\[([0-9a-fA-F]{2})(?:-([0-9a-fA-F]{2}))?\\]");
    private static final Pattern DEVICE = Pattern.compile("([0-9a-fA-F]{2})\\.([0-7])");

    private TreeParser() {
    }

    /** The bus a connector opens: a root bus (no parent) or a bridge's secondary bus. FOREST is above root buses. */
    private record BusCtx(int domain, int bus, Bdf parent, boolean forest) {
        static final BusCtx FOREST = new BusCtx(0, 0, null, true);
    }

    /** Mutable entry while its bus range may still follow. */
    private static final class Draft {
        final Bdf bdf;
        final Bdf parent;
        BusRange range;
        String name;
        int vendor = -1;
        int device = -1;
        final SourceRef source;

        Draft(Bdf bdf, Bdf parent, SourceRef source) {
            this.bdf = bdf;
            this.parent = parent;
            this.source = source;
        }

        TreeEntry build() {
            return new TreeEntry(bdf, parent, range, name, vendor, device, source);
        }
    }

    /** Parses the lines of one tree file; entries come in the order printed. */
    public static ParseResult<List<TreeEntry>> parse(String fileName, List<String> lines) {
        return new Run(fileName).parse(lines);
    }

    /** One parse: the column map and what was read so far. */
    private static final class Run {
        private final String file;
        private final List<Problem> problems = new ProblemList();
        private final Map<Bdf, Draft> drafts = new LinkedHashMap<>();
        private Map<Integer, BusCtx> parentAt = new HashMap<>();
        private boolean seenTop;

        Run(String file) {
            this.file = file;
        }

        ParseResult<List<TreeEntry>> parse(List<String> lines) {
            if (lines == null) lines = List.of();
            for (int i = 0; i < lines.size(); i++) {
                String raw = lines.get(i);
                if (raw == null) continue;
                String line = stripEnd(raw.replace("\t", " "));
                if (line.isBlank()) continue;
                try {
                    parseLine(line, i + 1);
                } catch (RuntimeException e) {
                    problems.add(Problem.fault(file, i + 1, "could not read this tree line; skipped", e));
                }
            }
            if (drafts.isEmpty() && problems.isEmpty()) {
                problems.add(Problem.warning(file, 0, "no devices found in this lspci -t tree"));
            }
            List<TreeEntry> out = new ArrayList<>();
            for (Draft d : drafts.values()) out.add(d.build());
            return new ParseResult<>(out, problems);
        }

        /** Where one tree line's scan stands: its column, the bus a device there hangs from, the device just read. */
        private static final class Cursor {
            final String line;
            final int no;
            final int n;
            int i;
            BusCtx ctx;
            Draft last;
            int lastEnd = -1;

            Cursor(String line, int no) {
                this.line = line;
                this.no = no;
                this.n = line.length();
            }

            /** A {@code +-} or {@code \-} connector at {@code at}. */
            boolean connectorAt(int at) {
                char c = line.charAt(at);
                return (c == '+' || c == '\\') && at + 1 < n && line.charAt(at + 1) == '-';
            }
        }

        private void parseLine(String line, int no) {
            Cursor cur = new Cursor(line, no);
            boolean more = start(cur);
            while (more && cur.i < cur.n) more = step(cur);
        }

        /** Finds the bus the line's first connector hangs from; false when the line is skipped. */
        private boolean start(Cursor cur) {
            String line = cur.line;
            int n = cur.n;
            if (line.charAt(0) == '-') {
                // a new top-level tree (3.10+: one per domain; older: the only one)
                parentAt = new HashMap<>();
                seenTop = true;
                cur.ctx = BusCtx.FOREST;
                cur.i = 1;
                return true;
            }
            int i = 0;
            while (i < n && (line.charAt(i) == ' ' || line.charAt(i) == '|')) i++;
            if (i >= n) return false;
            if (!cur.connectorAt(i)) return skip(cur, "not an lspci -t tree line; skipped");
            BusCtx ctx = parentAt.get(i);
            if (ctx == null && ROOT.matcher(line).region(i + 2, n).lookingAt()) {
                ctx = BusCtx.FOREST; // a root-bus line cut from a longer tree (" \\-[0000:00]-...")
                seenTop = true;
            }
            if (ctx == null) {
                return skip(cur, seenTop
                        ? "no branch above column " + (i + 1) + " to attach this line to; skipped"
                        : "tree line before any root bus line (-[DDDD:BB]-); skipped");
            }
            cur.ctx = ctx;
            cur.i = i + 2;
            return true;
        }

        /** Reads what stands at the cursor's column; false when the rest of the line is done or skipped. */
        private boolean step(Cursor cur) {
            char c = cur.line.charAt(cur.i);
            if (cur.connectorAt(cur.i)) {
                parentAt.put(cur.i, cur.ctx);
                cur.i += 2;
                return true;
            }
            if (c == '-') {
                zeroSecondaryBus(cur);
                cur.i++;
                return true;
            }
            if (c == '[') return bus(cur);
            if (c == ' ') {
                if (cur.last != null) setName(cur.last, cur.line.substring(cur.i).trim());
                return false;
            }
            return device(cur);
        }

        /** A bridge whose secondary bus is 0: printed as "DD.F-" with no range (3.8.0+). */
        private static void zeroSecondaryBus(Cursor cur) {
            int i = cur.i;
            Draft last = cur.last;
            if (last != null && last.range == null && i == cur.lastEnd
                    && (i + 1 >= cur.n || cur.line.charAt(i + 1) != '[')) {
                last.range = new BusRange(last.bdf.bus(), 0, 0);
                cur.ctx = new BusCtx(last.bdf.domain(), 0, last.bdf, false);
            }
        }

        /** A {@code [DDDD:BB]} root bus or a {@code [SS-UU]} bus range after a bridge. */
        private boolean bus(Cursor cur) {
            String line = cur.line;
            int i = cur.i;
            Matcher root = ROOT.matcher(line).region(i, cur.n);
            Matcher range = RANGE.matcher(line).region(i, cur.n);
            if (root.lookingAt()) {
                long dom = Long.parseLong(root.group(1), 16);
                if (dom > Integer.MAX_VALUE) return skip(cur, "domain " + root.group(1) + " too large; line skipped");
                // inside a branch, pciutils <= 3.5 names each child bus of a bridge it could not
                // follow (e.g. behind a CardBus bridge): that bus hangs from the branch's bridge
                Bdf parent = cur.ctx.forest() ? null : cur.ctx.parent();
                cur.ctx = new BusCtx((int) dom, Integer.parseInt(root.group(2), 16), parent, false);
                cur.last = null;
                cur.i = root.end();
                return true;
            }
            Draft last = cur.last;
            if (range.lookingAt() && last != null && i == cur.lastEnd + 1) {
                int sec = Integer.parseInt(range.group(1), 16);
                int sub = range.group(2) == null ? sec : Integer.parseInt(range.group(2), 16);
                last.range = new BusRange(last.bdf.bus(), sec, sub);
                cur.ctx = new BusCtx(last.bdf.domain(), sec, last.bdf, false);
                cur.i = range.end();
                return true;
            }
            return skip(cur, "unexpected '" + clip(line.substring(i)) + "' at column " + (i + 1)
                    + "; rest of line skipped");
        }

        /** A {@code DD.F} device on the cursor's bus. */
        private boolean device(Cursor cur) {
            String line = cur.line;
            int i = cur.i;
            int no = cur.no;
            BusCtx ctx = cur.ctx;
            Matcher dev = DEVICE.matcher(line).region(i, cur.n);
            if (!dev.lookingAt()) {
                String rest = line.substring(i);
                return skip(cur, rest.endsWith("...")
                        ? "line was cut by lspci (longer than its line buffer); rest of line skipped"
                        : "unexpected '" + clip(rest) + "' at column " + (i + 1) + "; rest of line skipped");
            }
            if (ctx.forest()) return skip(cur, "device " + dev.group() + " outside any root bus; line skipped");
            int d = Integer.parseInt(dev.group(1), 16);
            if (d > 0x1f) {
                return skip(cur, "device number " + dev.group(1) + " is above 1f; rest of line skipped");
            }
            Bdf bdf = new Bdf(ctx.domain(), ctx.bus(), d, Integer.parseInt(dev.group(2)));
            Draft draft = new Draft(bdf, ctx.parent(), new SourceRef(file, no));
            Draft prev = drafts.putIfAbsent(bdf, draft);
            if (prev != null) {
                problems.add(Problem.warning(file, no, bdf + " appears twice (first at line "
                        + prev.source.line() + "); keeping the first"));
                draft = new Draft(bdf, ctx.parent(), new SourceRef(file, no)); // detached copy
            }
            cur.last = draft;
            cur.i = dev.end();
            cur.lastEnd = cur.i;
            return true;
        }

        /** Records a located warning for the line; false: the rest of the line is skipped. */
        private boolean skip(Cursor cur, String message) {
            problems.add(Problem.warning(file, cur.no, message));
            return false;
        }

        /**
         * The name after a device: {@code -tvn} prints {@code VVVV:DDDD}, {@code -tvnn} {@code Name [VVVV:DDDD]},
         * {@code -tv} the name alone. Read by position from the end (linear whatever the name holds).
         */
        private static void setName(Draft d, String text) {
            if (text.isEmpty()) return;
            d.name = text;
            int n = text.length();
            if (n == 9 && isId(text, 0)) {
                d.vendor = (int) Text.hex(text, 0, 4);
                d.device = (int) Text.hex(text, 5, 4);
            } else if (n >= 11 && text.charAt(n - 1) == ']' && text.charAt(n - 11) == '[' && isId(text, n - 10)) {
                d.vendor = (int) Text.hex(text, n - 10, 4);
                d.device = (int) Text.hex(text, n - 5, 4);
                String name = stripEnd(text.substring(0, n - 11));
                if (!name.isEmpty()) d.name = name;
            }
        }

        /** {@code VVVV:DDDD} at {@code i}. */
        private static boolean isId(String s, int i) {
            return Text.hexRun(s, i) == 4 && s.charAt(i + 4) == ':' && Text.hexRun(s, i + 5) == 4;
        }

        private static String clip(String s) {
            return s.length() > 20 ? s.substring(0, 20) + "..." : s;
        }

        private static String stripEnd(String s) {
            int e = s.length();
            while (e > 0 && Character.isWhitespace(s.charAt(e - 1))) e--;
            return s.substring(0, e);
        }
    }
}
