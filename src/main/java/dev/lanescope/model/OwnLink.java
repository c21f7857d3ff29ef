package dev.lanescope.model;

/**
 * The one reader of a function's own link registers (docs/RULES.md §1): what the function itself says it can train
 * to and what it trained to, from its Express capability, else from the sysfs link files. The hop between two
 * functions, the path ceiling, an empty port's hop, the candidates of a move and the picture's box label all read a
 * function's own link here, so one view never calls a capability unknown while another uses the same function's
 * sysfs value.
 */
public final class OwnLink {

    private OwnLink() {
    }

    /**
     * What the function could train to: LnkCap with its speed refined by LnkCap2 (as the hop reads it), else sysfs
     * {@code max_link_*}. A register the lspci could not decode ({@code Speed unknown}) gives way to a known sysfs
     * value; null when neither was captured.
     */
    public static LinkState capable(PciFunction f) {
        LinkState regs = f.express() == null ? null : f.express().capable();
        LinkState sysfs = f.sysfsLink() == null ? null : f.sysfsLink().max();
        if (regs != null && regs.isKnown()) return regs;
        if (sysfs != null && sysfs.isKnown()) return sysfs;
        return regs != null ? regs : sysfs;
    }

    /**
     * What the function itself could do in a better slot: the highest speed of its LnkCap2 vector where printed
     * (NVIDIA GPUs lower LnkCap's speed to their link partner's) with LnkCap's width; else {@link #capable}. Use it for
     * predictions elsewhere, never for the hop where the card is.
     */
    public static LinkState ownCapability(PciFunction f) {
        Express e = f.express();
        if (e != null && e.lnkCap() != null && e.lnkCap2Max() != null && e.lnkCap2Max().isKnown()) {
            LinkSpeed cap = e.lnkCap().speed();
            LinkSpeed top = cap != null && cap.isKnown() ? LinkSpeed.max(cap, e.lnkCap2Max()) : e.lnkCap2Max();
            return new LinkState(top, e.lnkCap().width());
        }
        return capable(f);
    }

    /**
     * True when {@link #ownCapability} is only a lower bound: the capture shows LnkCap but no LnkCap2 vector (an old
     * lspci, or a device that prints none), so the device may be faster than its LnkCap says.
     */
    public static boolean ownCapabilityIsLowerBound(PciFunction f) {
        Express e = f.express();
        return e != null && e.lnkCap() != null && (e.lnkCap2Max() == null || !e.lnkCap2Max().isKnown());
    }

    /**
     * What the function trained to, read on itself: LnkSta when its speed is decoded (or the link is down), else sysfs
     * {@code current_link_*}; null when neither says.
     */
    public static LinkState trained(PciFunction f) {
        LinkState sta = f.express() == null ? null : f.express().lnkSta();
        if (sta != null && (sta.speed().isKnown() || sta.width() == 0)) return sta;
        return sysfsTrained(f);
    }

    /** Where {@link #trained} came from: "LnkSta", "sysfs", or "unknown". */
    public static String trainedSource(PciFunction f) {
        LinkState sta = f.express() == null ? null : f.express().lnkSta();
        if (sta != null && (sta.speed().isKnown() || sta.width() == 0)) return "LnkSta";
        return sysfsTrained(f) != null ? "sysfs" : "unknown";
    }

    /** The LnkSta as printed, decoded or not (for the hop's own undecodable-speed rule); null when absent. */
    public static LinkState lnkStaAsPrinted(PciFunction f) {
        return f.express() == null ? null : f.express().lnkSta();
    }

    private static LinkState sysfsTrained(PciFunction f) {
        LinkState c = f.sysfsLink() == null ? null : f.sysfsLink().current();
        return c != null && (c.speed().isKnown() || c.width() == 0) ? c : null;
    }
}
