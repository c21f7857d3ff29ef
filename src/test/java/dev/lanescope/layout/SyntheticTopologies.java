package dev.lanescope.layout;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.lanescope.model.Atomics;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.BusRange;
import dev.lanescope.model.Capture;
import dev.lanescope.model.Express;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.PortType;
import dev.lanescope.model.Topology;
import dev.lanescope.model.TopologyBuilder;

/** Builds captures of any size by hand (for layout tests and the benchmark): ports, switches, GPUs, NICs with VFs. */
public final class SyntheticTopologies {

    private SyntheticTopologies() {
    }

    /**
     * Root ports on bus 0, each with a switch (upstream + 4 downstream ports), each downstream port holding a
     * GPU or a NIC with {@code vfs} virtual functions, until about {@code functions} functions exist.
     */
    public static Topology build(int functions, int vfs) {
        List<PciFunction> out = new ArrayList<>();
        out.add(fn(new Bdf(0, 0, 0, 0), 0x0600, "Host bridge", null, null));
        int bus = 1;
        int rp = 1;
        while (out.size() < functions && rp < 32 && bus < 240) {
            int rpBus = bus++;
            int sub = rpBus + 1 + 4 * 2 + 1;
            out.add(fn(new Bdf(0, 0, rp, 0), 0x0604, "Root Port " + rp, new BusRange(0, rpBus, sub),
                    express(PortType.ROOT_PORT, LinkSpeed.GEN4, 16, LinkSpeed.GEN4, 16, true)));
            out.add(fn(new Bdf(0, rpBus, 0, 0), 0x0604, "Switch upstream", new BusRange(rpBus, rpBus + 1, sub),
                    express(PortType.UPSTREAM_PORT, LinkSpeed.GEN4, 16, LinkSpeed.GEN4, 16, true)));
            int swBus = rpBus + 1;
            bus = swBus + 1;
            for (int d = 0; d < 4 && out.size() < functions; d++) {
                int devBus = bus++;
                boolean degraded = d == 1;
                out.add(fn(new Bdf(0, swBus, d, 0), 0x0604, "Switch downstream " + d, new BusRange(swBus, devBus, devBus),
                        express(PortType.DOWNSTREAM_PORT, LinkSpeed.GEN4, 16, degraded ? LinkSpeed.GEN1 : LinkSpeed.GEN4,
                                degraded ? 8 : 16, true)));
                if (d % 2 == 0) {
                    out.add(fn(new Bdf(0, devBus, 0, 0), 0x0302, "NVIDIA Corporation GA100 [A100 SXM4 80GB]", null,
                            express(PortType.ENDPOINT, LinkSpeed.GEN4, 16, LinkSpeed.GEN4, 16, false)));
                } else {
                    out.add(fn(new Bdf(0, devBus, 0, 0), 0x0200, "Mellanox ConnectX-6", null,
                            express(PortType.ENDPOINT, LinkSpeed.GEN4, 16, LinkSpeed.GEN4, 16, false)));
                    for (int v = 0; v < vfs && out.size() < functions; v++) {
                        out.add(fn(new Bdf(0, devBus, 1 + v / 8, v % 8), 0x0200, "Mellanox ConnectX-6 Virtual Function",
                                null, express(PortType.ENDPOINT, LinkSpeed.GEN4, 16, LinkSpeed.GEN4, 16, false)));
                    }
                }
            }
            bus = sub + 1;
            rp++;
        }
        Capture c = new Capture("synthetic-" + functions, List.of(), out, List.of(), List.of(), List.of(), null,
                Map.of(), List.of());
        return TopologyBuilder.build(c);
    }

    private static PciFunction fn(Bdf bdf, int cls, String name, BusRange range, Express e) {
        PciFunction.Builder b = PciFunction.builder(bdf);
        b.classCode = cls;
        b.className = cls == 0x0604 ? "PCI bridge" : cls == 0x0302 ? "3D controller" : cls == 0x0200 ? "Ethernet controller" : "Host bridge";
        b.vendorDeviceName = name;
        b.busRange = range;
        b.express = e;
        return b.build();
    }

    private static Express express(PortType t, LinkSpeed capS, int capW, LinkSpeed staS, int staW, boolean routing) {
        return new Express(t, false, new LinkState(capS, capW), new LinkState(staS, staW), capS, capS, Boolean.TRUE,
                null, null, new Atomics(routing, true, true, false, false, false));
    }
}
