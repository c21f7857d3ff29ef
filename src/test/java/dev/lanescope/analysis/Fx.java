package dev.lanescope.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.lanescope.model.Acs;
import dev.lanescope.model.Atomics;
import dev.lanescope.model.Bar;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.BusRange;
import dev.lanescope.model.Capture;
import dev.lanescope.model.Express;
import dev.lanescope.model.KernelBandwidthLine;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.PortType;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;
import dev.lanescope.model.TopologyBuilder;

/** Test fixture: builds functions fluently and a Topology through the real TopologyBuilder. */
final class Fx {

    static final LinkSpeed G1 = LinkSpeed.GEN1;
    static final LinkSpeed G2 = LinkSpeed.GEN2;
    static final LinkSpeed G3 = LinkSpeed.GEN3;
    static final LinkSpeed G4 = LinkSpeed.GEN4;
    static final LinkSpeed G5 = LinkSpeed.GEN5;
    static final LinkSpeed UNK = LinkSpeed.UNKNOWN;

    private final List<F> fns = new ArrayList<>();
    private final List<KernelBandwidthLine> klines = new ArrayList<>();

    static Bdf b(String s) {
        return Bdf.parse(s);
    }

    static LinkState st(LinkSpeed s, int w) {
        return LinkState.of(s, w);
    }

    /** One function under construction. */
    final class F {
        final PciFunction.Builder b;
        PortType type;
        boolean slot;
        Integer slotNumber;
        LinkState cap;
        LinkState sta;
        LinkSpeed target;
        LinkSpeed cap2;
        Boolean hotPlug;
        Integer version;
        Boolean dl;
        Atomics atomics = Atomics.NONE;

        F(String bdf) {
            b = PciFunction.builder(Bdf.parse(bdf));
        }

        F type(PortType t) {
            this.type = t;
            return this;
        }

        F cls(int code, String name) {
            b.classCode = code;
            b.className = name;
            return this;
        }

        F name(String n) {
            b.vendorDeviceName = n;
            return this;
        }

        F ids(int v, int d) {
            b.vendorId = v;
            b.deviceId = d;
            return this;
        }

        F bus(int sec, int sub) {
            b.busRange = new BusRange(b.bdf.bus(), sec, sub);
            return this;
        }

        F cap(LinkSpeed s, int w) {
            cap = st(s, w);
            return this;
        }

        /** LnkCap, and a LnkCap2 vector topping at {@code cap2} (a card that lowers LnkCap to its partner's speed). */
        F cap(LinkSpeed s, int w, LinkSpeed top) {
            cap2 = top;
            return cap(s, w);
        }

        F sta(LinkSpeed s, int w) {
            sta = st(s, w);
            return this;
        }

        F link(LinkSpeed s, int w) {
            return cap(s, w).sta(s, w);
        }

        F target(LinkSpeed s) {
            target = s;
            return this;
        }

        F slot(int n) {
            slot = true;
            slotNumber = n;
            return this;
        }

        /** SltCap's HotPlug flag. */
        F hotPlug(boolean hp) {
            hotPlug = hp;
            return this;
        }

        /** The capability header's version: {@code Express (v1)} is 1. */
        F version(int v) {
            version = v;
            return this;
        }

        F aerError(String flag) {
            b.aerUncorrectable.add(flag);
            return this;
        }

        /** ACSCtl with only EgressCtrl+ (no request or completion redirect). */
        F acsEgressOnly() {
            Acs.AcsFlags cap = new Acs.AcsFlags(true, true, true, true, true, true, false);
            Acs.AcsFlags ctl = new Acs.AcsFlags(false, false, false, false, false, true, false);
            b.acs = new Acs(cap, ctl);
            return this;
        }

        F dl(Boolean d) {
            dl = d;
            return this;
        }

        F atomics(Boolean routing, Boolean c32, Boolean c64, Boolean reqEn, Boolean egress) {
            atomics = new Atomics(routing, c32, c64, null, reqEn, egress);
            return this;
        }

        F acsRedirect() {
            Acs.AcsFlags on = new Acs.AcsFlags(true, true, true, true, true, false, false);
            b.acs = new Acs(on, on);
            return this;
        }

