package dev.lanescope.parse;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.lanescope.model.Acs;
import dev.lanescope.model.Atomics;
import dev.lanescope.model.BusRange;
import dev.lanescope.model.Express;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.PortType;
import dev.lanescope.model.ResizableBar;
import dev.lanescope.model.SourceRef;

/**
 * Decodes the registers lanescope uses straight from a function's config-space bytes, so a bundle is readable
 * whatever lspci version printed it: ids and class, type-1 bus numbers, the Express capability (port type, LnkCap,
 * LnkSta, LnkCap2, LnkCtl2, SltCap slot number, DevCap2/DevCtl2 AtomicOps bits), and from the extended list at
 * 0x100 ACS (0x000D) and Resizable BAR (0x0015).
 */
public final class ConfigSpaceDecoder {

    private ConfigSpaceDecoder() {
    }

    /** The facts config space gives; names, drivers and NUMA nodes come only from the OS, so they stay unknown. */
    public static PciFunction decode(String file, HexRows.Dump d) {
        PciFunction.Builder b = PciFunction.builder(d.bdf());
        b.source = new SourceRef(file, d.headerLine());
        b.vendorId = d.u16(0x00);
        b.deviceId = d.u16(0x02);
        b.revision = d.u8(0x08);
        int sub = d.u8(0x0a);
        int base = d.u8(0x0b);
        if (sub >= 0 && base >= 0) b.classCode = base << 8 | sub;
        int headerType = d.u8(0x0e);
        if ((headerType & 0x7f) == 1 && d.length() > 0x1a) {
            b.busRange = new BusRange(d.u8(0x18), d.u8(0x19), d.u8(0x1a));
        }
        int status = d.u16(0x06);
        if (status >= 0 && (status & 0x10) != 0 && (headerType & 0x7f) != 2) {
            int ptr = d.u8(0x34);
            if (ptr >= 0) {
                ptr &= 0xfc;
                if (ptr >= d.length()) {
                    b.capabilitiesHidden = true; // a 64-byte (-x or non-root) dump: lspci prints <access denied>
                } else {
                    walkCapabilities(d, ptr, b);
                }
            }
        }
        if (d.length() > 0x100) walkExtended(d, b);
        return b.build();
    }

    private static void walkCapabilities(HexRows.Dump d, int ptr, PciFunction.Builder b) {
        Set<Integer> visited = new HashSet<>();
        while (ptr >= 0x40 && ptr < d.length() && visited.add(ptr) && visited.size() < 64) {
            int id = d.u8(ptr);
            if (id == 0x10) b.express = express(d, ptr);
            int next = d.u8(ptr + 1);
            if (next < 0) break;
            ptr = next & 0xfc;
        }
    }

    private static Express express(HexRows.Dump d, int off) {
        int pcieCap = d.u16(off + 2);
        if (pcieCap < 0) return null;
        int version = pcieCap & 0xf;
        PortType type = portType((pcieCap >> 4) & 0xf);
        boolean slot = (pcieCap & 0x100) != 0 && type.isDownstreamFacing();
        boolean link = type != PortType.RC_INTEGRATED_ENDPOINT && type != PortType.RC_EVENT_COLLECTOR;
        LinkState lnkCap = null;
        LinkState lnkSta = null;
        Boolean dlActive = null;
        if (link) {
            long cap = d.u32(off + 0x0c);
            int sta = d.u16(off + 0x12);
            if (cap >= 0) lnkCap = LinkState.of(LinkSpeed.ofCode((int) (cap & 0xf)), (int) ((cap >> 4) & 0x3f));
            if (sta >= 0) {
                lnkSta = LinkState.of(LinkSpeed.ofCode(sta & 0xf), (sta >> 4) & 0x3f);
                dlActive = (sta & 0x2000) != 0;
            }
        }
        Integer slotNumber = null;
        Boolean hotPlug = null;
        if (slot) {
            long sltCap = d.u32(off + 0x14);
            if (sltCap >= 0) {
                slotNumber = (int) (sltCap >>> 19);
                hotPlug = (sltCap & 0x40) != 0;
            }
        }
        LinkSpeed cap2Max = null;
        LinkSpeed target = null;
        Atomics atomics = Atomics.NONE;
        if (version >= 2) {
            atomics = atomics(d, off, type);
            if (link) {
                long cap2 = d.u32(off + 0x2c);
                if (cap2 > 0) {
                    int vec = (int) ((cap2 >> 1) & 0x7f);
                    int top = 31 - Integer.numberOfLeadingZeros(vec);
                    if (top >= 0) cap2Max = LinkSpeed.ofGeneration(top + 1);
                }
                int ctl2 = d.u16(off + 0x30);
                if (ctl2 >= 0) target = LinkSpeed.ofCode((ctl2 & 0xf) == 0 ? 1 : ctl2 & 0xf);
            }
        }
        return new Express(type, slot, lnkCap, lnkSta, cap2Max, target, dlActive, slotNumber, hotPlug, atomics);
    }

