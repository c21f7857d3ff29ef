package dev.lanescope.parse;

import java.util.ArrayList;
import java.util.List;

import dev.lanescope.model.Acs;
import dev.lanescope.model.ResizableBar;
import dev.lanescope.parse.RecordDraft.Ctx;
import dev.lanescope.parse.RecordDraft.Owner;

/**
 * The lines of a record's capabilities: the {@code Capabilities:} header that opens one, and inside the ones
 * lanescope reads (PCI Express, Advanced Error Reporting, Access Control Services, Physical Resizable BAR) their
 * keyed lines and the continuation lines that wrap them. Dialect markers met on the way go to the record's
 * version hints.
 */
final class CapabilityLines {

    private CapabilityLines() {
    }

    /** {@code Capabilities: [a0] Express (v2) Root Port (Slot+), MSI 00}: which capability the next lines are in. */
    static void header(RecordDraft d, String s, int r, ReaderNotes notes) {
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
                d.express = ExpressLines.header(s, at + 7, d.hints);
                d.ctx = Ctx.EXPRESS;
            } else {
                notes.warn("second PCI Express capability in one record; ignored");
                d.ctx = Ctx.OTHER_CAP;
            }
        } else if (s.startsWith("Advanced Error Reporting", at)) {
            d.ctx = Ctx.AER;
        } else if (s.startsWith("Access Control Services", at)) {
            d.ctx = Ctx.ACS;
        } else if (s.startsWith("Physical Resizable BAR", at)) {
            d.ctx = Ctx.REBAR;
            d.mark(true, 30700, "3.7");
        } else {
            d.ctx = Ctx.OTHER_CAP;
        }
    }

    /**
     * A line inside a capability; {@code word} is its first word (a {@link BodyKeys} string, or null for any other),
     * at {@code i}, {@code r} where its value starts. True when the line belonged to a capability read here.
     */
    static boolean line(RecordDraft d, String word, boolean keyed, String s, int i, int r, ReaderNotes notes) {
        switch (d.ctx) {
            case EXPRESS -> express(d, word, keyed, s, i, r, notes);
            case AER -> aer(d, word, keyed, s, r);
            case ACS -> {
                if ("ACSCap:".equals(word)) d.acsCap = acsFlags(s, r);
                else if ("ACSCtl:".equals(word)) d.acsCtl = acsFlags(s, r);
            }
            case REBAR -> {
                if (!"BAR".equals(word)) return false;
                rebar(d, s, r, notes);
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    private static void express(RecordDraft d, String word, boolean keyed, String s, int i, int r,
                                ReaderNotes notes) {
        ExpressLines ex = d.express;
        String err = null;
        switch (word == null ? "" : word) {
            case "LnkCap:":
                err = ex.link(s, r, false, d.hints, notes);
                d.owner = Owner.OTHER;
                break;
            case "LnkSta:":
                err = ex.link(s, r, true, d.hints, notes);
                d.owner = Owner.LNKSTA;
                break;
            case "LnkCtl:":
                lnkCtlMarks(d, s, r);
                d.owner = Owner.LNKCTL;
                break;
            case "LnkCap2:":
                d.mark(true, 30700, "3.7");
                err = ex.lnkCap2(s, r, notes);
                d.owner = Owner.OTHER;
                break;
            case "LnkCtl2:":
                err = ex.lnkCtl2(s, r, notes);
                d.owner = Owner.OTHER;
                break;
            case "SltCap:":
                ex.sltCap(s);
                d.owner = Owner.SLTCAP;
                break;
            case "DevCap:":
                if (s.indexOf(".000W", r) >= 0) d.mark(false, 30799, "3.7");
                d.owner = Owner.DEVCAP;
                break;
            case "DevCtl:":
                if (s.indexOf("Report errors:", r) >= 0) d.mark(false, 30599, "3.5");
                d.owner = Owner.OTHER;
                break;
            case "DevCap2:":
            case "DevCtl2:":
                devCapCtl2(d, word, s, r);
                break;
            case "AtomicOpsCap:":
                ex.atomicsCap(s, r);
                break;
            case "AtomicOpsCtl:":
                ex.atomicsCtl(s, r);
                break;
            case "Compliance":
                if (s.startsWith("De-emphasis:", r)) d.mark(false, 30799, "3.7");
                else if (s.startsWith("Preset/De-emphasis:", r)) d.mark(true, 30800, "3.8");
                break;
            default:
                continuation(d, word, keyed, s, i, r);
                break;
        }
        if (err != null) notes.warn(err);
    }

    /** DevCap2 and DevCtl2: the AtomicOps words lspci prints on the same line. */
    private static void devCapCtl2(RecordDraft d, String word, String s, int r) {
        boolean cap = "DevCap2:".equals(word);
        int k = s.indexOf(cap ? "AtomicOpsCap:" : "AtomicOpsCtl:", r);
        if (k >= 0 && cap) d.express.atomicsCap(s, k + 13);
        else if (k >= 0) d.express.atomicsCtl(s, k + 13);
        d.owner = Owner.OTHER;
    }

    /** What LnkCtl's wording says of the lspci version that printed it. */
    private static void lnkCtlMarks(RecordDraft d, String s, int r) {
        if (s.indexOf("LnkDisable", r) >= 0) d.mark(true, 31100, "3.11");
        else if (s.indexOf("bytes, Disabled", r) >= 0) d.hints.between(30700, "3.7", 31099, "3.10");
        else if (s.indexOf("bytes Disabled", r) >= 0) d.mark(false, 30699, "3.6");
    }

    /**
     * A line of the Express capability that opens with no key of its own: a new key this reader skips, or the
     * continuation of the last keyed line (LnkSta's flags, the slot number, LnkCtl's and DevCap's version marks).
     */
    private static void continuation(RecordDraft d, String word, boolean keyed, String s, int i, int r) {
        ExpressLines ex = d.express;
        if (keyed) {
            d.owner = Owner.OTHER;
        } else if (d.owner == Owner.LNKSTA && s.startsWith("TrErr", i)) {
            ex.lnkStaFlags(s);
        } else if (d.owner == Owner.SLTCAP && "Slot".equals(word)) {
            ex.slotNumberFrom(s);
            if (s.indexOf(".000W", r) >= 0) d.mark(false, 30799, "3.7");
        } else if (d.owner == Owner.LNKCTL && s.indexOf("FltModeDis", r) >= 0) {
            d.mark(true, 31400, "3.14");
        } else if (d.owner == Owner.DEVCAP) {
            if (s.indexOf("TEE-IO", r) >= 0) d.mark(true, 31200, "3.12");
            if (s.indexOf(".000W", r) >= 0) d.mark(false, 30799, "3.7");
        }
    }

    private static void aer(RecordDraft d, String word, boolean keyed, String s, int r) {
        if ("UESta:".equals(word)) {
            plusFlags(s, r, d.b.aerUncorrectable);
            d.owner = Owner.UESTA;
        } else if ("CESta:".equals(word)) {
            plusFlags(s, r, d.b.aerCorrectable);
            d.owner = Owner.OTHER;
        } else if (keyed) {
            d.owner = Owner.OTHER;
        } else if (d.owner == Owner.UESTA) {
            plusFlags(s, Text.skipBlanks(s, 0), d.b.aerUncorrectable);
            d.mark(true, 31300, "3.13");
        }
    }

    /** The names of the flags printed with {@code +} from {@code from} on, each once. */
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
        return new Acs.AcsFlags(on(s, r, "SrcValid"), on(s, r, "TransBlk"), on(s, r, "ReqRedir"),
                on(s, r, "CmpltRedir"), on(s, r, "UpstreamFwd"), on(s, r, "EgressCtrl"), on(s, r, "DirectTrans"));
    }

    private static boolean on(String s, int from, String name) {
        return Boolean.TRUE.equals(Text.flag(s, from, name));
    }

    /** {@code BAR 1: current size: 64GB, supported: 64MB 128MB ...}. */
    private static void rebar(RecordDraft d, String s, int r, ReaderNotes notes) {
        int idx = Text.decimal(s, r);
        int cs = s.indexOf("current size:", r);
        if (idx < 0 || idx > 5 || cs < 0) {
            notes.warn("unreadable Resizable BAR line: not read");
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
}
