package dev.lanescope.analysis.ladder;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import dev.lanescope.analysis.PeerPaths;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.DeviceKind;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.PciId;
import dev.lanescope.model.PortType;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;
import dev.lanescope.model.Vendor;
import dev.lanescope.model.ladder.LadderEvidence;

/**
 * Linux's {@code pci_p2pdma_distance()} decision (drivers/pci/p2pdma.c, calc_map_type_and_dist and
 * host_bridge_whitelist), reproduced on a capture:
 * <ol>
 * <li>Two devices below a common upstream bridge (a switch, or one root port) reach each other directly, unless a
 * bridge on the path has ACS Request/Completion Redirect or Egress Control set: then traffic goes through the host
 * bridge.</li>
 * <li>Traffic through the host bridge (no common upstream bridge, or ACS redirect) is allowed only on an AMD CPU of
 * family 17h (Zen) or newer, or when the first device of each root bus (at 00.0, or a root port) is on the kernel's
 * whitelist: Intel 3c00/3c01 (Sandy Bridge-E) and 2f00/2f01 (Haswell-E) only within one host bridge; Intel
 * 2020/2030-2033 (Skylake-SP), 09a2 (Ice Lake-SP) and any Google device across host bridges too.</li>
 * </ol>
 */
final class P2pDma {

    private P2pDma() {
    }

    /** A whitelist entry: its vendor:device id (device -1: any), and whether it holds only within one host bridge. */
    record Entry(PciId id, boolean sameHostBridgeOnly, String name) {
        Entry(int vendor, int device, boolean sameHostBridgeOnly, String name) {
            this(new PciId(vendor, device), sameHostBridgeOnly, name);
        }
    }

    static final List<Entry> WHITELIST = List.of(
            new Entry(0x8086, 0x3c00, true, "Intel Xeon E5/Core i7 (Sandy Bridge-E)"),
            new Entry(0x8086, 0x3c01, true, "Intel Xeon E5/Core i7 (Sandy Bridge-E)"),
            new Entry(0x8086, 0x2f00, true, "Intel Xeon E7 v3/E5 v3 (Haswell-E)"),
            new Entry(0x8086, 0x2f01, true, "Intel Xeon E7 v3/E5 v3 (Haswell-E)"),
            new Entry(0x8086, 0x2030, false, "Intel Skylake-SP root port A"),
            new Entry(0x8086, 0x2031, false, "Intel Skylake-SP root port B"),
            new Entry(0x8086, 0x2032, false, "Intel Skylake-SP root port C"),
            new Entry(0x8086, 0x2033, false, "Intel Skylake-SP root port D"),
            new Entry(0x8086, 0x2020, false, "Intel Skylake-SP"),
            new Entry(0x8086, 0x09a2, false, "Intel Ice Lake-SP"),
            new Entry(0x1ae0, -1, false, "Google SoC"));

    /** AMD host bridges (1022:xxxx) of CPU families before 17h (Zen): the kernel's CPU test does not cover them. */
    static final List<PciId> AMD_PRE_ZEN_HOST = java.util.stream.IntStream.of(0x1510, 0x1514, 0x1536, 0x1566,
            0x1410, 0x1422, 0x1424, 0x1705, 0x9600, 0x9601, 0x5a10, 0x5a11, 0x5a12, 0x5a13, 0x1400, 0x141a, 0x1200,
            0x1100, 0x1300).mapToObj(d -> new PciId(Vendor.AMD.id(), d)).toList();

    /**
     * @param allowed     the kernel would map peer DMA between them
     * @param direct      without the host bridge (a common upstream bridge and no ACS redirect)
     * @param acsAt       bridges whose ACS redirects peer traffic
     * @param hostBridges the devices the whitelist is checked on (one, or one per root bus)
     * @param why         the decision in words
     */
    record Decision(boolean allowed, boolean direct, List<Bdf> acsAt, List<PciFunction> hostBridges, String why,
                    boolean known) {
        Decision(boolean allowed, boolean direct, List<Bdf> acsAt, List<PciFunction> hostBridges, String why) {
            this(allowed, direct, acsAt, hostBridges, why, true);
        }
    }

