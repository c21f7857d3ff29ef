package dev.lanescope.parse;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.lanescope.model.Acs;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.Problem;
import dev.lanescope.model.ProblemList;
import dev.lanescope.model.SourceRef;

/**
 * Reads {@code lspci}, {@code -v}, {@code -vv} and {@code -vvv} text of every pciutils dialect from 3.5 to the
 * development head, with or without {@code -D}, {@code -n}, {@code -nn}, {@code -k}, {@code -x..-xxxx} hex rows and
 * {@code -P}/{@code -PP} paths, indented with TABs, spaces or NBSPs, with LF or CRLF line ends.
 * <p>
 * One pass, no regular expressions: each line is dispatched on its first token after the indentation. Never
 * throws on bad input: every problem is reported with the file and 1-based line, and everything that did parse
 * is kept. A second record of the same address is reported and dropped (the first wins).
 * <p>
 * This class finds the records (headers, blank lines, lines that are no lspci output); an indented line goes to
 * {@link RecordBody}, and from there a capability's lines to {@link CapabilityLines}; at the end
 * {@link AddressResolver} gives each record its address.
 */
public final class VerboseParser {

    private static final int MAX_JUNK_REPORTS = 50;

    private VerboseParser() {
    }

    /** Parses a whole text (LF, CRLF or CR line ends). */
    public static ParseResult<List<PciFunction>> parse(String fileName, String text) {
        return parse(fileName, splitLines(text == null ? "" : text));
    }

    /** Parses lines (a trailing CR on a line is ignored). */
    public static ParseResult<List<PciFunction>> parse(String fileName, List<String> lines) {
        Run run = new Run(fileName == null ? "(input)" : fileName);
        int n = 0;
        if (lines != null) {
            for (String l : lines) {
                n++;
                try {
                    run.line(l == null ? "" : l, n);
                } catch (RuntimeException e) {
                    run.problems.add(Problem.fault(run.file, n, "could not read this line; skipped", e));
                }
            }
        }
        return run.finish();
    }

    static List<String> splitLines(String text) {
        List<String> out = new ArrayList<>(Math.max(16, text.length() / 48));
        int n = text.length();
        boolean hasCr = text.indexOf('\r') >= 0;
        int start = 0;
        while (start < n) {
            int nl = text.indexOf('\n', start);
            int end = nl < 0 ? n : nl;
            int e = end > start && text.charAt(end - 1) == '\r' ? end - 1 : end;
            if (hasCr) {
                // lone CRs (old Mac line ends) also end lines
                int cr;
                int from = start;
                while ((cr = text.indexOf('\r', from)) >= 0 && cr < e) {
                    out.add(text.substring(from, cr));
                    from = cr + 1;
                }
                out.add(text.substring(from, e));
            } else {
                out.add(text.substring(start, e));
            }
            start = end + 1;
        }
        return out;
    }

    /** The state of one parse. */
    private static final class Run implements ReaderNotes {
        final String file;
        final List<Problem> problems = new ProblemList();
        final List<RecordDraft> drafts = new ArrayList<>();
        final VersionHints fileHints = new VersionHints();
        final Set<String> once = new HashSet<>();
        RecordDraft cur;
        int lineNo;
        int junk;
        boolean orphanNoted;

        Run(String file) {
            this.file = file;
        }

        @Override
        public void info(String onceKey, String message) {
            if (onceKey != null && !once.add(onceKey)) return;
            problems.add(Problem.info(file, lineNo, message));
        }

        @Override
        public void warn(String message) {
            problems.add(Problem.warning(file, lineNo, message));
        }

        void line(String raw, int no) {
            lineNo = no;
            String s = Text.normalise(raw);
            int n = s.length();
            int i = Text.skipBlanks(s, 0);
            if (i == n) {
                if (cur != null) cur.afterBlank = true;
                return;
            }
            char c = s.charAt(i);
            if (Text.hexDigit(c) >= 0 && mayBeSlot(s, i)) {
                HeaderLine h = HeaderLine.parse(s, i);
                if (h != null) {
                    startRecord(h, no);
                    return;
                }
                if (isHexDumpRow(s, i)) return;
            }
            if (i == 0) {
                column0(s, no);
                return;
            }
            if (cur == null) {
                if (!orphanNoted) {
                    orphanNoted = true;
                    info(null, "indented lines before the first device header are not lspci records; skipped");
                }
                return;
            }
            if (cur.invalid) return;
            if (cur.afterBlank && !cur.blankWarned) {
                cur.blankWarned = true;
                warn("indented line after a blank line with no device header in between; read as part of "
                        + "the record at line " + cur.line);
            }
            RecordBody.line(cur, s, i, this);
        }

