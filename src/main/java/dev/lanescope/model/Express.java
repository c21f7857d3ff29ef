package dev.lanescope.model;

/**
 * The link-relevant part of a function's PCI Express capability.
 *
 * @param portType        from the capability header
 * @param slotImplemented {@code (Slot+)} on Root/Downstream Ports
 * @param lnkCap          LnkCap speed and width (null when not printed)
 * @param lnkSta          LnkSta speed and width (null when not printed)
 * @param lnkCap2Max      highest speed of the LnkCap2 supported-speeds vector (null when absent)
 * @param targetSpeed     LnkCtl2 Target Link Speed (null when absent)
 * @param dlActive        LnkSta DLActive flag (null when not printed)
 * @param slotNumber      SltCap {@code Slot #N} (null when no slot capability)
 * @param hotPlug         SltCap HotPlug flag (null when no slot capability)
 * @param atomics         AtomicOps bits
 * @param bwMgmt          LnkSta {@code BWMgmt} (Link Bandwidth Management Status: the link retrained or changed speed
 *                        or width since the flag was cleared), null when not printed
 * @param autoBw          LnkSta {@code ABWMgmt} (Link Autonomous Bandwidth Status: the hardware changed it by
 *                        itself), null when not printed
 * @param version         the capability's version from its header ({@code Express (v1)}: 1); null when not shown
 */
public record Express(PortType portType, boolean slotImplemented, LinkState lnkCap, LinkState lnkSta,
                      LinkSpeed lnkCap2Max, LinkSpeed targetSpeed, Boolean dlActive, Integer slotNumber,
                      Boolean hotPlug, Atomics atomics, Boolean bwMgmt, Boolean autoBw, Integer version) {

    /** Without the LnkSta bandwidth-change flags and the header's version (not printed, or not read by this reader). */
    public Express(PortType portType, boolean slotImplemented, LinkState lnkCap, LinkState lnkSta, LinkSpeed lnkCap2Max,
                   LinkSpeed targetSpeed, Boolean dlActive, Integer slotNumber, Boolean hotPlug, Atomics atomics) {
        this(portType, slotImplemented, lnkCap, lnkSta, lnkCap2Max, targetSpeed, dlActive, slotNumber, hotPlug, atomics,
                null, null, null);
    }

    /** Without the LnkSta bandwidth-change flags. */
    public Express(PortType portType, boolean slotImplemented, LinkState lnkCap, LinkState lnkSta, LinkSpeed lnkCap2Max,
                   LinkSpeed targetSpeed, Boolean dlActive, Integer slotNumber, Boolean hotPlug, Atomics atomics,
                   Integer version) {
        this(portType, slotImplemented, lnkCap, lnkSta, lnkCap2Max, targetSpeed, dlActive, slotNumber, hotPlug, atomics,
                null, null, version);
    }

    public Express {
        if (portType == null) throw new IllegalArgumentException("portType must not be null");
        if (atomics == null) atomics = Atomics.NONE;
    }

    /**
     * A version 1 capability (PCIe 1.x) has no DevCap2 register at all: the kernel reads it as zero, so such a port
     * neither routes nor completes AtomicOps (docs/RULES.md §4).
     */
    public boolean lacksDevCap2() {
        return version != null && version == 1;
    }

    /**
     * The maximum speed this function supports, as the kernel's {@code pcie_get_speed_cap()} reads it:
     * the LnkCap2 vector's top speed masked by LnkCap, else LnkCap.
     */
    public LinkSpeed maxSpeed() {
        LinkSpeed cap = lnkCap == null ? null : lnkCap.speed();
        if (lnkCap2Max != null && lnkCap2Max.isKnown()) {
            if (cap != null && cap.isKnown()) return LinkSpeed.min(cap, lnkCap2Max);
            return lnkCap2Max;
        }
        return cap;
    }

    /** LnkCap with the speed refined by LnkCap2, or null. */
    public LinkState capable() {
        if (lnkCap == null) return null;
        LinkSpeed s = maxSpeed();
        return new LinkState(s == null ? LinkSpeed.UNKNOWN : s, lnkCap.width());
    }
}
