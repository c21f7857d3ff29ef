package dev.lanescope.analysis;

/**
 * The verdict on one hop (DOMAIN.md §2), in precedence order: when several hold, the first one in this
 * order is the hop's verdict and the others are listed as secondary findings.
 */
public enum LinkVerdict {
    UNKNOWN("unknown", false,
            "Cannot judge this link from this capture: the facts are hidden or the lspci was too old to decode them."),
    TUNNELLED("tunnel", false,
            "A Thunderbolt/USB4 tunnel: the link it reports (often 2.5 GT/s x4) is not the wire. The real limit is"
                    + " the Thunderbolt link's PCIe budget (roughly 22 Gb/s on TB3, 32 on TB4, 64 on TB5)."),
    LINK_DOWN("down", false, "Link down with nothing below: an empty slot or port, not a fault."),
    WIDTH_DEGRADED("degraded", true,
            "Lanes lost: reseat the card, check the riser or cable. No software setting changes this."),
    SPEED_DEGRADED("degraded", true,
            "Trained low at boot: a reboot usually cures it and it tends to recur; every timing taken across"
                    + " this link is void until it trains at full speed."),
    TARGET_CAPPED("capped", false,
            "The platform asks for less (BIOS slot setting or LnkCtl2 Target Link Speed): configured, not failing."
                    + " Raise the slot's PCIe speed setting (for example Auto to Gen4) if you want the full speed."),
    IDLE_DOWNSHIFT("idle", false,
            "Probably not a fault: idle GPUs drop their link to 2.5 GT/s to save power. Never conclude from an idle"
                    + " reading; prove it under load (run a probe)."),
    WIRED_NARROW("narrow", false,
            "The socket wires fewer lanes than the card has (M.2 is x4 by pinout). Not a fault; moving the card"
                    + " to a wider slot may help."),
    OK("ok", false, "Trained as fast and as wide as both ends allow: nothing to fix here.");

    private final String colourKey;
    private final boolean fault;
    private final String advice;

    LinkVerdict(String colourKey, boolean fault, String advice) {
        this.colourKey = colourKey;
        this.fault = fault;
        this.advice = advice;
    }

    /** The sentence the user reads for this verdict. */
    public String advice() {
        return advice;
    }

    /** True for real faults (red): lost lanes, or a speed that trained low without an idle explanation. */
    public boolean isFault() {
        return fault;
    }

    /** Token the UI maps to a colour: ok, idle, capped, degraded, narrow, down, tunnel, unknown. */
    public String colourKey() {
        return colourKey;
    }
}
