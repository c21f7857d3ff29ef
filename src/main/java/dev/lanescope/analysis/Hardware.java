package dev.lanescope.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import dev.lanescope.model.BusRange;
import dev.lanescope.model.DeviceKind;
import dev.lanescope.model.Link;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.PortType;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Vendor;
import dev.lanescope.model.Topology;

/** Recognition by name and shape shared by the rules: tunnels, chipsets, a card's own switch, host vendor. */
final class Hardware {

    private Hardware() {
    }


    /** A Thunderbolt/USB4 controller, dock switch or tunnelling root port, recognised by name. */
    static boolean isTunnelPort(PciFunction f) {
        return DeviceKind.isThunderbolt(f);
    }

    /**
     * The hop from {@code port} to {@code dev} is the tunnel itself (docs/RULES.md §2): a Thunderbolt/USB4 router's
     * port whose link leaves the package, which its registers say by {@code SltCap: HotPlug+}, or whose device is
     * another router's upstream port. A router's port with {@code HotPlug-} (inside an eGPU enclosure or a dock, to
     * the GPU, USB or NIC there) is copper and gets the ordinary verdicts; so is the link to the controller's own
     * functions (NHI, USB). Where the capture shows no slot capability, the router's name alone decides.
     */
    static boolean isTunnelHop(PciFunction port, PciFunction dev) {
        if (!isTunnelPort(port)) return false;
        if (isTunnelPort(dev) && !dev.isBridge()) return false; // the controller's own NHI or USB controller
        Boolean hotPlug = port.express() == null ? null : port.express().hotPlug();
        if (hotPlug == null) return true;
        boolean routerBelow = isTunnelPort(dev) && dev.portType() == PortType.UPSTREAM_PORT;
        return hotPlug || routerBelow;
    }

    /** A bridge window this wide is a hot-plug reservation (firmware reserves dozens of buses for a Thunderbolt port). */
    private static final int HOTPLUG_WINDOW_BUSES = 16;

    /**
     * A port that leads out of the box through Thunderbolt/USB4, or a function of such a router or of the enclosure or
     * dock behind it: a Thunderbolt-named function, or (where a tree printed no names for bridges) a root port with a
     * hot-plug bus window on a root complex that holds a Thunderbolt controller.
     */
    static boolean isThunderboltPort(Topology t, TopoNode.FunctionNode n) {
        PciFunction f = n.function();
        if (isTunnelPort(f)) return true;
        if (n.role() != TopoNode.Role.ROOT_PORT || f.busRange() == null || f.vendorDeviceName() != null
                && !f.vendorDeviceName().isBlank() && !f.vendorDeviceName().equals(f.className())) {
            return false;
        }
        BusRange r = f.busRange();
        if (r.subordinate() - r.secondary() + 1 < HOTPLUG_WINDOW_BUSES) return false;
        TopoNode.RootComplex rc = t.rootOf(n);
        return t.functions().stream().anyMatch(o -> isTunnelPort(o.function()) && t.rootOf(o).equals(rc));
    }

    /**
     * The nearest Thunderbolt/USB4 bridge above a function that is not itself part of the router (an eGPU, a dock's
     * NIC): that function sits behind a tunnel. Empty for the router's own functions (NHI, USB) and for the rest.
     */
    static Optional<TopoNode.FunctionNode> tunnelAbove(Topology t, TopoNode.FunctionNode n) {
        if (isTunnelPort(n.function())) return Optional.empty();
        for (TopoNode.FunctionNode a : t.ancestors(n)) {
            if (isThunderboltPort(t, a)) return Optional.of(a);
        }
        return Optional.empty();
    }

    /** A tunnel port, the ports above it, and the router ports on its root complex: the names that tell the generation. */
    static TopoNode.FunctionNode[] tunnelRouters(Topology t, TopoNode.FunctionNode port) {
        List<TopoNode.FunctionNode> out = new ArrayList<>();
        out.add(port);
        out.addAll(t.ancestors(port));
        TopoNode.RootComplex rc = t.rootOf(port);
        for (TopoNode.FunctionNode f : t.functions()) {
            if (isTunnelPort(f.function()) && t.rootOf(f).equals(rc) && !out.contains(f)) out.add(f);
        }
        return out.toArray(TopoNode.FunctionNode[]::new);
    }

