package dev.lanescope.analysis;

import java.util.Optional;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;

/**
 * The Thunderbolt/USB4 tunnel a device sits behind (docs/RULES.md §2): the router port above it, and the tunnel's
 * PCIe budget in Mb/s, -1 when the routers' names do not say which generation. The tunnel port's own reported link
 * (often 2.5 GT/s x4) is not the wire; this budget is what the tunnel carries.
 */
public record Tunnel(Bdf port, long budgetMbps) {

    /** The tunnel {@code n} sits behind, or empty when it is behind none. */
    public static Optional<Tunnel> of(Topology t, TopoNode.FunctionNode n) {
        return Hardware.tunnelAbove(t, n)
                .map(port -> new Tunnel(port.bdf(), Hardware.tunnelBudgetMbps(Hardware.tunnelRouters(t, port))));
    }

    /** "about 22 Gb/s of PCIe on Thunderbolt 3", or the three generations' budgets when unknown. */
    public String budgetWords() {
        return budgetMbps < 0 ? "roughly 22 Gb/s of PCIe on Thunderbolt 3, 32 on Thunderbolt 4, 64 on Thunderbolt 5"
                : "about " + budgetMbps / 1000 + " Gb/s of PCIe on Thunderbolt " + (budgetMbps >= 64_000 ? "5"
                : budgetMbps >= 32_000 ? "4 or USB4" : "3");
    }
}
