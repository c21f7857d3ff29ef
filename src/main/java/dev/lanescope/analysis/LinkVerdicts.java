package dev.lanescope.analysis;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import dev.lanescope.model.Express;
import dev.lanescope.model.Link;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;

/**
 * Classifies hops by DOMAIN.md §2, from register codes only (never lspci's {@code (downgraded)} text).
 * One verdict per hop by precedence; the others that also hold are secondary findings.
 */
public final class LinkVerdicts {

    private LinkVerdicts() {
    }

    static final String HOW_TO_CAPTURE = "capture with `sudo lspci -vv` (root shows the capabilities), or save "
            + "`sudo lspci -xxxx` and replay it with a newer `lspci -F <file> -vv`";

    /** Every hop of the topology, plus every empty downstream-facing port, in port order. */
    public static List<HopVerdict> all(Topology topology) {
        return all(topology, UnderLoad.none());
    }

    public static List<HopVerdict> all(Topology topology, UnderLoad evidence) {
        List<HopVerdict> out = new ArrayList<>();
        for (Link l : topology.links()) out.add(classify(topology, l, evidence));
        for (TopoNode.FunctionNode n : topology.functions()) {
            if (n.role().isDownstreamFacing() && topology.children(n).isEmpty()) {
                out.add(classify(topology, emptyPortLink(n.function()), evidence));
            }
        }
        out.sort((a, b) -> a.link().port().bdf().compareTo(b.link().port().bdf()));
        return out;
    }

    /** The hop facts of a port with nothing below it (device null). */
    static Link emptyPortLink(PciFunction port) {
        Express e = port.express();
        LinkState cap = Hardware.ownCapable(port);
        LinkState sta = null;
        Link.Source src = Link.Source.NONE;
        if (e != null && e.lnkSta() != null) {
            sta = e.lnkSta();
            src = Link.Source.PORT_REGISTERS;
        } else if (port.sysfsLink() != null && port.sysfsLink().current() != null) {
            sta = port.sysfsLink().current();
            src = Link.Source.SYSFS;
        }
        return new Link(port, null, cap, null, cap, sta, e == null ? null : e.targetSpeed(), src, null);
    }

    public static HopVerdict classify(Topology topology, Link link) {
        return classify(topology, link, UnderLoad.none());
    }

