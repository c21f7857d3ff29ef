package dev.lanescope.parse;

import dev.lanescope.model.Atomics;
import dev.lanescope.model.Express;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.PortType;

/**
 * Collects the link facts of one PCI Express capability line by line: the header ({@code Express (v2) Root Port
 * (Slot+), MSI 00}), {@code LnkCap}, {@code LnkSta} (one-line 3.5 form or two-line form, annotations ignored),
 * {@code LnkCap2}, {@code LnkCtl2}, {@code SltCap}, {@code DevCap2}/{@code DevCtl2} AtomicOps. Methods return an
 * error text for the caller to report, or null.
 */
final class ExpressLines {

    /** Receives notes the caller turns into located problems; {@code onceKey} dedups per file (null: always). */
    interface Notes {
        void info(String onceKey, String message);
    }

    final PortType portType;
    final boolean slotImplemented;
    Integer version;
    LinkState lnkCap;
    LinkState lnkSta;
    LinkSpeed lnkCap2Max;
    LinkSpeed target;
    Boolean dlActive;
    Integer slotNumber;
    Boolean hotPlug;
    Boolean routing;
    Boolean c32;
    Boolean c64;
    Boolean c128;
    Boolean reqEn;
    Boolean egress;
    Boolean bwMgmt;
    Boolean autoBw;

    private ExpressLines(PortType portType, boolean slotImplemented) {
        this.portType = portType;
        this.slotImplemented = slotImplemented;
    }

    /** From the text after {@code Express} (at {@code from}): {@code (v2) Root Port (Slot+), IntMsgNum 0}. */
    static ExpressLines header(String s, int from, VersionHints hints) {
        int a = from;
        int b = s.length();
        while (a < b && s.charAt(a) <= ' ') a++; // as String.trim, without the copies
        while (b > a && s.charAt(b - 1) <= ' ') b--;
        Integer version = null;
        if (s.startsWith("(v", a) && a + 2 <= b) {
            int e = s.indexOf(')', a);
            int v = e < 0 ? -1 : Text.decimal(s, a + 2);
            if (v > 0) version = v;
            a = e < 0 ? b : e + 1;
            while (a < b && s.charAt(a) <= ' ') a++;
        }
        String t = s.substring(a, b);
        PortType type = PortType.parse(t);
        boolean slot = t.contains("(Slot+)");
        if (t.contains(", MSI ")) hints.atMost(31099, "3.10");
        if (t.contains("IntMsgNum")) hints.atLeast(31100, "3.11");
        if (t.contains("FLIT Mode")) hints.atLeast(31400, "3.14");
        ExpressLines x = new ExpressLines(type, slot);
        x.version = version;
        return x;
    }

    /** {@code LnkCap:} or {@code LnkSta:} text after the key. */
    String link(String s, int from, boolean sta, VersionHints hints, Notes notes) {
        int sp = s.indexOf("Speed ", from);
        int w = s.indexOf("Width x", from);
        if (sp < 0 || w < 0) return (sta ? "LnkSta" : "LnkCap") + " without Speed/Width: not read";
        LinkSpeed speed = Text.speedAt(s, sp + 6);
        int width = Text.decimal(s, w + 7);
        if (speed == null) return "unreadable link speed in " + (sta ? "LnkSta" : "LnkCap") + ": not read";
        if (width < 0 || width > 63) return "unreadable link width in " + (sta ? "LnkSta" : "LnkCap") + ": not read";
        noteUnmodelled(s, sp + 6, speed, notes);
        LinkState st = new LinkState(speed, width);
        if (sta) {
            lnkSta = st;
            if (s.indexOf("TrErr", w) >= 0) {
                hints.atMost(30599, "3.5");
                lnkStaFlags(s);
            }
            if (s.indexOf("(ok)", sp) >= 0 || s.indexOf("(strange)", sp) >= 0) {
                hints.between(30600, "3.6.0", 30700, "3.7.0");
            } else if (s.indexOf("(overdriven)", sp) >= 0) {
                hints.atLeast(30800, "3.8");
            } else if (portType.isDownstreamFacing() && s.indexOf("(downgraded)", sp) >= 0) {
                hints.between(30600, "3.6.0", 30700, "3.7.0");
            }
        } else {
            lnkCap = st;
        }
        return null;
    }