    static Decision decide(Topology t, LadderEvidence ev, TopoNode.FunctionNode a, TopoNode.FunctionNode b) {
        Optional<TopoNode> lca = t.lowestCommonAncestor(a, b);
        boolean common = lca.isPresent() && lca.get() instanceof TopoNode.FunctionNode;
        List<Bdf> acs = new ArrayList<>();
        acs.addAll(PeerPaths.acsRedirectsBetween(t, a, b));
        if (common && acs.isEmpty()) {
            return new Decision(true, true, acs, List.of(), "they share the upstream bridge "
                    + t.address(((TopoNode.FunctionNode) lca.get()).bdf()) + " and no bridge on the path redirects"
                    + " peer traffic: the kernel maps it directly");
        }
        String route = common ? "ACS redirects their traffic up through the host bridge at " + join(t, acs)
                : "they share no upstream bridge (different root ports), so their traffic goes through the host bridge";
        String cpu = zenCpu(t, ev);
        if (cpu != null) {
            return new Decision(true, false, acs, List.of(), route + "; the kernel allows that on " + cpu);
        }
        TopoNode.RootComplex ra = t.rootOf(a);
        TopoNode.RootComplex rb = t.rootOf(b);
        boolean same = ra.equals(rb);
        PciFunction ha = hostBridge(t, ra);
        PciFunction hb = same ? ha : hostBridge(t, rb);
        List<PciFunction> hbs = new ArrayList<>();
        if (ha != null) hbs.add(ha);
        if (hb != null && !same) hbs.add(hb);
        if (ha == null || hb == null) {
            return new Decision(false, false, acs, hbs, route + "; the capture shows no device at 00.0 (or root port"
                    + " first) on " + (ha == null ? ra.id() : rb.id()).replace("rc:", "root bus ")
                    + ", which is what the kernel's whitelist is checked on, so the kernel refuses");
        }
        for (PciFunction h : hbs) {
            if (PciId.of(h) == null) {
                return new Decision(false, false, acs, hbs, route + "; the capture names " + what(h) + " "
                        + t.address(h.bdf()) + " (" + h.shortName() + ") without its vendor:device id, which the"
                        + " kernel's whitelist is keyed on", false);
            }
        }
        Entry ea = entry(ha);
        Entry eb = entry(hb);
        if (ea != null && eb != null && (same || !ea.sameHostBridgeOnly() && !eb.sameHostBridgeOnly())) {
            return new Decision(true, false, acs, hbs, route + "; " + what(ha) + " " + id(ha) + " (" + ea.name()
                    + ") is on the kernel's P2PDMA whitelist" + (same ? "" : " and so is " + id(hb)));
        }
        PciFunction refused = ea == null ? ha : eb == null ? hb : ha;
        String whyNot = ea != null && eb != null ? "on the whitelist only within one host bridge, and they are on two"
                : "not on the kernel's P2PDMA whitelist";
        return new Decision(false, false, acs, hbs, route + "; " + what(refused) + " " + id(refused) + " ("
                + refused.shortName() + ") is " + whyNot + ", and the CPU is not an AMD Zen: the kernel refuses"
                + " (it logs 'Host bridge not in P2PDMA whitelist')");
    }

    /** The device the kernel checks: the function at 00.0 of the root bus, else a root port listed first there. */
    static PciFunction hostBridge(Topology t, TopoNode.RootComplex rc) {
        Bdf zero = new Bdf(rc.domain(), rc.bus(), 0, 0);
        Optional<PciFunction> f = t.function(zero);
        if (f.isPresent()) return f.get();
        if (rc.hostBridge() != null) return rc.hostBridge();
        for (TopoNode n : t.children(rc)) {
            if (n instanceof TopoNode.FunctionNode fn) {
                return fn.function().portType() == PortType.ROOT_PORT ? fn.function() : null;
            }
        }
        return null;
    }

    static Entry entry(PciFunction f) {
        for (Entry e : WHITELIST) {
            if (e.id().matches(f)) return e;
        }
        return null;
    }

    /** "an AMD Zen host (...)" when the kernel's CPU test passes, else null. */
    static String zenCpu(Topology t, LadderEvidence ev) {
        if (ev.cpuVendor() != null && ev.cpuFamily() >= 0) {
            return ev.cpuVendor().equals("AuthenticAMD") && ev.cpuFamily() >= 0x17
                    ? "an AMD CPU of family " + ev.cpuFamily() + " (Zen or newer, from lscpu)" : null;
        }
        for (TopoNode.RootComplex rc : t.rootComplexes()) {
            PciFunction h = hostBridge(t, rc);
            if (h != null && isAmdHostBridge(h) && !isPreZen(h)) {
                return "an AMD Zen host (host bridge " + t.address(h.bdf()) + ", " + h.shortName() + "; the kernel"
                        + " allows any AMD CPU of family 17h or newer)";
            }
        }
        return null;
    }

    private static final java.util.regex.Pattern PRE_ZEN_NAME = java.util.regex.Pattern.compile(
            "Family 1[0-6]h|\\bRS\\d|\\bRD\\d|\\bRX\\d|Athlon|Phenom|Hudson|Kabini|Trinity|Richland|Kaveri");

    /** The CPU's own host bridge by AMD (1022, "Advanced Micro Devices, Inc. [AMD]"), not an AMD/ATI GPU's. */
    static boolean isAmdHostBridge(PciFunction h) {
        return DeviceKind.mayBeHostBridge(h) && Vendor.of(h) == Vendor.AMD;
    }

    static boolean isPreZen(PciFunction h) {
        if (AMD_PRE_ZEN_HOST.stream().anyMatch(id -> id.matches(h))) return true;
        return h.vendorDeviceName() != null && PRE_ZEN_NAME.matcher(h.vendorDeviceName()).find();
    }

    /**
     * What the function the whitelist is checked on is, in words: "the host bridge" for a host bridge, "the root port
     * at 00.0" for a root port there (many Arm and some server root buses have no host bridge function), else "the
     * device at 00.0".
     */
    static String what(PciFunction f) {
        String name = f.vendorDeviceName() == null ? "" : f.vendorDeviceName().toLowerCase(Locale.ROOT);
        if (f.portType() == PortType.ROOT_PORT || name.contains("root port")) {
            return "the root port " + f.bdf().shortForm() + ", first on its root bus,";
        }
        if (DeviceKind.mayBeHostBridge(f)) return "the host bridge";
        return "the device at " + f.bdf().shortForm() + ", first on its root bus,";
    }

    static String id(PciFunction f) {
        return String.valueOf(PciId.of(f));
    }

    private static String join(Topology t, List<Bdf> l) {
        List<String> s = new ArrayList<>();
        for (Bdf b : l) s.add(t.address(b));
        return String.join(", ", s);
    }
}