    /**
     * The PCIe budget of a Thunderbolt/USB4 tunnel in Mb/s, from the router's name: about 22 Gb/s on Thunderbolt 3,
     * 32 on Thunderbolt 4 / USB4, 64 on Thunderbolt 5; -1 when the name does not say.
     */
    static long tunnelBudgetMbps(TopoNode.FunctionNode... routerPorts) {
        for (TopoNode.FunctionNode r : routerPorts) {
            String n = r == null || r.function().vendorDeviceName() == null ? ""
                    : r.function().vendorDeviceName().toLowerCase(Locale.ROOT);
            if (n.contains("thunderbolt 5") || n.contains("barlow ridge") || n.contains("usb4 v2")) return 64_000;
            if (n.contains("thunderbolt 4") || n.contains("maple ridge") || n.contains("goshen ridge")
                    || n.contains("usb4")) {
                return 32_000;
            }
            if (n.contains("thunderbolt 3") || n.contains("alpine ridge") || n.contains("titan ridge")
                    || n.matches(".*\\b(jhl6|jhl7|dsl6)\\d*.*")) {
                return 22_000;
            }
        }
        return -1;
    }

    /**
     * When {@code usp} is the upstream port of a switch that belongs to a card (a GPU's own switch; an NVMe carrier or
     * RAID card: every function below, bridges aside, is an NVMe drive or a storage controller), the card's main
     * function; empty otherwise.
     */
    static Optional<TopoNode.FunctionNode> cardBehindOwnSwitch(Topology t, TopoNode.FunctionNode usp) {
        Optional<TopoNode.FunctionNode> gpu = gpuBehindOwnSwitch(t, usp);
        if (gpu.isPresent() || usp.role() != TopoNode.Role.SWITCH_UPSTREAM) return gpu;
        TopoNode.FunctionNode storage = null;
        for (TopoNode.FunctionNode f : t.descendants(usp)) {
            if (f.role() == TopoNode.Role.SWITCH_DOWNSTREAM || f.role() == TopoNode.Role.SWITCH_UPSTREAM) continue;
            DeviceKind k = DeviceKind.of(t, f);
            if (k != DeviceKind.NVME && k != DeviceKind.STORAGE) return Optional.empty();
            if (storage == null || k == DeviceKind.STORAGE && DeviceKind.of(t, storage) == DeviceKind.NVME) storage = f;
        }
        return Optional.ofNullable(storage);
    }

    /**
     * The upstream port of the outermost card switch that {@code n} sits inside ({@code n} itself included): a port
     * or link there belongs to that card (a GPU's or a storage carrier's own switch), not to the board.
     */
    static Optional<TopoNode.FunctionNode> insideCard(Topology t, TopoNode.FunctionNode n) {
        TopoNode.FunctionNode found = null;
        List<TopoNode.FunctionNode> chain = new ArrayList<>();
        chain.add(n);
        chain.addAll(t.ancestors(n));
        for (TopoNode.FunctionNode a : chain) {
            if (a.role() == TopoNode.Role.SWITCH_UPSTREAM && cardBehindOwnSwitch(t, a).isPresent()) found = a;
        }
        return Optional.ofNullable(found);
    }

    /**
     * Whether the capture read this function's registers (its -vv record, a hex dump, or sysfs): a function known only
     * from a tree or a plain listing has no capability list in the capture, so "no PCI Express capability" is unknown
     * for it, not a fact.
     */
    static boolean registersRead(Topology t, PciFunction f) {
        if (f.express() != null || f.capabilitiesHidden() || f.sysfsLink() != null) return true;
        if (f.source() == null || t.capture() == null) return false;
        for (dev.lanescope.model.CaptureFile file : t.capture().files()) {
            if (file.name().equals(f.source().file())) {
                return file.role() == dev.lanescope.model.CaptureFile.Role.LSPCI_VERBOSE;
            }
        }
        return false;
    }


    static String name(PciFunction f) {
        String n = f.vendorDeviceName();
        return n == null || n.isBlank() ? (f.className() == null ? "function" : f.className()) : n;
    }

    /**
     * "GPU", "integrated GPU", "data-centre NIC", "NVMe drive", "switch upstream port", "device": the words of
     * {@link DeviceKind} for what a function is, the port's role for bridges.
     */
    static String kind(PciFunction f) {
        DeviceKind k = DeviceKind.of(f);
        switch (k) {
            case BRIDGE, HOST_BRIDGE, CHIPSET, OTHER -> {
                // a port or a plain function: said below
            }
            default -> {
                return k.noun();
            }
        }
        if (f.portType() != null) {
            switch (f.portType()) {
                case UPSTREAM_PORT: return "switch upstream port";
                case DOWNSTREAM_PORT: return "switch downstream port";
                case ROOT_PORT: return "root port";
                default: break;
            }
        }
        return "device";
    }