    public static HopVerdict classify(Topology topology, Link link, UnderLoad evidence) {
        if (evidence == null) evidence = UnderLoad.none();
        PciFunction port = link.port();
        PciFunction dev = link.device();
        if (dev == null) return classifyEmpty(link);

        Set<LinkVerdict> holds = EnumSet.noneOf(LinkVerdict.class);
        List<String> notes = new ArrayList<>();
        LinkState trained = link.trained();
        LinkState capable = link.capable();
        LinkSpeed target = link.target();
        Optional<TopoNode.FunctionNode> gpu = Hardware.gpuLedTo(topology, link);
        String facts = facts(topology, link, gpu);

        // UNKNOWN: hidden or undecodable facts
        String unknownWhy = unknownReason(link);
        if (unknownWhy != null) {
            holds.add(LinkVerdict.UNKNOWN);
            notes.add(unknownWhy);
        }
        // the controller's own functions (NHI, its USB controller) sit on an internal link, not in the tunnel;
        // a bridge below (a dock's switch or controller) is across the tunnel
        boolean controllerInternal = dev != null && Hardware.isTunnelPort(dev) && !dev.isBridge();
        if (Hardware.isTunnelPort(port) && !controllerInternal) {
            holds.add(LinkVerdict.TUNNELLED);
            notes.add(port.bdf() + " is a Thunderbolt/USB4 port (" + Hardware.name(port) + "): the reported link is"
                    + " the tunnel's, not a wire; the kernel's 'limited by ... x4 link' line for devices behind it"
                    + " misleads for the same reason");
        }
        if (unknownWhy == null && trained != null && trained.width() == 0) {
            holds.add(LinkVerdict.UNKNOWN);
            notes.add("the port reads the link down (x0) while " + dev.bdf() + " answers below it: the capture"
                    + " caught a retrain, or a register is broken; capture again");
        }
        boolean factsKnown = !holds.contains(LinkVerdict.UNKNOWN) && Hardware.known(trained)
                && Hardware.known(capable);
        if (factsKnown) {
            boolean widthLow = trained.width() < capable.width();
            boolean speedLow = trained.speed().generation() < capable.speed().generation();
            boolean capped = target != null && target.isKnown()
                    && target.generation() < capable.speed().generation();
            UnderLoad.Observation obs = evidenceFor(link, evidence, notes, gpu);
            Optional<TopoNode.FunctionNode> card = widthLow ? topology.node(port.bdf())
                    .flatMap(pn -> Hardware.insideCard(topology, pn)) : Optional.empty();
            if (widthLow && (link.portCap() == null || card.isPresent())) {
                // not "reseat the card": what is known, and what cannot be told
                holds.add(LinkVerdict.UNKNOWN);
                String cardWords = card.map(u -> "inside " + Hardware.name(Hardware.cardBehindOwnSwitch(topology, u)
                        .orElse(u).function()) + "'s own switch (upstream port " + u.bdf() + "): the card wires these"
                        + " lanes itself, so a narrow link there is its design or a fault on the card, and reseating"
                        + " or moving the card does not change it").orElse(null);
                if (link.portCap() == null) {
                    notes.add(dev.bdf() + " trained x" + trained.width() + " of its own x" + capable.width() + ", but "
                            + port.bdf() + "'s registers were not captured, so a port that wires only x"
                            + trained.width() + " cannot be told from lost lanes; `sudo lspci -vv -s " + port.bdf()
                            + "` shows its LnkCap" + (cardWords == null ? "" : "; the link is " + cardWords));
                } else {
                    notes.add("trained x" + trained.width() + " where both ends can do x" + capable.width() + ", "
                            + cardWords);
                }
            } else if (widthLow) {
                holds.add(LinkVerdict.WIDTH_DEGRADED);
                notes.add("trained x" + trained.width() + " where both ends can do x" + capable.width()
                        + "; registers cannot tell lost lanes from a socket that wires only x" + trained.width()
                        + " while its port advertises more (seen on a laptop's M.2 socket): if this is an M.2"
                        + " socket, a riser or an electrically narrower slot, it is wired narrow, not failing");
            }
            if (obs != null && obs.maxWidth() > 0 && obs.maxWidth() < capable.width() && !widthLow) {
                holds.add(LinkVerdict.WIDTH_DEGRADED);
                notes.add("under load (" + obs.source() + ") it ran x" + obs.maxWidth() + " of x" + capable.width()
                        + ": a physical lane limit");
            }
            if (speedLow) {
                if (capped) {
                    holds.add(LinkVerdict.TARGET_CAPPED);
                    notes.add("LnkCtl2 Target Link Speed on " + port.bdf() + " is " + target.display()
                            + ", below the " + capable.speed().display() + " both ends support");
                    if (trained.speed().generation() < target.generation()) {
                        holds.add(gpu.isPresent() ? LinkVerdict.IDLE_DOWNSHIFT : LinkVerdict.SPEED_DEGRADED);
                    }
                } else if (gpu.isPresent()) {
                    if (obs != null && obs.maxGeneration() > 0) {
                        if (obs.maxGeneration() >= capable.speed().generation()) {
                            notes.add("under load (" + obs.source() + ") it climbed to Gen" + obs.maxGeneration()
                                    + ": the low reading was idle power management");
                        } else {
                            holds.add(LinkVerdict.SPEED_DEGRADED);
                            notes.add("under load (" + obs.source() + ") it stayed at Gen" + obs.maxGeneration()
                                    + " of Gen" + capable.speed().generation() + ": degraded, not idle");
                        }
                    } else if (widthLow) {
                        holds.add(LinkVerdict.IDLE_DOWNSHIFT);
                    } else {
                        holds.add(LinkVerdict.IDLE_DOWNSHIFT);
                        notes.add("an idle GPU drops to 2.5 GT/s; sample nvidia-smi pcie.link.gen.current (or the"
                                + " root port's current_link_speed) while it works, or run a probe");
                    }
                } else if (obs != null && obs.maxGeneration() >= capable.speed().generation()) {
                    notes.add("under load (" + obs.source() + ") it reached Gen" + obs.maxGeneration());
                } else {
                    holds.add(LinkVerdict.SPEED_DEGRADED);
                    if (target == null || !target.isKnown()) {
                        notes.add("the port's target speed was not captured, so a BIOS cap would look the same");
                    }
                }
            }
            LinkState pc = link.portCap();
            LinkState dc = link.deviceCap();
            if (pc != null && dc != null && pc.width() > 0 && dc.width() > 0 && pc.width() < dc.width()) {
                holds.add(LinkVerdict.WIRED_NARROW);
                notes.add("the port " + port.bdf() + " has x" + pc.width() + " lanes, the device x" + dc.width());
            }
            if (pc != null && dc != null && pc.speed().isKnown() && dc.speed().isKnown()
                    && pc.speed().generation() < dc.speed().generation()) {
                notes.add("the port's maximum speed (" + pc.speed().display() + ") is below the device's ("
                        + dc.speed().display() + "): it runs as fast as the port allows; a faster port would help"
                        + " (see move advice)");
            }
        }
        if (link.endsDisagree()) {
            notes.add("the two ends disagree: the port reads " + port.express().lnkSta().display()
                    + ", the device reads " + link.deviceTrained().display()
                    + " (captured while retraining, or a broken register); the port is authoritative");
        }
        if (link.trainedFrom() == Link.Source.SYSFS) {
            notes.add("trained state read from sysfs current_link_* (LnkSta not captured)");
        } else if (link.trainedFrom() == Link.Source.DEVICE_REGISTERS) {
            notes.add("trained state read from the device end (the port's LnkSta was not captured)");
        }
        if (holds.isEmpty()) holds.add(LinkVerdict.OK);
        List<LinkVerdict> ordered = new ArrayList<>(holds);
        LinkVerdict primary = ordered.remove(0);
        StringBuilder reason = new StringBuilder(facts);
        for (String n : notes) reason.append("; ").append(n);
        reason.append(". ").append(primary.advice());
        return new HopVerdict(link, primary, reason.toString(), ordered);
    }