    /** The Express capability's device/port type field (PCIe Capabilities register bits 7:4). */
    private static PortType portType(int field) {
        return switch (field) {
            case 0 -> PortType.ENDPOINT;
            case 1 -> PortType.LEGACY_ENDPOINT;
            case 4 -> PortType.ROOT_PORT;
            case 5 -> PortType.UPSTREAM_PORT;
            case 6 -> PortType.DOWNSTREAM_PORT;
            case 7 -> PortType.PCIE_TO_PCI_BRIDGE;
            case 8 -> PortType.PCI_TO_PCIE_BRIDGE;
            case 9 -> PortType.RC_INTEGRATED_ENDPOINT;
            case 10 -> PortType.RC_EVENT_COLLECTOR;
            default -> PortType.UNKNOWN;
        };
    }

    /** DevCap2's AtomicOps routing and completer bits and DevCtl2's requester and egress-blocking bits. */
    private static Atomics atomics(HexRows.Dump d, int off, PortType type) {
        Atomics atomics = Atomics.NONE;
        long devCap2 = d.u32(off + 0x24);
        int devCtl2 = d.u16(off + 0x28);
        boolean port = type == PortType.ROOT_PORT || type == PortType.UPSTREAM_PORT
                || type == PortType.DOWNSTREAM_PORT;
        boolean completer = !(type == PortType.UPSTREAM_PORT || type == PortType.DOWNSTREAM_PORT);
        boolean requester = type == PortType.ROOT_PORT || type.isEndpointLike();
        if (devCap2 >= 0) {
            atomics = atomics.withCap(port ? (devCap2 & 0x40) != 0 : null,
                    completer ? (devCap2 & 0x80) != 0 : null, completer ? (devCap2 & 0x100) != 0 : null,
                    completer ? (devCap2 & 0x200) != 0 : null);
        }
        if (devCtl2 >= 0 && (requester || port)) {
            atomics = atomics.withCtl(requester ? (devCtl2 & 0x40) != 0 : null, port ? (devCtl2 & 0x80) != 0 : null);
        }
        return atomics;
    }

    private static void walkExtended(HexRows.Dump d, PciFunction.Builder b) {
        int off = 0x100;
        Set<Integer> visited = new HashSet<>();
        while (off >= 0x100 && off + 4 <= d.length() && visited.add(off) && visited.size() < 256) {
            long h = d.u32(off);
            if (h == 0 || h == 0xffffffffL || h < 0) break;
            int id = (int) (h & 0xffff);
            if (id == 0x000d) {
                int cap = d.u16(off + 4);
                int ctl = d.u16(off + 6);
                if (cap >= 0 && ctl >= 0) b.acs = new Acs(acsFlags(cap), acsFlags(ctl));
            } else if (id == 0x0015) {
                b.resizableBars.clear();
                b.resizableBars.addAll(rebar(d, off));
            }
            off = (int) ((h >> 20) & 0xffc);
        }
    }

    private static Acs.AcsFlags acsFlags(int v) {
        return new Acs.AcsFlags((v & 1) != 0, (v & 2) != 0, (v & 4) != 0, (v & 8) != 0, (v & 16) != 0,
                (v & 32) != 0, (v & 64) != 0);
    }

    private static List<ResizableBar> rebar(HexRows.Dump d, int off) {
        List<ResizableBar> out = new ArrayList<>();
        long ctl0 = d.u32(off + 8);
        if (ctl0 < 0) return out;
        int n = (int) ((ctl0 >> 5) & 7);
        if (n < 1 || n > 6) return out;
        for (int i = 0; i < n; i++) {
            long cap = d.u32(off + 4 + 8 * i);
            long ctl = d.u32(off + 8 + 8 * i);
            if (cap < 0 || ctl < 0) break;
            List<Long> supported = new ArrayList<>();
            for (int bit = 4; bit < 32; bit++) {
                if ((cap >> bit & 1) != 0) supported.add(1L << (bit + 16)); // bit 4 = 1 MB
            }
            for (int bit = 16; bit < 32; bit++) {
                if ((ctl >> bit & 1) != 0) supported.add(1L << Math.min(62, bit + 32)); // ctl bit 16 = 256 TB
            }
            int current = (int) ((ctl >> 8) & 0x3f);
            out.add(new ResizableBar((int) (ctl & 7), 1L << (current + 20), supported));
        }
        return out;
    }
}