    /**
     * When {@code usp} is the upstream port of a card's own internal switch (AMD RDNA, Intel Arc: one vendor for the
     * switch ports and everything below, with a GPU/accelerator among them), the first GPU/accelerator below it.
     */
    static Optional<TopoNode.FunctionNode> gpuBehindOwnSwitch(Topology t, TopoNode.FunctionNode usp) {
        if (usp.role() != TopoNode.Role.SWITCH_UPSTREAM) return Optional.empty();
        if (Vendor.of(usp.function()) == Vendor.UNKNOWN) return Optional.empty();
        List<TopoNode.FunctionNode> below = t.descendants(usp);
        TopoNode.FunctionNode gpu = null;
        for (TopoNode.FunctionNode f : below) {
            if (!Vendor.same(f.function(), usp.function())) return Optional.empty();
            if (gpu == null && DeviceKind.of(t, f).isGpu()) gpu = f;
        }
        return Optional.ofNullable(gpu);
    }

    /** The switch upstream port of the card's own switch that {@code node} sits behind, if any. */
    static Optional<TopoNode.FunctionNode> ownSwitchAbove(Topology t, TopoNode.FunctionNode node) {
        for (TopoNode.FunctionNode a : t.ancestors(node)) {
            if (a.role() == TopoNode.Role.SWITCH_UPSTREAM) {
                Optional<TopoNode.FunctionNode> g = gpuBehindOwnSwitch(t, a);
                if (g.isPresent() && (g.get().equals(node) || t.descendants(a).contains(node))) return Optional.of(a);
                return Optional.empty();
            }
            if (a.role() == TopoNode.Role.ROOT_PORT) return Optional.empty();
        }
        return Optional.empty();
    }

    /** The link that connects the card to the board: above the card's own switch when it has one. */
    static Link cardLink(Topology t, TopoNode.FunctionNode device) {
        Optional<TopoNode.FunctionNode> usp = ownSwitchAbove(t, device);
        if (usp.isPresent()) {
            List<Link> up = t.linksUpward(usp.get());
            if (!up.isEmpty()) return up.get(0);
        }
        List<Link> up = t.linksUpward(device);
        return up.isEmpty() ? null : up.get(0);
    }

    /** The GPU/accelerator this hop leads to, directly or through the card's own switch; empty otherwise. */
    static Optional<TopoNode.FunctionNode> gpuLedTo(Topology t, Link link) {
        if (link.device() == null) return Optional.empty();
        Optional<TopoNode.FunctionNode> dev = t.node(link.device().bdf());
        if (dev.isPresent() && DeviceKind.of(t, dev.get()).isGpu()) return dev;
        return dev.flatMap(n -> gpuBehindOwnSwitch(t, n));
    }

    /** True when the host is AMD: a host bridge or root port of vendor 1022, or named AMD. */
    static boolean isAmdHost(Topology t) {
        return hostVendor(t, v -> v.isAmd());
    }

    static boolean isIntelHost(Topology t) {
        return hostVendor(t, v -> v == Vendor.INTEL);
    }

    /**
     * The CPU vendor, read from the functions on the root buses (host bridges, root ports): by vendor id, or by the
     * name when the capture has none (a {@code -tv} tree prints names without ids).
     */
    private static boolean hostVendor(Topology t, java.util.function.Predicate<Vendor> is) {
        for (TopoNode.RootComplex rc : t.rootComplexes()) {
            PciFunction hb = rc.hostBridge();
            if (hb != null && is.test(Vendor.of(hb))) return true;
        }
        for (TopoNode.FunctionNode f : t.functions()) {
            boolean onRootBus = t.parent(f).map(p -> p instanceof TopoNode.RootComplex).orElse(false);
            boolean rootish = f.role() == TopoNode.Role.ROOT_PORT || f.role() == TopoNode.Role.HOST_BRIDGE || onRootBus;
            if (rootish && is.test(Vendor.of(f.function()))) return true;
        }
        return false;
    }





    static boolean known(LinkState s) {
        return s != null && s.isKnown();
    }

    /**
     * A slot name for users: "slot 3", the OS's physical slot name, else "unnumbered slot" / "unnumbered root port" /
     * "unnumbered switch port". Slot number 0 is what firmware writes when it numbers nothing: never "slot 0".
     */
    static String portLabel(TopoNode.FunctionNode port) {
        PciFunction f = port.function();
        Integer n = f.express() == null ? null : f.express().slotNumber();
        if (n != null && n > 0 && f.express().slotImplemented()) return "slot " + n;
        String phys = f.physicalSlot() == null ? "" : f.physicalSlot().trim();
        if (!phys.isEmpty() && !phys.equals("0")) return "slot " + phys;
        if (n != null && n > 0) return "slot " + n;
        if (isSlot(f)) return "unnumbered slot";
        return port.role() == TopoNode.Role.ROOT_PORT ? "unnumbered root port" : "unnumbered switch port";
    }

    static boolean isSlot(PciFunction f) {
        return f.express() != null && (f.express().slotImplemented() || f.express().slotNumber() != null)
                || f.physicalSlot() != null && !f.physicalSlot().isBlank();
    }
}
