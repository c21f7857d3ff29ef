package dev.lanescope.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.DeviceKind;
import dev.lanescope.model.KernelBandwidthLine;
import dev.lanescope.model.Link;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.OwnLink;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.PortType;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;

/** Path ceilings exactly as the kernel computes its "available PCIe bandwidth" line. */
public final class PathCeilings {

    private PathCeilings() {
    }

    public static PathCeiling of(Topology topology, TopoNode.FunctionNode endpoint) {
        return of(topology, endpoint, UnderLoad.none());
    }

    /**
     * The ceiling with under-load evidence: a function whose own link was read while the device worked (a probe
     * receipt, nvidia-smi sampled under load) counts with that reading instead of its idle LnkSta, so "now" is the
     * figure under load (docs/RULES.md §3).
     */
    public static PathCeiling of(Topology topology, TopoNode.FunctionNode endpoint, UnderLoad evidence) {
        UnderLoad ev = evidence == null ? UnderLoad.none() : evidence;
        PciFunction dev = endpoint.function();
        // the kernel's walk: the device, then every pci_upstream_bridge() up to the root port
        List<TopoNode.FunctionNode> walk = new ArrayList<>();
        walk.add(endpoint);
        walk.addAll(topology.ancestors(endpoint));
        List<PathCeiling.Step> steps = new ArrayList<>();
        String unknownAt = null;
        for (TopoNode.FunctionNode n : walk) {
            PathCeiling.Step s = underLoad(ownState(n.function()), ev);
            steps.add(s);
            if (s.state() == null && unknownAt == null) unknownAt = n.bdf() + whyUnknown(topology, n.function());
        }
        // capable: the device's own speed x LnkCap width (pcie_bandwidth_capable), by the capture's kernel's rule
        KernelBandwidthLine kline = kernelLineFor(topology, endpoint);
        LinkState cap = kernelCapable(topology, dev, kline);
        long capMbps = cap != null && cap.speed().isKnown() ? cap.mbps() : 0;

        long pathCapable = pathCapableMbps(topology, endpoint, capMbps);

        if (unknownAt != null || dev.express() == null && dev.sysfsLink() == null) {
            String why = unknownAt != null ? unknownAt : dev.bdf() + " (no link facts)";
            String sentence = "Available PCIe bandwidth unknown: the link status of " + why + " is not known; "
                    + HopWords.HOW_TO_CAPTURE + (dev.capabilitiesHidden() && dev.sysfsLink() == null
                    ? "; without root, `grep -H . /sys/bus/pci/devices/" + dev.bdf() + "/*_link_*` reads its own link"
                    : "") + ".";
            return new PathCeiling(dev.bdf(), false, -1, null, null, capMbps, cap, pathCapable, steps, sentence,
                    kline, kline == null ? null : "the kernel's boot-time line is the only figure: "
                    + kline.text());
        }
        PathCeiling.Step lim = limiting(steps);
        long bw = lim.mbps();
        String sentence;
        if (bw < capMbps) {
            sentence = LinkState.formatGbps(bw) + " Gb/s available PCIe bandwidth, limited by "
                    + lim.state().kernelText() + " link at " + lim.bdf() + " (capable of "
                    + LinkState.formatGbps(capMbps) + " Gb/s with " + kernelText(cap) + " link)";
        } else {
            sentence = LinkState.formatGbps(capMbps) + " Gb/s available PCIe bandwidth (" + kernelText(cap)
                    + " link)";
        }
        String mismatch = kline == null ? null : mismatch(dev.bdf(), kline, bw, lim, capMbps);
        return new PathCeiling(dev.bdf(), true, bw, lim.bdf(), lim.state(), capMbps, cap, pathCapable, steps,
                sentence, kline, mismatch);
    }

    /** Why a function's link state is not known, in words after its address. */
    private static String whyUnknown(Topology topology, PciFunction f) {
        return f.capabilitiesHidden()
                ? " (capabilities hidden: lspci ran without root, and no sysfs current_link_* captured)"
                : f.express() == null && !Hardware.registersRead(topology, f)
                ? " (no registers of it in this capture: a tree or a plain listing)"
                : f.express() == null && !f.capabilitiesHidden()
                ? " (no link status: not a PCI Express function in this capture)"
                : " (the lspci printed `Speed unknown`: too old to decode it, and no sysfs captured)";
    }

