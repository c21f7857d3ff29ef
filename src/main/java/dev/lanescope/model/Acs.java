package dev.lanescope.model;

/**
 * Access Control Services capability and control flags of a port ({@code ACSCap:} / {@code ACSCtl:}).
 * Null when the port has no ACS capability or it was not captured.
 */
public record Acs(AcsFlags cap, AcsFlags ctl) {

    /** One line of ACS flags. */
    public record AcsFlags(boolean srcValid, boolean transBlk, boolean reqRedir, boolean cmpltRedir,
                           boolean upstreamFwd, boolean egressCtrl, boolean directTrans) {
    }

    /**
     * True when this bridge sends peer traffic up to the root complex, as the kernel's peer-to-peer DMA code reads it
     * (docs/RULES.md §5): any of {@code ReqRedir+}, {@code CmpltRedir+} or {@code EgressCtrl+} in ACSCtl.
     */
    public boolean redirectsPeerTraffic() {
        return ctl != null && (ctl.reqRedir() || ctl.cmpltRedir() || ctl.egressCtrl());
    }
}
