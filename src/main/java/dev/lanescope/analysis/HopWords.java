package dev.lanescope.analysis;

import java.util.ArrayList;
import java.util.List;

import dev.lanescope.model.DeviceKind;
import dev.lanescope.model.Link;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.TopoNode;

/**
 * A hop's reason in words: what was read, each fact that shaped the verdict, and the verdict's advice. Renders
 * what {@link HopFacts} read and {@link HopRules} decided; decides nothing itself.
 */
final class HopWords {

    private HopWords() {
    }

    static final String HOW_TO_CAPTURE = "capture with `sudo lspci -vv` (root shows the capabilities), or save "
            + "`sudo lspci -xxxx` and replay it with a newer `lspci -F <file> -vv`";

    private static final String TOO_OLD = "(16GT/s needs 3.5.3+, 32GT/s 3.6.3+, 64GT/s 3.8.0+)";

    /** "facts; note; note. Advice." */
    static String reason(HopFacts f, HopRules.Decision d) {
        if (f.emptyPort()) return emptyPort(f, d);
        Link link = f.link();
        PciFunction port = link.port();
        List<String> notes = new ArrayList<>();
        if (f.unknown() != null && f.unknown() != HopFacts.Unknown.PORT_READS_DOWN) notes.add(unknown(f));
        if (f.tunnel()) {
            notes.add(port.bdf() + " is a Thunderbolt/USB4 port (" + Hardware.name(port) + "): the reported link is"
                    + " the tunnel's, not a wire; the kernel's 'limited by ... x4 link' line for devices behind it"
                    + " misleads for the same reason");
        }
        if (f.unknown() == HopFacts.Unknown.PORT_READS_DOWN) notes.add(unknown(f));
        if (f.ignoredLoadOf() != null) {
            notes.add("the under-load reading of " + f.ignoredLoadOf() + " is ignored for this hop: it describes the"
                    + " link inside the card (behind its own switch), not this one; read " + port.bdf()
                    + " (its current_link_speed) under load instead");
        }
        widthAndSpeedNotes(f, notes);
        if (link.endsDisagree()) {
            notes.add("the two ends disagree: the port reads " + port.express().lnkSta().display()
                    + ", the device reads " + link.deviceTrained().display()
                    + " (captured while retraining, or a broken register); the port is authoritative");
        }
        String errors = f.errors().words(d.verdict() != LinkVerdict.OK);
        if (!errors.isEmpty()) notes.add(errors + (d.verdict().isFault() && f.erroring() ? ": a fault, not a reading to doubt" : ""));
        else if (f.errors().countersRead() && d.verdict().isFault()) notes.add("no error counted on this link");
        if (link.trainedFrom() == Link.Source.SYSFS) {
            notes.add("trained state read from sysfs current_link_* (LnkSta not captured)");
        } else if (link.trainedFrom() == Link.Source.DEVICE_REGISTERS) {
            notes.add("trained state read from the device end (the port's LnkSta was not captured)");
        }
        StringBuilder reason = new StringBuilder(facts(f));
        for (String n : notes) reason.append("; ").append(n);
        return reason.append(". ").append(advice(f, d)).toString();
    }

    /** The notes on the hop's width and speed against both ends' capabilities, and under load. */
    private static void widthAndSpeedNotes(HopFacts f, List<String> notes) {
        Link link = f.link();
        PciFunction port = link.port();
        LinkState trained = link.trained();
        LinkState capable = link.capable();
        UnderLoad.Observation obs = f.load();
        if (f.narrowOnBoard()) {
            notes.add("trained x" + trained.width() + " where both ends advertise x" + capable.width() + "; the port "
                    + port.bdf() + " has no slot (Slot-), so the device is soldered to the board and its lanes are the"
                    + " board's wiring (no AER errors logged), not lost lanes");
        } else if (f.widthLow()) {
            notes.add("trained x" + trained.width() + " where both ends can do x" + capable.width()
                    + "; registers cannot tell lost lanes from a socket that wires only x" + trained.width()
                    + " while its port advertises more (seen on a laptop's M.2 socket): if this is an M.2"
                    + " socket, a riser or an electrically narrower slot, it is wired narrow, not failing");
        }
        if (f.lanesShortUnderLoad()) {
            notes.add("under load (" + obs.source() + ") it ran x" + obs.maxWidth() + " of x" + capable.width()
                    + ": a physical lane limit");
        }
        if (f.speedLow()) notes.addAll(speedNotes(f));
        if (f.portNarrower()) {
            notes.add("the port " + port.bdf() + " has x" + link.portCap().width() + " lanes, the device x"
                    + link.deviceCap().width());
        }
        if (f.portSlower()) {
            notes.add("the port's maximum speed (" + link.portCap().speed().display() + ") is below the device's ("
                    + link.deviceCap().speed().display() + "): it runs as fast as the port allows"
                    + (soldered(f) ? " (the board's design for this soldered part)"
                    : "; a faster port would help (see move advice)"));
        }
    }