    /**
     * The slowest capable link on the path (-1 when one is not known); with no link above it (a device on a root bus,
     * as in a VM) its own capable link, the whole path it is shown.
     */
    private static long pathCapableMbps(Topology topology, TopoNode.FunctionNode endpoint, long capMbps) {
        long pathCapable = Long.MAX_VALUE;
        for (Link l : topology.linksUpward(endpoint)) {
            if (l.capable() == null || !l.capable().isKnown()) return -1;
            pathCapable = Math.min(pathCapable, l.capable().mbps());
        }
        return pathCapable == Long.MAX_VALUE ? (capMbps > 0 ? capMbps : -1) : pathCapable;
    }

    /**
     * The step that limits the path, as pcie_bandwidth_available() keeps it: the minimum, where "!bw || next_bw <= bw"
     * makes ties go upstream. The steps are all known here.
     */
    private static PathCeiling.Step limiting(List<PathCeiling.Step> steps) {
        long bw = 0;
        PathCeiling.Step lim = null;
        for (PathCeiling.Step s : steps) {
            long next = s.mbps();
            if (bw == 0 || next <= bw) {
                bw = next;
                lim = s;
            }
        }
        return lim;
    }

    /**
     * The "capable of" the kernel prints for this device (docs/RULES.md §3): the kernel's own figure when the capture
     * holds its line for this device; else by the capture's kernel version: before 6.13 the top speed of the LnkCap2
     * vector, from 6.13 on that vector capped at LnkCap's speed (the rule used when the version is not known).
     */
    static LinkState kernelCapable(Topology t, PciFunction dev, KernelBandwidthLine kline) {
        if (kline != null && dev.bdf().equals(kline.device()) && kline.capable() != null && kline.capable().isKnown()) {
            return kline.capable();
        }
        int[] v = kernelVersion(t);
        boolean before613 = v != null && (v[0] < 6 || v[0] == 6 && v[1] < 13);
        return before613 ? OwnLink.ownCapability(dev) : OwnLink.capable(dev);
    }