        private void column0(String s, int no) {
            if (s.startsWith("pcilib:") || s.startsWith("lspci:") || s.startsWith("setpci:")
                    || s.startsWith("WARNING:")) {
                info(null, "lspci message: " + clip(s));
                return;
            }
            if (cur != null && !cur.invalid && BodyKeys.isBodyKey(BodyKeys.of(s, 0, Text.tokenEnd(s, 0)))) {
                info("noindent", "record body lines without indentation; read anyway (reported once per file)");
                RecordBody.line(cur, s, 0, this);
                return;
            }
            junk++;
            if (junk <= MAX_JUNK_REPORTS) {
                warn("not lspci output, skipped: '" + clip(s) + "'");
            } else if (junk == MAX_JUNK_REPORTS + 1) {
                warn("more lines that are not lspci output follow; no longer reported one by one");
            }
        }

        private void startRecord(HeaderLine h, int no) {
            RecordDraft d = new RecordDraft(h, no, fileHints);
            cur = d;
            drafts.add(d);
            PciFunction.Builder b = d.b;
            b.className = h.className();
            b.classCode = h.classCode();
            b.vendorId = h.vendorId();
            b.deviceId = h.deviceId();
            b.vendorDeviceName = h.name();
            b.revision = h.revision();
            b.source = new SourceRef(file, no);
            long dom = h.path().get(0).domain();
            if (dom > Integer.MAX_VALUE) {
                d.invalid = true;
                warn("PCI domain too large in '" + clip(h.toString()) + "'; record skipped");
            }
            if (h.classCode() < 0 && h.className() == null && h.name() == null) {
                warn("device header without class or name text");
            }
        }

        /** Cheap pre-check before {@link HeaderLine#parse}: a hex run followed by ':' or '.'. */
        private static boolean mayBeSlot(String s, int i) {
            int len = Text.hexRun(s, i);
            int j = i + len;
            return len >= 1 && len <= 8 && j < s.length() && (s.charAt(j) == ':' || s.charAt(j) == '.');
        }

        private static boolean isHexDumpRow(String s, int i) {
            int len = Text.hexRun(s, i);
            if (len < 2 || len > 8) return false;
            int j = i + len;
            if (j >= s.length() || s.charAt(j) != ':') return false;
            j++;
            if (j == s.length()) return true;
            return s.charAt(j) == ' ' && Text.hexRun(s, j + 1) == 2;
        }

        private static String clip(String s) {
            String t = s.trim();
            return t.length() > 80 ? t.substring(0, 77) + "..." : t;
        }

        ParseResult<List<PciFunction>> finish() {
            List<PciFunction> out = new ArrayList<>();
            try {
                AddressResolver.resolve(file, drafts, problems);
                Map<Bdf, RecordDraft> seen = new LinkedHashMap<>();
                String fileHint = fileHints.isConsistent() ? fileHints.text() : null;
                for (RecordDraft d : drafts) {
                    if (d.invalid) continue;
                    RecordDraft first = seen.putIfAbsent(d.b.bdf, d);
                    if (first != null) {
                        problems.add(Problem.warning(file, d.line, "second record for " + d.b.bdf
                                + " (first at line " + first.line + "); keeping the first"));
                        continue;
                    }
                    PciFunction.Builder b = d.b;
                    if (d.express != null) b.express = d.express.build();
                    if (d.acsCap != null || d.acsCtl != null) b.acs = new Acs(d.acsCap, d.acsCtl);
                    b.lspciVersionHint = fileHint != null ? fileHint : d.hints.text();
                    out.add(b.build());
                }
            } catch (RuntimeException e) {
                problems.add(Problem.fault(file, 0, "could not finish reading; kept " + out.size()
                        + " functions", e));
            }
            problems.sort(Comparator.comparingInt(Problem::line));
            return new ParseResult<>(out, problems);
        }
    }
}