    /** The verdict's advice, except that a part soldered to the board is never told a slot change may help. */
    private static String advice(HopFacts f, HopRules.Decision d) {
        if (d.verdict() == LinkVerdict.WIRED_NARROW && soldered(f)) return SOLDERED_NARROW;
        if (d.verdict() == LinkVerdict.WIRED_NARROW && f.narrowOnBoard()) return ON_BOARD_NARROW;
        return d.verdict().advice();
    }

    /** What a narrow link to a soldered (mobile) part means: the board's design, nothing to move. */
    public static final String SOLDERED_NARROW = "The board wires this soldered part with fewer lanes than it can"
            + " use: that is the laptop's design, not a fault, and no slot change applies.";

    /** What a narrower link to a part on a port without a slot and without errors means. */
    public static final String ON_BOARD_NARROW = "The port has no slot: the part below is on the board, which wires it"
            + " with fewer lanes than both ends could use. No error shows on the link, so this is the board's design,"
            + " not a fault, and nothing on it is loose.";

    /** The hop leads straight to a part soldered to the board (a laptop's mobile GPU). */
    static boolean soldered(HopFacts f) {
        return DeviceKind.isMobile(f.link().device());
    }

    private static List<String> speedNotes(HopFacts f) {
        Link link = f.link();
        LinkState capable = link.capable();
        LinkSpeed target = link.target();
        UnderLoad.Observation obs = f.load();
        if (f.targetBelowCapable()) {
            return List.of("LnkCtl2 Target Link Speed on " + link.port().bdf() + " is " + target.display()
                    + ", below the " + capable.speed().display() + " both ends support");
        }
        int gen = capable.speed().generation();
        if (f.leadsToGpu() && f.loadGenerationRead()) {
            return List.of(f.climbedUnderLoad()
                    ? "under load (" + obs.source() + ") it climbed to Gen" + obs.maxGeneration()
                    + ": the low reading was idle power management"
                    : "under load (" + obs.source() + ") it stayed at Gen" + obs.maxGeneration() + " of Gen" + gen
                    + ": degraded, not idle");
        }
        if (f.leadsToGpu() && f.erroring()) {
            return List.of("an idle GPU drops its link speed, but this link also errs, so the low speed is not taken"
                    + " for idle power management");
        }
        if (f.leadsToGpu()) {
            return f.widthLow() ? List.of() : List.of("an idle GPU drops to 2.5 GT/s; sample nvidia-smi"
                    + " pcie.link.gen.current (or the root port's current_link_speed) while it works, or run a probe");
        }
        if (f.climbedUnderLoad()) return List.of("under load (" + obs.source() + ") it reached Gen" + obs.maxGeneration());
        return f.targetCaptured() ? List.of()
                : List.of("the port's target speed was not captured, so a BIOS cap would look the same");
    }

    /** "trained 2.5 GT/s x16, capable 16 GT/s x16, target 16 GT/s; leads to GPU 0000:03:00.0 (name)". */
    static String facts(HopFacts f) {
        Link link = f.link();
        StringBuilder sb = new StringBuilder();
        sb.append("trained ").append(link.trained() == null ? "unknown" : link.trained().display());
        sb.append(", capable ").append(link.capable() == null ? "unknown" : link.capable().display());
        sb.append(", target ").append(link.target() == null ? "not captured" : link.target().display());
        PciFunction dev = link.device();
        if (f.gpu().isPresent() && !f.gpu().get().bdf().equals(dev.bdf())) {
            PciFunction g = f.gpu().get().function();
            sb.append("; leads to ").append(Hardware.kind(g)).append(' ').append(g.bdf()).append(" (")
                    .append(Hardware.name(g)).append(") through the card's own switch ").append(dev.bdf());
        } else {
            sb.append("; leads to ").append(Hardware.kind(dev)).append(' ').append(dev.bdf()).append(" (")
                    .append(Hardware.name(dev)).append(')');
        }
        return sb.toString();
    }

