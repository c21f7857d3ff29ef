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

    /** True when this port redirects peer requests or completions up to the root complex. */
    public boolean redirectsPeerTraffic() {
        return ctl != null && (ctl.reqRedir() || ctl.cmpltRedir());
    }
}