    private static HopVerdict classifyEmpty(Link link) {
        PciFunction port = link.port();
        LinkState sta = link.trained();
        Boolean dl = port.express() == null ? null : port.express().dlActive();
        String cap = link.portCap() == null ? "capable unknown" : "capable " + link.portCap().display();
        if (sta == null) {
            // nothing listed below and no link status: most likely an empty slot, but the capture does not show the
            // link (a device could sit there untrained or filtered out), so it is not judged down
            String how = port.capabilitiesHidden()
                    ? "its registers are hidden (lspci ran without root; `sudo lspci -vv` shows them)"
                    : "no link status was captured (a tree or a plain listing; `sudo lspci -vv` shows it)";
            return new HopVerdict(link, LinkVerdict.UNKNOWN, "nothing below " + port.bdf() + " in this capture and "
                    + how + ": probably an empty slot or port, but its link cannot be read (" + cap + "). "
                    + LinkVerdict.UNKNOWN.advice(), List.of());
        }
        if (sta.width() == 0 || Boolean.FALSE.equals(dl)) {
            return new HopVerdict(link, LinkVerdict.LINK_DOWN, "link down on " + port.bdf() + " (x" + sta.width()
                    + (Boolean.FALSE.equals(dl) ? ", DLActive-" : "") + ", " + cap + "), nothing below. "
                    + LinkVerdict.LINK_DOWN.advice(), List.of());
        }
        return new HopVerdict(link, LinkVerdict.UNKNOWN, port.bdf() + " reports a trained link (" + sta.display()
                + ") but the capture lists nothing below it: a filtered capture, or a device that failed to"
                + " enumerate; capture the whole bus with `sudo lspci -vv`. " + LinkVerdict.UNKNOWN.advice(),
                List.of());
    }