    /** The LnkSta flags continuation line ({@code TrErr- Train- SlotClk+ DLActive+ ...}). */
    void lnkStaFlags(String s) {
        Boolean dl = Text.flag(s, "DLActive");
        if (dl != null) dlActive = dl;
        Boolean bw = Text.flag(s, "BWMgmt");
        if (bw != null) bwMgmt = bw;
        Boolean abw = Text.flag(s, "ABWMgmt");
        if (abw != null) autoBw = abw;
    }

    /** {@code LnkCap2: Supported Link Speeds: 2.5-16GT/s, ...}. */
    String lnkCap2(String s, int from, Notes notes) {
        int k = s.indexOf("Supported Link Speeds:", from);
        if (k < 0) return null; // other wording: nothing to read
        int i = Text.skipBlanks(s, k + 22);
        if (s.startsWith("RsvdP", i)) {
            lnkCap2Max = null;
            notes.info("rsvdp", "LnkCap2 'RsvdP': the supported-speeds vector has a bit this lspci cannot decode "
                    + "(a newer speed); the LnkCap2 maximum is left unknown (reported once per file)");
            return null;
        }
        if (s.regionMatches(true, i, "Unknown", 0, 7)) {
            lnkCap2Max = null;
            return null;
        }
        int dash = -1;
        int end = i;
        while (end < s.length() && s.charAt(end) != ',' && !Text.isBlank(s.charAt(end))) {
            if (s.charAt(end) == '-' && dash < 0) dash = end;
            end++;
        }
        int top = dash >= 0 ? dash + 1 : i;
        LinkSpeed max = Text.speedAt(s, top);
        if (max == null) return "unreadable LnkCap2 supported speeds: not read";
        noteUnmodelled(s, top, max, notes);
        lnkCap2Max = max;
        return null;
    }

    /** {@code LnkCtl2: Target Link Speed: 8GT/s, ...}. */
    String lnkCtl2(String s, int from, Notes notes) {
        int k = s.indexOf("Target Link Speed:", from);
        if (k < 0) return null;
        int i = Text.skipBlanks(s, k + 18);
        LinkSpeed t = Text.speedAt(s, i);
        if (t == null) return "unreadable LnkCtl2 Target Link Speed: not read";
        noteUnmodelled(s, i, t, notes);
        target = t;
        return null;
    }

    /** {@code SltCap:} first line (HotPlug±). */
    void sltCap(String s) {
        Boolean hp = Text.flag(s, "HotPlug");
        if (hp != null) hotPlug = hp;
        slotNumberFrom(s);
    }

    /** The SltCap continuation {@code Slot #N, PowerLimit ...}. */
    void slotNumberFrom(String s) {
        int k = s.indexOf("Slot #");
        if (k >= 0) {
            int n = Text.decimal(s, k + 6);
            if (n >= 0) slotNumber = n;
        }
    }

    /** {@code AtomicOpsCap:} flags anywhere in {@code s} from {@code from}. */
    void atomicsCap(String s, int from) {
        Boolean v;
        if ((v = Text.flag(s, from, "Routing")) != null) routing = v;
        if ((v = Text.flag(s, from, "32bit")) != null) c32 = v;
        if ((v = Text.flag(s, from, "64bit")) != null) c64 = v;
        if ((v = Text.flag(s, from, "128bitCAS")) != null) c128 = v;
    }

    /** {@code AtomicOpsCtl:} flags. */
    void atomicsCtl(String s, int from) {
        Boolean v;
        if ((v = Text.flag(s, from, "ReqEn")) != null) reqEn = v;
        if ((v = Text.flag(s, from, "EgressBlck")) != null) egress = v;
    }

    Express build() {
        Atomics a = new Atomics(routing, c32, c64, c128, reqEn, egress);
        return new Express(portType, slotImplemented, lnkCap, lnkSta, lnkCap2Max, target, dlActive, slotNumber,
                hotPlug, a.isEmpty() ? Atomics.NONE : a, bwMgmt, autoBw, version);
    }

    private static void noteUnmodelled(String s, int at, LinkSpeed speed, Notes notes) {
        if (speed == LinkSpeed.UNKNOWN && !s.regionMatches(true, at, "unknown", 0, 7)) {
            int e = Text.tokenEnd(s, at);
            String tok = s.substring(at, e).replace(",", "");
            notes.info("speed:" + tok, "link speed " + tok + " is newer than lanescope models; read as unknown"
                    + " (reported once per file)");
        }
    }
}
