package dev.lanescope.parse;

import dev.lanescope.model.Bar;
import dev.lanescope.model.BusRange;
import dev.lanescope.model.PciFunction;
import dev.lanescope.parse.RecordDraft.Ctx;
import dev.lanescope.parse.RecordDraft.Owner;

/**
 * One indented line of a record, dispatched on its first word: the record's own lines (subsystem, slot, NUMA
 * node, IOMMU group, BARs, bus numbers, driver and modules) are read here, {@code Capabilities:} lines and the
 * lines inside a capability go to {@link CapabilityLines}.
 */
final class RecordBody {

    private RecordBody() {
    }

    /** The line {@code s}, whose text starts at {@code i}. */
    static void line(RecordDraft d, String s, int i, ReaderNotes notes) {
        int te = Text.tokenEnd(s, i);
        String word = BodyKeys.of(s, i, te);
        boolean keyed = s.charAt(te - 1) == ':';
        int r = Text.skipBlanks(s, te);
        PciFunction.Builder b = d.b;
        switch (word == null ? "" : word) {
            case "Subsystem:":
                if (d.ctx == Ctx.BODY && b.subsystem == null) b.subsystem = s.substring(r).trim();
                break;
            case "Physical":
                if (d.ctx == Ctx.BODY && s.startsWith("Slot:", r)) {
                    b.physicalSlot = s.substring(Text.skipBlanks(s, r + 5)).trim();
                }
                break;
            case "Flags:":
                if (d.ctx == Ctx.BODY) flags(b, s);
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
                if (d.ctx == Ctx.BODY) region(d, s, i, notes);
                break;
            case "Memory":
            case "I/O":
            case "[virtual]":
                if (d.ctx == Ctx.BODY) bar(d, s, i, notes);
                break;
            case "Bus:":
                if (d.ctx == Ctx.BODY) bus(d, s, notes);
                break;
            case "Capabilities:":
                CapabilityLines.header(d, s, r, notes);
                break;
            case "Kernel":
                kernel(b, s, r);
                break;
            case "Driver":
                if (s.startsWith("in use:", r)) b.driver = s.substring(r + 7).trim();
                break;
            default:
                if (CapabilityLines.line(d, word, keyed, s, i, r, notes)) return;
                break;
        }
        if (keyed) d.owner = Owner.OTHER;
    }

    /** The {@code -v} summary line {@code Flags: ..., NUMA node N, IOMMU group G}. */
    private static void flags(PciFunction.Builder b, String s) {
        int numa = Text.decimalAfter(s, "NUMA node ");
        if (numa >= 0) b.numaNode = numa;
        int grp = Text.decimalAfter(s, "IOMMU group ");
        if (grp >= 0) b.iommuGroup = grp;
    }

    /** A {@code -v} BAR line ({@code Memory at}, {@code I/O ports at}, {@code [virtual] Memory at}). */
    private static void bar(RecordDraft d, String s, int i, ReaderNotes notes) {
        // "[virtual] Expansion ROM at ..." (pciutils <= 3.6.2 puts the flag first) is the ROM, not a BAR
        boolean virtualRom = s.startsWith("[virtual] Expansion ROM", i);
        if (virtualRom || !(s.startsWith("Memory at", i) || s.startsWith("I/O ports at", i)
                || s.startsWith("[virtual]", i))) {
            return;
        }
        Bar bar = BarLine.parse(s, i, d.b.bars.size());
        if (bar == null) notes.warn("unreadable BAR line: not read");
        else d.b.bars.add(bar);
        if (s.startsWith("[virtual]", i)) virtualBefore(d);
    }

    /** {@code Kernel driver in use:} and {@code Kernel modules:}. */
    private static void kernel(PciFunction.Builder b, String s, int r) {
        if (s.startsWith("driver in use:", r)) {
            b.driver = s.substring(r + 14).trim();
        } else if (s.startsWith("modules:", r)) {
            b.modules.clear();
            for (String m : s.substring(r + 8).split(",")) {
                String t = m.trim();
                if (!t.isEmpty()) b.modules.add(t);
            }
        }
    }

    /** pciutils 3.6.2 and older print {@code [virtual]} before the BAR, later ones after it. */
    private static void virtualBefore(RecordDraft d) {
        d.mark(false, 30602, "3.6.2");
    }

    private static void region(RecordDraft d, String s, int i, ReaderNotes notes) {
        int idx = BarLine.regionIndex(s, i);
        int k = BarLine.afterRegion(s, i);
        Bar bar = idx < 0 || k < 0 ? null : BarLine.parse(s, k, idx);
        if (bar == null) {
            notes.warn("unreadable BAR line: not read");
            return;
        }
        if (s.startsWith("[virtual]", k)) virtualBefore(d);
        else if (bar.virtual()) d.mark(true, 30603, "3.6.3");
        d.b.bars.add(bar);
    }

    private static void bus(RecordDraft d, String s, ReaderNotes notes) {
        int p = hexAfter(s, "primary=");
        int sec = hexAfter(s, "secondary=");
        int sub = hexAfter(s, "subordinate=");
        if (p < 0 || sec < 0 || sub < 0) {
            notes.warn("unreadable 'Bus:' line: bus range not read");
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
}