        F bar(int idx, long address) {
            b.bars.add(new Bar(idx, false, address, true, true, true, false, false, 1L << 34));
            return this;
        }

        F numa(int n) {
            b.numaNode = n;
            return this;
        }

        F hidden() {
            b.capabilitiesHidden = true;
            return this;
        }

        F sysfs(LinkState current, LinkState max) {
            b.sysfsLink = new PciFunction.SysfsLink(current, max);
            return this;
        }

        PciFunction build() {
            if (type != null && !b.capabilitiesHidden) {
                b.express = new Express(type, slot, cap, sta, cap2 != null ? cap2 : cap == null ? null : cap.speed(), target, dl,
                        slotNumber, hotPlug, atomics, version);
            }
            return b.build();
        }
    }

    /** Takes a function out again (a fixture variant with another card in that place). */
    Fx remove(String bdf) {
        fns.removeIf(f -> f.b.bdf.equals(Bdf.parse(bdf)));
        return this;
    }

    F add(String bdf) {
        F f = new F(bdf);
        fns.add(f);
        return f;
    }

    F hostBridge(String bdf, int vendor, String name) {
        return add(bdf).cls(0x0600, "Host bridge").ids(vendor, 0x1480).name(name);
    }

    F rootPort(String bdf, int sec, int sub) {
        return add(bdf).type(PortType.ROOT_PORT).cls(0x0604, "PCI bridge").bus(sec, sub).target(G4)
                .atomics(null, true, true, false, false).ids(0x1022, 0x1483).name("Starship/Matisse GPP Bridge");
    }

    F usp(String bdf, int sec, int sub) {
        return add(bdf).type(PortType.UPSTREAM_PORT).cls(0x0604, "PCI bridge").bus(sec, sub)
                .atomics(true, null, null, null, false);
    }

    F dsp(String bdf, int sec, int sub) {
        return add(bdf).type(PortType.DOWNSTREAM_PORT).cls(0x0604, "PCI bridge").bus(sec, sub).target(G4)
                .atomics(true, null, null, null, false);
    }

    F gpu(String bdf) {
        return add(bdf).type(PortType.LEGACY_ENDPOINT).cls(0x0300, "VGA compatible controller")
                .ids(0x1002, 0x744c).name("Navi 31 [Radeon RX 7900 XT/7900 XTX]")
                .atomics(null, true, true, true, null);
    }

    F nvidia(String bdf) {
        return add(bdf).type(PortType.LEGACY_ENDPOINT).cls(0x0300, "VGA compatible controller")
                .ids(0x10de, 0x2204).name("GA102 [GeForce RTX 3090]").atomics(null, false, false, false, null);
    }

    F endpoint(String bdf, int cls, String name) {
        return add(bdf).type(PortType.ENDPOINT).cls(cls, name).name(name).ids(0x15b3, 0x1017);
    }

    Fx kernelLine(String device, long avail, LinkState lim, String limBdf, long cap, LinkState capState, String text) {
        klines.add(new KernelBandwidthLine(b(device), avail, lim, limBdf == null ? null : b(limBdf), cap, capState,
                false, text, null));
        return this;
    }

    Topology build() {
        List<PciFunction> out = new ArrayList<>();
        for (F f : fns) out.add(f.build());
        Capture c = new Capture("test", List.of(), out, List.of(), klines, List.of(), null, Map.of(), List.of());
        return TopologyBuilder.build(c);
    }

    static TopoNode.FunctionNode node(Topology t, String bdf) {
        return t.node(b(bdf)).orElseThrow();
    }

    static HopVerdict hop(Topology t, String port) {
        return LinkVerdicts.all(t).stream().filter(h -> h.link().port().bdf().equals(b(port))).findFirst()
                .orElseThrow();
    }

    static HopVerdict hop(Topology t, String port, UnderLoad ev) {
        return LinkVerdicts.all(t, ev).stream().filter(h -> h.link().port().bdf().equals(b(port))).findFirst()
                .orElseThrow();
    }
}