    /** "trained 2.5 GT/s x16, capable 16 GT/s x16, target 16 GT/s; leads to GPU 0000:03:00.0 (name)". */
    static String facts(Topology t, Link link, Optional<TopoNode.FunctionNode> gpu) {
        StringBuilder sb = new StringBuilder();
        sb.append("trained ").append(link.trained() == null ? "unknown" : link.trained().display());
        sb.append(", capable ").append(link.capable() == null ? "unknown" : link.capable().display());
        sb.append(", target ").append(link.target() == null ? "not captured" : link.target().display());
        PciFunction dev = link.device();
        if (gpu.isPresent() && !gpu.get().bdf().equals(dev.bdf())) {
            PciFunction g = gpu.get().function();
            sb.append("; leads to ").append(Hardware.kind(g)).append(' ').append(g.bdf()).append(" (")
                    .append(Hardware.name(g)).append(") through the card's own switch ").append(dev.bdf());
        } else {
            sb.append("; leads to ").append(Hardware.kind(dev)).append(' ').append(dev.bdf()).append(" (")
                    .append(Hardware.name(dev)).append(')');
        }
        return sb.toString();
    }

    /** Why the facts of a hop with a device cannot be judged, or null when they can. */
    static String unknownReason(Link link) {
        PciFunction port = link.port();
        PciFunction dev = link.device();
        LinkState trained = link.trained();
        LinkState capable = link.capable();
        if (trained == null) {
            if (port.capabilitiesHidden() || dev.capabilitiesHidden()) {
                return "the capabilities of " + (port.capabilitiesHidden() ? port.bdf() : dev.bdf())
                        + " are hidden (`Capabilities: <access denied>`: lspci ran without root) and no sysfs"
                        + " link files were captured; " + HOW_TO_CAPTURE + ", or add /sys/bus/pci/devices/"
                        + port.bdf() + "/current_link_speed and current_link_width";
            }
            return "neither end printed a link status (no LnkSta, no sysfs); " + HOW_TO_CAPTURE;
        }
        if (!trained.speed().isKnown() && trained.width() > 0) {
            return "the lspci that made this capture printed `Speed unknown` for the trained speed: it is too old"
                    + " to decode it (16GT/s needs 3.5.3+, 32GT/s 3.6.3+, 64GT/s 3.8.0+); use a newer lspci, or "
                    + "save `sudo lspci -xxxx` and replay it with a newer `lspci -F <file> -vv`";
        }
        if (capable == null) {
            return "no LnkCap was captured for either end, so the link's capability is unknown; " + HOW_TO_CAPTURE;
        }
        if (!capable.speed().isKnown() && capable.width() > 0) {
            return "the lspci that made this capture printed `Speed unknown` in LnkCap: it is too old to decode"
                    + " the maximum speed (16GT/s needs 3.5.3+, 32GT/s 3.6.3+, 64GT/s 3.8.0+); use a newer lspci,"
                    + " or save `sudo lspci -xxxx` and replay it with a newer `lspci -F <file> -vv`";
        }
        if (capable.width() == 0) {
            return "LnkCap reports width x0 (zeroed registers, typical of virtual devices): nothing to judge";
        }
        // only the port's capability is known: a device that printed no LnkCap (config space unreadable, header
        // type 7f, or a partial capture) may be the one that caps the link, so a low reading proves nothing
        if (link.deviceCap() == null && link.portCap() != null && trained.mbps() < link.portCap().mbps()) {
            return "the device end " + dev.bdf() + " printed no LnkCap (its config space was not readable in this"
                    + " capture), so whether it could train faster than " + trained.display() + " is unknown; "
                    + HOW_TO_CAPTURE;
        }
        return null;
    }

    /** Evidence that describes this hop: readings keyed at the port or at the device whose own link it is. */
    private static UnderLoad.Observation evidenceFor(Link link, UnderLoad ev, List<String> notes,
                                                     Optional<TopoNode.FunctionNode> gpu) {
        Optional<UnderLoad.Observation> o = ev.forDeviceOf(link.port().bdf());
        if (o.isEmpty()) o = ev.forDeviceOf(link.device().bdf());
        if (o.isPresent()) return o.get();
        if (gpu.isPresent() && !gpu.get().bdf().equals(link.device().bdf())
                && ev.forDeviceOf(gpu.get().bdf()).isPresent()) {
            notes.add("the under-load reading of " + gpu.get().bdf() + " is ignored for this hop: it describes the"
                    + " link inside the card (behind its own switch), not this one; read " + link.port().bdf()
                    + " (its current_link_speed) under load instead");
        }
        return null;
    }
}
