package dev.lanescope.analysis;

import java.util.Optional;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.Express;
import dev.lanescope.model.Link;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;

/**
 * What was read on one hop, decided once: every fact {@link HopRules} judges and {@link HopWords} puts into words.
 * Which end's LnkSta counts as "trained" is decided where the hop is built ({@code TopologyBuilder.makeLink}); GPUs,
 * cards' own switches and Thunderbolt ports are recognised by {@link Hardware}.
 *
 * @param link          the hop (device null for an empty port)
 * @param gpu           the GPU/accelerator the hop leads to, directly or through the card's own switch
 * @param unknown       why the facts cannot be judged, or null when they can
 * @param tunnel        the port is a Thunderbolt/USB4 port and the device is across the tunnel
 * @param judgeable     trained and capable are both known, and nothing made the hop unknown
 * @param load          the under-load reading that describes this hop, or null
 * @param ignoredLoadOf a GPU whose under-load reading was ignored because it describes the link inside the card
 * @param dlActive      the empty port's Data Link Layer Link Active bit (null when not printed)
 * @param insideCard    the main function of the card (a GPU, a storage carrier's controller or drive) whose own switch
 *                      the hop sits inside
 * @param errors        the hop's error evidence (AER bits, counters, retraining; docs/RULES.md §12)
 */
