package dev.lanescope.analysis;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The verdict on one hop (docs/RULES.md §2) and its whole vocabulary: the words people read, the colour token, the
 * legend row, the advice sentence, whether it is a fault, and the order tables put it in. Every view, command and
 * export takes these from here. Which verdict a hop gets is decided in {@link HopRules}.
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

    /**
     * Worst first, for tables that list hosts or hops by how much they need attention: real faults, configuration
     * limits, what needs a closer look, fine; an empty slot says nothing and comes last.
     */
    public static final List<LinkVerdict> WORST_FIRST = List.of(WIDTH_DEGRADED, SPEED_DEGRADED, TARGET_CAPPED,
            WIRED_NARROW, IDLE_DOWNSHIFT, UNKNOWN, TUNNELLED, OK, LINK_DOWN);

    /** Orders verdicts as {@link #WORST_FIRST} does. */
    public static final Comparator<LinkVerdict> WORST_FIRST_ORDER = Comparator.comparingInt(LinkVerdict::severityRank);

    /** A legend row: the colour token (pseudo-class), its title and what it means in words. */
    public record LegendRow(String key, String title, String meaning) {
    }

    /** One row per colour the graph paints hops with, in the legend's order. */
    public static final List<LegendRow> LEGEND = List.of(
            new LegendRow("ok", "OK", "trained at what both ends can do; nothing to fix"),
            new LegendRow("idle", "Idle downshift", "an idle GPU dropped its speed; not a fault, prove it under load"),
            new LegendRow("capped", "Target capped", "the platform asks for less (BIOS slot setting, LnkCtl2)"),
            new LegendRow("degraded", "Degraded", "trained low or lost lanes: a fault on this hop"),
            new LegendRow("narrow", "Wired narrow", "the socket wires fewer lanes than the card has; not a fault"),
            new LegendRow("down", "Link down", "empty slot, nothing trained"),
            new LegendRow("tunnel", "Tunnelled", "Thunderbolt/USB4 tunnel; the reported link is not the wire"),
            new LegendRow("unknown", "Unknown", "capabilities hidden (non-root) or lspci too old to decode"));

    private final String colourKey;
    private final boolean fault;
    private final String advice;

    LinkVerdict(String colourKey, boolean fault, String advice) {
        this.colourKey = colourKey;
        this.fault = fault;
        this.advice = advice;
    }

    /** The verdict as people read it in text, tables and the panel: "idle downshift", "width degraded". */
    public String words() {
        return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    /**
     * The stable token for machine output (JSON, CSV, GraphML): {@code IDLE_DOWNSHIFT}. Scripts rely on it; never
     * show it to people.
     */
    public String key() {
        return name();
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

    /** Position in {@link #WORST_FIRST}: 0 for the worst. */
    public int severityRank() {
        return WORST_FIRST.indexOf(this);
    }

    /**
     * The hop became a fault or stopped being one between two captures ({@code null}: the hop is absent there).
     */
    public static boolean faultChanged(LinkVerdict before, LinkVerdict after) {
        return (before != null && before.isFault()) != (after != null && after.isFault());
    }

    /** {@link #words()}, or {@code absent} for a hop missing on one side. */
    public static String wordsOrElse(LinkVerdict v, String absent) {
        return v == null ? absent : v.words();
    }
}