    /** Major and minor of the capture's kernel ({@code Linux version 6.8.0-45-generic}, the bundle's kernel file). */
    private static int[] kernelVersion(Topology t) {
        String k = t.capture() == null ? null : t.capture().metadata().get("kernel");
        if (k == null) return null;
        java.util.regex.Matcher m = KERNEL_VERSION.matcher(k);
        return m.find() ? new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))} : null;
    }

    private static final java.util.regex.Pattern KERNEL_VERSION = java.util.regex.Pattern.compile("(\\d{1,3})\\.(\\d{1,3})");

    private static String kernelText(LinkState cap) {
        return cap == null ? "Unknown x0" : cap.kernelText();
    }

    /** A function's own LnkSta (the kernel reads each function's own), else sysfs current_link_*. */
    static PathCeiling.Step ownState(PciFunction f) {
        return new PathCeiling.Step(f.bdf(), OwnLink.trained(f), OwnLink.trainedSource(f));
    }

    /** The step as read under load, when the evidence holds a reading of this function's own link. */
    private static PathCeiling.Step underLoad(PathCeiling.Step idle, UnderLoad ev) {
        UnderLoad.Observation o = ev.byFunction().get(idle.bdf());
        if (o == null || o.maxGeneration() <= 0) return idle;
        LinkSpeed s = LinkSpeed.ofGeneration(o.maxGeneration());
        int w = o.maxWidth() > 0 ? o.maxWidth() : idle.state() == null ? -1 : idle.state().width();
        if (s == null || !s.isKnown() || w <= 0) return idle;
        return new PathCeiling.Step(idle.bdf(), LinkState.of(s, w), "under load (" + o.source() + ")");
    }

    /** The kernel line for the device, else for the card's own upstream port above it (the kernel prints it there for a card with its own switch: docs/RULES.md §3). */
    static KernelBandwidthLine kernelLineFor(Topology t, TopoNode.FunctionNode endpoint) {
        List<KernelBandwidthLine> lines = t.capture().kernelLines();
        for (KernelBandwidthLine k : lines) {
            if (endpoint.bdf().equals(k.device())) return k;
        }
        var usp = Hardware.ownSwitchAbove(t, endpoint);
        if (usp.isPresent()) {
            for (KernelBandwidthLine k : lines) {
                if (usp.get().bdf().equals(k.device())) return k;
            }
        }
        return null;
    }

    private static String mismatch(Bdf device, KernelBandwidthLine k, long bw, PathCeiling.Step lim, long cap) {
        List<String> diffs = new ArrayList<>();
        boolean sameDevice = device.equals(k.device());
        if (k.availableMbps() != bw) {
            diffs.add("it says " + LinkState.formatGbps(k.availableMbps()) + " Gb/s available, the capture reads "
                    + LinkState.formatGbps(bw));
        }
        // only a different figure or a different culprit is a finding; the same figure reached another way (a
        // "capable of" read from LnkCap where the kernel read LnkCap2's vector, Gen3 x8 against Gen4 x4) is not
        if (k.isLimited() && bw < cap && k.limitingBdf() != null && lim.bdf() != null
                && !Objects.equals(k.limitingBdf(), lim.bdf())) {
            diffs.add("it blames " + k.limitingBdf() + ", the capture " + lim.bdf());
        }
        if (diffs.isEmpty()) return null;
        return "The kernel's line (boot time" + (sameDevice ? "" : ", printed for the card's upstream port "
                + k.device()) + ") differs from this capture: " + String.join("; ", diffs)
                + ". The kernel line is a boot-time snapshot, lspci the moment of capture: the link retrained"
                + " since boot, or the line is from another boot.";
    }

    /** Every endpoint's ceiling: Endpoints/Legacy Endpoints below a link, and switch upstream ports (as the kernel). */
    public static List<PathCeiling> all(Topology topology) {
        return all(topology, UnderLoad.none());
    }

    /** Every endpoint's ceiling, each function's own link read under load where the evidence has it. */
    public static List<PathCeiling> all(Topology topology, UnderLoad evidence) {
        List<PathCeiling> out = new ArrayList<>();
        for (TopoNode.FunctionNode n : topology.functions()) {
            if (!isCeilingSubject(topology, n)) continue;
            out.add(of(topology, n, evidence));
        }
        return out;
    }

    static boolean isCeilingSubject(Topology t, TopoNode.FunctionNode n) {
        if (t.linksUpward(n).isEmpty()) return isRootBusEndpointWithLink(t, n);
        PciFunction f = n.function();
        if (f.portType() != null) {
            return f.portType().isEndpointLike() && f.portType() != PortType.RC_INTEGRATED_ENDPOINT
                    || f.portType() == PortType.UPSTREAM_PORT && f.bdf().function() == 0;
        }
        // hidden capabilities: endpoints by role, function 0
        return n.role() == TopoNode.Role.ENDPOINT && f.bdf().function() == 0;
    }

    /**
     * An endpoint directly on a root bus that reports its own link (LnkSta, or sysfs current_link_* when the
     * capabilities are hidden): a card passed through onto a virtual machine's root bus. The kernel's walk starts at
     * the device, so it has a ceiling (docs/RULES.md §3). Integrated functions (Root Complex Integrated Endpoints) have no
     * link of their own and are left out.
     */
    static boolean isRootBusEndpointWithLink(Topology t, TopoNode.FunctionNode n) {
        if (!t.parent(n).map(p -> p instanceof TopoNode.RootComplex).orElse(false)) return false;
        PciFunction f = n.function();
        PathCeiling.Step own = ownState(f);
        // a card whose capabilities a non-root lspci hid: its ceiling is unknown, and says so (never "no link")
        if (own.state() == null && f.capabilitiesHidden()) return DeviceKind.of(t, n).isPeer();
        if (own.state() == null || own.state().width() <= 0) return false;
        if (f.portType() != null) return f.portType() == PortType.ENDPOINT || f.portType() == PortType.LEGACY_ENDPOINT;
        return f.express() == null && f.bdf().function() == 0 && !f.isBridge() && DeviceKind.of(f) != DeviceKind.HOST_BRIDGE;
    }

}