public record HopFacts(Link link, Optional<TopoNode.FunctionNode> gpu, Unknown unknown, boolean tunnel,
                       boolean judgeable, UnderLoad.Observation load, Bdf ignoredLoadOf, Boolean dlActive,
                       Optional<TopoNode.FunctionNode> insideCard, LinkErrors errors) {

    /** Why a hop's facts cannot be judged. */
    public enum Unknown {
        /** {@code <access denied>} on an end and no sysfs files. */
        CAPABILITIES_HIDDEN,
        /** Neither end printed a link status. */
        NO_STATUS,
        /** LnkSta's speed printed as {@code unknown}: an lspci too old to decode it. */
        TRAINED_SPEED_UNDECODED,
        /** No LnkCap on either end. */
        NO_CAPABILITY,
        /** LnkCap's speed printed as {@code unknown}. */
        CAPABLE_SPEED_UNDECODED,
        /** LnkCap reads x0 (zeroed registers of a virtual device). */
        CAPABLE_WIDTH_ZERO,
        /** Only the port's LnkCap was read, and the link trained below it: the device may be the limit. */
        DEVICE_CAPABILITY_UNREAD,
        /** The port reads x0 while a device answers below it: a retrain or a broken register. */
        PORT_READS_DOWN,
        /** An empty port reports a trained link: a filtered capture, or a device that failed to enumerate. */
        EMPTY_PORT_TRAINED,
        /** Nothing below a port and no link status read (hidden registers, or no -vv): probably empty, not judged down. */
        EMPTY_PORT_UNREAD,
        /** Trained narrower than the device can do, and the port's LnkCap was not read: the port may wire only that. */
        PORT_CAPABILITY_UNREAD,
        /** Trained narrower than both ends can do inside a card's own switch: the card's wiring, not a slot to reseat. */
        NARROW_INSIDE_CARD
    }

    /** Reads the facts of a hop; {@code evidence} may be null. */
    public static HopFacts read(Topology topology, Link link, UnderLoad evidence) {
        UnderLoad ev = evidence == null ? UnderLoad.none() : evidence;
        PciFunction port = link.port();
        PciFunction dev = link.device();
        if (dev == null) {
            Express e = port.express();
            Boolean dl = e == null ? null : e.dlActive();
            LinkState sta = link.trained();
            boolean down = sta != null && (sta.width() == 0 || Boolean.FALSE.equals(dl));
            Unknown why = sta == null ? Unknown.EMPTY_PORT_UNREAD : down ? null : Unknown.EMPTY_PORT_TRAINED;
            return new HopFacts(link, Optional.empty(), why, false, false, null, null, dl, Optional.empty(),
                    LinkErrors.NONE);
        }
        Optional<TopoNode.FunctionNode> gpu = Hardware.gpuLedTo(topology, link);
        Unknown unknown = unknownCause(link);
        boolean tunnel = Hardware.isTunnelHop(port, dev);
        if (unknown == null && link.trained() != null && link.trained().width() == 0) unknown = Unknown.PORT_READS_DOWN;
        Optional<TopoNode.FunctionNode> card = topology.node(port.bdf()).flatMap(n -> Hardware.insideCard(topology, n))
                .flatMap(usp -> Hardware.cardBehindOwnSwitch(topology, usp));
        // fewer lanes than both ends can do is "reseat the card" only where the port's width was read and the port is
        // the board's: a card's own switch wires its lanes itself
        boolean narrow = unknown == null && Hardware.known(link.trained()) && Hardware.known(link.capable())
                && link.trained().width() < link.capable().width();
        if (narrow && link.portCap() == null) unknown = Unknown.PORT_CAPABILITY_UNREAD;
        else if (narrow && card.isPresent()) unknown = Unknown.NARROW_INSIDE_CARD;
        boolean judgeable = unknown == null && Hardware.known(link.trained()) && Hardware.known(link.capable());
        UnderLoad.Observation load = null;
        Bdf ignored = null;
        if (judgeable) {
            // a reading counts for the hop its function's own LnkSta describes: the port's, or the device's
            // a port's sibling functions are other ports, other links: only its own reading counts
            load = ev.forFunction(port.bdf()).or(() -> ev.forDeviceOf(dev.bdf())).orElse(null);
            if (load == null && gpu.isPresent() && !gpu.get().bdf().equals(dev.bdf())
                    && ev.forDeviceOf(gpu.get().bdf()).isPresent()) {
                ignored = gpu.get().bdf();
            }
        }
        return new HopFacts(link, gpu, unknown, tunnel, judgeable, load, ignored, null, card, LinkErrors.of(link, ev));
    }

    private static Unknown unknownCause(Link link) {
        LinkState trained = link.trained();
        LinkState capable = link.capable();
        if (trained == null) {
            return link.port().capabilitiesHidden() || link.device().capabilitiesHidden()
                    ? Unknown.CAPABILITIES_HIDDEN : Unknown.NO_STATUS;
        }
        if (!trained.speed().isKnown() && trained.width() > 0) return Unknown.TRAINED_SPEED_UNDECODED;
        if (capable == null) return Unknown.NO_CAPABILITY;
        if (!capable.speed().isKnown() && capable.width() > 0) return Unknown.CAPABLE_SPEED_UNDECODED;
        if (capable.width() == 0) return Unknown.CAPABLE_WIDTH_ZERO;
        // a device that printed no LnkCap (config space unreadable, header type 7f, a partial capture) may be the one
        // that caps the link, so a low reading proves nothing
        if (link.deviceCap() == null && link.portCap() != null && trained.mbps() < link.portCap().mbps()) {
            return Unknown.DEVICE_CAPABILITY_UNREAD;
        }
        return null;
    }

    public boolean emptyPort() {
        return link.device() == null;
    }

    public boolean leadsToGpu() {
        return gpu.isPresent();
    }

    /** Trained narrower than both ends can do. */
    public boolean widthLow() {
        return judgeable && link.trained().width() < link.capable().width();
    }


    /** Trained slower than both ends can do. */
    public boolean speedLow() {
        return judgeable && link.trained().speed().generation() < link.capable().speed().generation();
    }

    /** The port's LnkCtl2 Target Link Speed is below what both ends can do. */
    public boolean targetBelowCapable() {
        return judgeable && link.target() != null && link.target().isKnown()
                && link.target().generation() < link.capable().speed().generation();
    }

    /** Trained below even the (capped) target speed. */
    public boolean belowTarget() {
        return targetBelowCapable() && link.trained().speed().generation() < link.target().generation();
    }

    public boolean targetCaptured() {
        return link.target() != null && link.target().isKnown();
    }

    /** An under-load reading of the generation exists for this hop. */
    public boolean loadGenerationRead() {
        return load != null && load.maxGeneration() > 0;
    }

    /** Under load it climbed to the generation both ends can do. */
    public boolean climbedUnderLoad() {
        return loadGenerationRead() && load.maxGeneration() >= link.capable().speed().generation();
    }

    /** Under load it ran fewer lanes than both ends can do (a lane limit an idle reading did not show). */
    public boolean lanesShortUnderLoad() {
        return load != null && load.maxWidth() > 0 && load.maxWidth() < link.capable().width() && !widthLow();
    }

    /** The port has fewer lanes than the device: the socket wires fewer. */
    public boolean portNarrower() {
        LinkState pc = link.portCap();
        LinkState dc = link.deviceCap();
        return judgeable && pc != null && dc != null && pc.width() > 0 && dc.width() > 0 && pc.width() < dc.width();
    }

    /** The port's maximum speed is below the device's: it runs as fast as the port allows (a move opportunity). */
    public boolean portSlower() {
        LinkState pc = link.portCap();
        LinkState dc = link.deviceCap();
        return judgeable && pc != null && dc != null && pc.speed().isKnown() && dc.speed().isKnown()
                && pc.speed().generation() < dc.speed().generation();
    }

    /** The wire erred: an AER error bit set, or errors counted at either end (docs/RULES.md §12). */
    public boolean erroring() {
        return errors.erroring();
    }

    /**
     * The port says it has no slot ({@code Slot-}): what is below is on the board, and a narrower link there is the
     * board's wiring unless the link errs (docs/RULES.md §12).
     */
    public boolean portWithoutSlot() {
        Express e = link.port().express();
        return e != null && e.portType() != null && e.portType().isDownstreamFacing() && !e.slotImplemented()
                && !Boolean.TRUE.equals(e.hotPlug()) && link.port().physicalSlot() == null;
    }

    /** Trained narrower on a port without a slot and with no error evidence: wired narrow by the board. */
    public boolean narrowOnBoard() {
        return widthLow() && portWithoutSlot() && !erroring();
    }
}
