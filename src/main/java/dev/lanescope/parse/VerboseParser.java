package dev.lanescope.parse;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.lanescope.model.Acs;
import dev.lanescope.model.Bar;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.BusRange;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.Problem;
import dev.lanescope.model.ProblemList;
import dev.lanescope.model.ResizableBar;
import dev.lanescope.model.SourceRef;

/**
 * Reads {@code lspci}, {@code -v}, {@code -vv} and {@code -vvv} text of every pciutils dialect from 3.5 to the
 * development head, with or without {@code -D}, {@code -n}, {@code -nn}, {@code -k}, {@code -x..-xxxx} hex rows and
 * {@code -P}/{@code -PP} paths, indented with TABs, spaces or NBSPs, with LF or CRLF line ends.
 * <p>
 * One pass, no regular expressions: each line is dispatched on its first token after the indentation. Never
 * throws on bad input: every problem is reported with the file and 1-based line, and everything that did parse
 * is kept. A second record of the same address is reported and dropped (the first wins).
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
                    run.problems.add(Problem.error(run.file, n, "could not read this line (" + e + "); skipped"));
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

    /** Where in a record a line is: which capability it belongs to. */
    private enum Ctx { BODY, EXPRESS, AER, ACS, REBAR, OTHER_CAP }

    /** Which keyed line a continuation line (no {@code Key:}) continues. */
    private enum Owner { NONE, LNKSTA, LNKCTL, SLTCAP, DEVCAP, UESTA, OTHER }

    /** One record being read. */
    private static final class Draft {
        final HeaderLine header;
        final int line;
        final PciFunction.Builder b;
        final VersionHints hints;
        ExpressLines express;
        Acs.AcsFlags acsCap;
        Acs.AcsFlags acsCtl;
        Ctx ctx = Ctx.BODY;
        Owner owner = Owner.NONE;
        boolean afterBlank;
        boolean blankWarned;
        boolean invalid;

        Draft(HeaderLine header, int line, VersionHints fileHints) {
            this.header = header;
            this.hints = new VersionHints(fileHints);
            this.line = line;
            this.b = PciFunction.builder(new Bdf(0, 0, 0, 0));
        }
    }

    /** The state of one parse. */
    private static final class Run implements ExpressLines.Notes {
        final String file;
        final List<Problem> problems = new ProblemList();
        final List<Draft> drafts = new ArrayList<>();
        final VersionHints fileHints = new VersionHints();
        final Set<String> once = new HashSet<>();
        Draft cur;
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

        void warn(String message) {
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
            body(cur, s, i);
        }

        private void column0(String s, int no) {
            if (s.startsWith("pcilib:") || s.startsWith("lspci:") || s.startsWith("setpci:")
                    || s.startsWith("WARNING:")) {
                info(null, "lspci message: " + clip(s));
                return;
            }
            if (cur != null && !cur.invalid && isKnownKey(s)) {
                info("noindent", "record body lines without indentation; read anyway (reported once per file)");
                body(cur, s, 0);
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
            Draft d = new Draft(h, no, fileHints);
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

        private void body(Draft d, String s, int i) {
            int te = Text.tokenEnd(s, i);
            String tok = s.substring(i, te);
            int r = Text.skipBlanks(s, te);
            PciFunction.Builder b = d.b;
            boolean keyed = tok.endsWith(":");
            switch (tok) {
                case "Subsystem:":
                    if (d.ctx == Ctx.BODY && b.subsystem == null) b.subsystem = s.substring(r).trim();
                    break;
                case "Physical":
                    if (d.ctx == Ctx.BODY && s.startsWith("Slot:", r)) {
                        b.physicalSlot = s.substring(Text.skipBlanks(s, r + 5)).trim();
                    }
                    break;
                case "Flags:":
                    if (d.ctx == Ctx.BODY) { // -v summary line
                        int numa = Text.decimalAfter(s, "NUMA node ");
                        if (numa >= 0) b.numaNode = numa;
                        int grp = Text.decimalAfter(s, "IOMMU group ");
                        if (grp >= 0) b.iommuGroup = grp;
                    }
                    break;
                case "NUMA":
                    if (s.startsWith("node:", r)) {
                        int v = Text.decimal(s, Text.skipBlanks(s, r + 5));
                        if (v >= 0) b.numaNode = v;
                    }
                    break;
                case "IOMMU":
                    if (s.startsWith("group:", r)) {
                        int v = Text.decimal(s, Text.skipBlanks(s, r + 6));
                        if (v >= 0) b.iommuGroup = v;
                    }
                    break;
                case "Region":
                    if (d.ctx == Ctx.BODY) region(d, s, i);
                    break;
                case "Memory":
                case "I/O":
                case "[virtual]":
                    // "[virtual] Expansion ROM at ..." (pciutils <= 3.6.2 puts the flag first) is the ROM, not a BAR
                    boolean virtualRom = s.startsWith("[virtual] Expansion ROM", i);
                    if (d.ctx == Ctx.BODY && !virtualRom && (s.startsWith("Memory at", i)
                            || s.startsWith("I/O ports at", i) || s.startsWith("[virtual]", i))) {
                        Bar bar = BarLine.parse(s, i, b.bars.size());
                        if (bar == null) warn("unreadable BAR line: not read");
                        else b.bars.add(bar);
                        if (s.startsWith("[virtual]", i)) virtualBefore(d);
                    }
                    break;
                case "Bus:":
                    if (d.ctx == Ctx.BODY) bus(d, s, r);
                    break;
                case "Capabilities:":
                    capability(d, s, r);
                    break;
                case "Kernel":
                    if (s.startsWith("driver in use:", r)) {
                        b.driver = s.substring(r + 14).trim();
                    } else if (s.startsWith("modules:", r)) {
                        b.modules.clear();
                        for (String m : s.substring(r + 8).split(",")) {
                            String t = m.trim();
                            if (!t.isEmpty()) b.modules.add(t);
                        }
                    }
                    break;
                case "Driver":
                    if (s.startsWith("in use:", r)) b.driver = s.substring(r + 7).trim();
                    break;
                default:
                    if (d.ctx == Ctx.EXPRESS) {
                        express(d, tok, s, r);
                        return;
                    }
                    if (d.ctx == Ctx.AER) {
                        aer(d, tok, s, r);
                        return;
                    }
                    if (d.ctx == Ctx.ACS) {
                        if (tok.equals("ACSCap:")) d.acsCap = acsFlags(s, r);
                        else if (tok.equals("ACSCtl:")) d.acsCtl = acsFlags(s, r);
                        return;
                    }
                    if (d.ctx == Ctx.REBAR && tok.equals("BAR")) {
                        rebar(d, s, r);
                        return;
                    }
                    break;
            }
            if (keyed) d.owner = Owner.OTHER;
        }

        private void virtualBefore(Draft d) {
            mark(d, false, 30602, "3.6.2");
        }

        private void region(Draft d, String s, int i) {
            int idx = BarLine.regionIndex(s, i);
            int k = BarLine.afterRegion(s, i);
            Bar bar = idx < 0 || k < 0 ? null : BarLine.parse(s, k, idx);
            if (bar == null) {
                warn("unreadable BAR line: not read");
                return;
            }
            if (s.startsWith("[virtual]", k)) virtualBefore(d);
            else if (bar.virtual()) mark(d, true, 30603, "3.6.3");
            d.b.bars.add(bar);
        }

        private void bus(Draft d, String s, int r) {
            int p = hexAfter(s, "primary=");
            int sec = hexAfter(s, "secondary=");
            int sub = hexAfter(s, "subordinate=");
            if (p < 0 || sec < 0 || sub < 0) {
                warn("unreadable 'Bus:' line: bus range not read");
                return;
            }
            d.b.busRange = new BusRange(p, sec, sub);
        }

        private static int hexAfter(String s, String key) {
            int k = s.indexOf(key);
            if (k < 0) return -1;
            int i = k + key.length();
            int len = Text.hexRun(s, i);
            if (len < 1 || len > 2) return -1;
            return (int) Text.hex(s, i, len);
        }

        private void capability(Draft d, String s, int r) {
            d.owner = Owner.NONE;
            if (s.startsWith("<access denied>", r)) {
                d.b.capabilitiesHidden = true;
                d.ctx = Ctx.OTHER_CAP;
                return;
            }
            int rb = s.indexOf(']', r);
            int at = rb < 0 ? r : Text.skipBlanks(s, rb + 1);
            if (s.startsWith("Express", at)) {
                if (d.express == null) {
                    d.express = ExpressLines.header(s.substring(at + 7), d.hints);
                    d.ctx = Ctx.EXPRESS;
                } else {
                    warn("second PCI Express capability in one record; ignored");
                    d.ctx = Ctx.OTHER_CAP;
                }
            } else if (s.startsWith("Advanced Error Reporting", at)) {
                d.ctx = Ctx.AER;
            } else if (s.startsWith("Access Control Services", at)) {
                d.ctx = Ctx.ACS;
            } else if (s.startsWith("Physical Resizable BAR", at)) {
                d.ctx = Ctx.REBAR;
                mark(d, true, 30700, "3.7");
            } else {
                d.ctx = Ctx.OTHER_CAP;
            }
        }

        /** Applies one version marker to the record and to the file. */
        private void mark(Draft d, boolean atLeast, int v, String label) {
            if (atLeast) d.hints.atLeast(v, label);
            else d.hints.atMost(v, label);
        }

        private void between(Draft d, int from, String fromLabel, int to, String toLabel) {
            d.hints.between(from, fromLabel, to, toLabel);
        }

        private void express(Draft d, String tok, String s, int r) {
            ExpressLines ex = d.express;
            String err = null;
            switch (tok) {
                case "LnkCap:":
                    err = ex.link(s, r, false, d.hints, this);
                    d.owner = Owner.OTHER;
                    break;
                case "LnkSta:":
                    err = ex.link(s, r, true, d.hints, this);
                    d.owner = Owner.LNKSTA;
                    break;
                case "LnkCtl:":
                    if (s.indexOf("LnkDisable", r) >= 0) mark(d, true, 31100, "3.11");
                    else if (s.indexOf("bytes, Disabled", r) >= 0) between(d, 30700, "3.7", 31099, "3.10");
                    else if (s.indexOf("bytes Disabled", r) >= 0) mark(d, false, 30699, "3.6");
                    d.owner = Owner.LNKCTL;
                    break;
                case "LnkCap2:":
                    mark(d, true, 30700, "3.7");
                    err = ex.lnkCap2(s, r, this);
                    d.owner = Owner.OTHER;
                    break;
                case "LnkCtl2:":
                    err = ex.lnkCtl2(s, r, this);
                    d.owner = Owner.OTHER;
                    break;
                case "SltCap:":
                    ex.sltCap(s);
                    d.owner = Owner.SLTCAP;
                    break;
                case "DevCap:":
                    if (s.indexOf(".000W", r) >= 0) mark(d, false, 30799, "3.7");
                    d.owner = Owner.DEVCAP;
                    break;
                case "DevCtl:":
                    if (s.indexOf("Report errors:", r) >= 0) mark(d, false, 30599, "3.5");
                    d.owner = Owner.OTHER;
                    break;
                case "DevCap2:": {
                    int k = s.indexOf("AtomicOpsCap:", r);
                    if (k >= 0) ex.atomicsCap(s, k + 13);
                    d.owner = Owner.OTHER;
                    break;
                }
                case "DevCtl2:": {
                    int k = s.indexOf("AtomicOpsCtl:", r);
                    if (k >= 0) ex.atomicsCtl(s, k + 13);
                    d.owner = Owner.OTHER;
                    break;
                }
                case "AtomicOpsCap:":
                    ex.atomicsCap(s, r);
                    break;
                case "AtomicOpsCtl:":
                    ex.atomicsCtl(s, r);
                    break;
                case "Compliance":
                    if (s.startsWith("De-emphasis:", r)) mark(d, false, 30799, "3.7");
                    else if (s.startsWith("Preset/De-emphasis:", r)) mark(d, true, 30800, "3.8");
                    break;
                default:
                    if (tok.endsWith(":")) {
                        d.owner = Owner.OTHER;
                    } else if (d.owner == Owner.LNKSTA && tok.startsWith("TrErr")) {
                        ex.lnkStaFlags(s);
                    } else if (d.owner == Owner.SLTCAP && tok.equals("Slot")) {
                        ex.slotNumberFrom(s);
                        if (s.indexOf(".000W", r) >= 0) mark(d, false, 30799, "3.7");
                    } else if (d.owner == Owner.LNKCTL && s.indexOf("FltModeDis", r) >= 0) {
                        mark(d, true, 31400, "3.14");
                    } else if (d.owner == Owner.DEVCAP) {
                        if (s.indexOf("TEE-IO", r) >= 0) mark(d, true, 31200, "3.12");
                        if (s.indexOf(".000W", r) >= 0) mark(d, false, 30799, "3.7");
                    }
                    break;
            }
            if (err != null) warn(err);
        }

        private void aer(Draft d, String tok, String s, int r) {
            if (tok.equals("UESta:")) {
                plusFlags(s, r, d.b.aerUncorrectable);
                d.owner = Owner.UESTA;
            } else if (tok.equals("CESta:")) {
                plusFlags(s, r, d.b.aerCorrectable);
                d.owner = Owner.OTHER;
            } else if (tok.endsWith(":")) {
                d.owner = Owner.OTHER;
            } else if (d.owner == Owner.UESTA) {
                plusFlags(s, Text.skipBlanks(s, 0), d.b.aerUncorrectable);
                mark(d, true, 31300, "3.13");
            }
        }

        private static void plusFlags(String s, int from, List<String> out) {
            int n = s.length();
            int i = Text.skipBlanks(s, from);
            while (i < n) {
                int e = Text.tokenEnd(s, i);
                if (e - i > 1 && s.charAt(e - 1) == '+') {
                    String name = s.substring(i, e - 1);
                    if (!out.contains(name)) out.add(name);
                }
                i = Text.skipBlanks(s, e);
            }
        }

        private static Acs.AcsFlags acsFlags(String s, int r) {
            String t = s.substring(r);
            return new Acs.AcsFlags(on(t, "SrcValid"), on(t, "TransBlk"), on(t, "ReqRedir"), on(t, "CmpltRedir"),
                    on(t, "UpstreamFwd"), on(t, "EgressCtrl"), on(t, "DirectTrans"));
        }

        private static boolean on(String t, String name) {
            return Boolean.TRUE.equals(Text.flag(t, name));
        }

        /** {@code BAR 1: current size: 64GB, supported: 64MB 128MB ...}. */
        private void rebar(Draft d, String s, int r) {
            int idx = Text.decimal(s, r);
            int cs = s.indexOf("current size:", r);
            if (idx < 0 || idx > 5 || cs < 0) {
                warn("unreadable Resizable BAR line: not read");
                return;
            }
            int i = Text.skipBlanks(s, cs + 13);
            int e = i;
            while (e < s.length() && s.charAt(e) != ',' && !Text.isBlank(s.charAt(e))) e++;
            long current = Text.size(s.substring(i, e));
            List<Long> supported = new ArrayList<>();
            int sp = s.indexOf("supported:", e);
            if (sp >= 0) {
                int j = Text.skipBlanks(s, sp + 10);
                while (j < s.length()) {
                    int te = Text.tokenEnd(s, j);
                    long v = Text.size(s.substring(j, te));
                    if (v > 0) supported.add(v);
                    j = Text.skipBlanks(s, te);
                }
            }
            d.b.resizableBars.add(new ResizableBar(idx, current, supported));
        }

        private static boolean isKnownKey(String s) {
            int te = Text.tokenEnd(s, 0);
            String tok = s.substring(0, te);
            switch (tok) {
                case "Subsystem:": case "Control:": case "Status:": case "Latency:": case "Interrupt:":
                case "Region": case "Capabilities:": case "Kernel": case "Bus:": case "Flags:": case "NUMA":
                case "IOMMU": case "Physical": case "DevCap:": case "DevCtl:": case "DevSta:": case "LnkCap:":
                case "LnkCtl:": case "LnkSta:": case "DevCap2:": case "DevCtl2:": case "LnkCap2:": case "LnkCtl2:":
                case "LnkSta2:": case "SltCap:": case "SltCtl:": case "SltSta:": case "ACSCap:": case "ACSCtl:":
                case "UESta:": case "CESta:": case "Expansion": case "DeviceName:": case "BridgeCtl:":
                case "Secondary": case "Prefetchable": case "Memory": case "I/O": case "AtomicOpsCap:":
                case "AtomicOpsCtl:":
                    return true;
                default:
                    return false;
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
                resolveAddresses();
                Map<Bdf, Draft> seen = new LinkedHashMap<>();
                String fileHint = fileHints.isConsistent() ? fileHints.text() : null;
                for (Draft d : drafts) {
                    if (d.invalid) continue;
                    Draft first = seen.putIfAbsent(d.b.bdf, d);
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
                problems.add(Problem.error(file, 0, "could not finish reading (" + e + "); kept " + out.size()
                        + " functions"));
            }
            problems.sort(Comparator.comparingInt(Problem::line));
            return new ParseResult<>(out, problems);
        }

        /** Turns each header's slot (or -P path) into a Bdf; -P elements take their bus from the parent bridge. */
        private void resolveAddresses() {
            Map<Bdf, BusRange> ranges = new HashMap<>();
            List<Draft> order = new ArrayList<>(drafts);
            order.sort(Comparator.comparingInt((Draft d) -> d.header.path().size()));
            for (Draft d : order) {
                if (d.invalid) continue;
                List<HeaderLine.Slot> path = d.header.path();
                HeaderLine.Slot head = path.get(0);
                int domain = head.domain() < 0 ? 0 : (int) head.domain();
                Bdf at = null;
                String failure = null;
                for (int k = 0; k < path.size(); k++) {
                    HeaderLine.Slot e = path.get(k);
                    int bus = e.bus();
                    if (bus < 0) {
                        BusRange pr = at == null ? null : ranges.get(at);
                        if (pr == null) {
                            failure = "the -P path element " + (k + 1) + " has no bus number and the bridge "
                                    + at + " before it was not found with a 'Bus:' line";
                            break;
                        }
                        bus = pr.secondary();
                    }
                    if (e.device() > 0x1f) {
                        failure = "device number " + Integer.toHexString(e.device()) + " is above 1f";
                        break;
                    }
                    at = new Bdf(domain, bus, e.device(), e.function());
                }
                if (failure != null) {
                    d.invalid = true;
                    problems.add(Problem.warning(file, d.line, "not a usable PCI address: " + failure
                            + "; record skipped"));
                    continue;
                }
                d.b.bdf = at;
                if (d.b.busRange != null) ranges.putIfAbsent(at, d.b.busRange);
            }
        }
    }
}