    /** Why the facts of a hop with a device cannot be judged, and how to capture them. */
    static String unknown(HopFacts f) {
        Link link = f.link();
        PciFunction port = link.port();
        PciFunction dev = link.device();
        return switch (f.unknown()) {
            case CAPABILITIES_HIDDEN -> "the capabilities of " + (port.capabilitiesHidden() ? port.bdf() : dev.bdf())
                    + " are hidden (`Capabilities: <access denied>`: lspci ran without root) and no sysfs"
                    + " link files were captured; " + HOW_TO_CAPTURE + ", or add /sys/bus/pci/devices/"
                    + port.bdf() + "/current_link_speed and current_link_width";
            case NO_STATUS -> "neither end printed a link status (no LnkSta, no sysfs); " + HOW_TO_CAPTURE;
            case TRAINED_SPEED_UNDECODED -> "the lspci that made this capture printed `Speed unknown` for the trained"
                    + " speed: it is too old to decode it " + TOO_OLD + "; use a newer lspci, or "
                    + "save `sudo lspci -xxxx` and replay it with a newer `lspci -F <file> -vv`";
            case NO_CAPABILITY -> "no LnkCap was captured for either end, so the link's capability is unknown; "
                    + HOW_TO_CAPTURE;
            case CAPABLE_SPEED_UNDECODED -> "the lspci that made this capture printed `Speed unknown` in LnkCap: it is"
                    + " too old to decode the maximum speed " + TOO_OLD + "; use a newer lspci,"
                    + " or save `sudo lspci -xxxx` and replay it with a newer `lspci -F <file> -vv`";
            case CAPABLE_WIDTH_ZERO -> "LnkCap reports width x0 (zeroed registers, typical of virtual devices):"
                    + " nothing to judge";
            case DEVICE_CAPABILITY_UNREAD -> "the device end " + dev.bdf() + " printed no LnkCap (its config space was"
                    + " not readable in this capture), so whether it could train faster than "
                    + link.trained().display() + " is unknown; " + HOW_TO_CAPTURE;
            case PORT_READS_DOWN -> "the port reads the link down (x0) while " + dev.bdf() + " answers below it: the"
                    + " capture caught a retrain, or a register is broken; capture again";
            case EMPTY_PORT_TRAINED -> port.bdf() + " reports a trained link (" + link.trained().display()
                    + ") but the capture lists nothing below it: a filtered capture, or a device that failed to"
                    + " enumerate; capture the whole bus with `sudo lspci -vv`";
            case PORT_CAPABILITY_UNREAD -> dev.bdf() + " trained x" + link.trained().width() + " of its own x"
                    + link.capable().width() + ", but " + port.bdf() + "'s registers were not captured, so a port that"
                    + " wires only x" + link.trained().width() + " cannot be told from lost lanes; `sudo lspci -vv -s "
                    + port.bdf() + "` shows its LnkCap" + f.insideCard().map(u -> "; the link is " + insideCard(f, u))
                    .orElse("");
            case NARROW_INSIDE_CARD -> "trained x" + link.trained().width() + " where both ends can do x"
                    + link.capable().width() + ", " + f.insideCard().map(u -> insideCard(f, u)).orElse("");
            case EMPTY_PORT_UNREAD -> "nothing below " + port.bdf() + " in this capture and " + (port.capabilitiesHidden()
                    ? "its registers are hidden (lspci ran without root; `sudo lspci -vv` shows them)"
                    : "no link status was captured (a tree or a plain listing; `sudo lspci -vv` shows it)")
                    + ": probably an empty slot or port, but its link cannot be read ("
                    + (link.portCap() == null ? "capable unknown" : "capable " + link.portCap().display()) + ")";
        };
    }

    /** "inside the own switch of the card with <name> (<bdf>): the card wires these lanes itself, ..." */
    private static String insideCard(HopFacts f, TopoNode.FunctionNode card) {
        return "inside the own switch of the card with " + Hardware.name(card.function()) + " (" + card.bdf()
                + "): the card wires these lanes itself, so a narrow link there is its design or a fault on the card,"
                + " and reseating or moving the card does not change it";
    }

    private static String emptyPort(HopFacts f, HopRules.Decision d) {
        Link link = f.link();
        PciFunction port = link.port();
        LinkState sta = link.trained();
        String advice = ". " + d.verdict().advice();
        if (f.unknown() != null) return unknown(f) + advice;
        String cap = link.portCap() == null ? "capable unknown" : "capable " + link.portCap().display();
        return "link down on " + port.bdf() + " (x" + sta.width() + (Boolean.FALSE.equals(f.dlActive())
                ? ", DLActive-" : "") + ", " + cap + "), nothing below" + advice;
    }
}
