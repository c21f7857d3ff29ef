package dev.lanescope.analysis;

import java.util.ArrayList;
import java.util.List;

import dev.lanescope.model.Atomics;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.PortType;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;

/** The AtomicOps chain as the kernel's {@code pci_enable_atomic_ops_to_root()} decides it (32bit and 64bit). */
public final class AtomicsChain {

    private AtomicsChain() {
    }

    static final String FIXES = "Routing-/completer bits are read-only hardware: no driver, module parameter, sysfs"
            + " toggle or setpci changes them. Fixes (seed 000 §4), best first: put the card in a CPU-lane slot"
            + " (typical AM5 boards: the CPU x16 slot works, the chipset slots do not); a CPU-attached M.2 to PCIe"
            + " x4 riser puts it on the CPU root complex (x4 suffices for tensor parallel); a board whose CPU x16"
            + " bifurcates x8/x8; or avoid collectives (llama.cpp --split-mode layer, independent TP=1 replicas)."
            + " The failure shows as hipErrorIllegalState in ncclDevKernel_*; only AMD_LOG_LEVEL=3 says"
            + " 'Pcie atomics not enabled'.";

    public static AtomicsVerdict of(Topology topology, TopoNode.FunctionNode endpoint) {
        return evaluate(endpoint.function(), Hardware.ancestors(topology, endpoint), "");
    }

    /** All endpoints below a link, plus RC integrated endpoints. */
    public static List<AtomicsVerdict> all(Topology topology) {
        List<AtomicsVerdict> out = new ArrayList<>();
        for (TopoNode.FunctionNode n : topology.functions()) {
            if (n.role() == TopoNode.Role.ENDPOINT || n.role() == TopoNode.Role.INTEGRATED
                    && n.function().portType() == PortType.RC_INTEGRATED_ENDPOINT) {
                out.add(of(topology, n));
            }
        }
        return out;
    }

    /**
     * The chain for a requester whose upstream bridges are {@code bridges}, nearest first (as the kernel walks
     * bus->self upward). {@code where} is appended to the reason (e.g. " if moved to 0000:00:01.1").
     */
    static AtomicsVerdict evaluate(PciFunction req, List<TopoNode.FunctionNode> bridges, String where) {
        if (req.express() == null) {
            if (req.capabilitiesHidden()) {
                return new AtomicsVerdict(req.bdf(), AtomicsVerdict.Status.UNVERIFIABLE, req.bdf(), null,
                        "Cannot verify AtomicOps" + where + ": the capabilities of " + req.bdf() + " are hidden"
                                + " (lspci ran without root); " + LinkVerdicts.HOW_TO_CAPTURE + ".");
            }
            return new AtomicsVerdict(req.bdf(), AtomicsVerdict.Status.NOT_A_REQUESTER, null, null,
                    req.bdf() + " is not a PCI Express function: it cannot request AtomicOps.");
        }
        PortType type = req.portType();
        if (!type.isEndpointLike()) {
            return new AtomicsVerdict(req.bdf(), AtomicsVerdict.Status.NOT_A_REQUESTER, null, null,
                    req.bdf() + " is a " + type.lspciName() + ": the kernel only enables AtomicOps for Endpoints,"
                            + " Legacy Endpoints and RC Integrated Endpoints.");
        }
        PciFunction firstBreak = null;
        String breakBit = null;
        PciFunction firstUnknown = null;
        String unknownWhy = null;
        boolean rootPortSeen = false;
        for (TopoNode.FunctionNode bn : bridges) {
            PciFunction b = bn.function();
            PortType bt = b.portType();
            if (bt == null) {
                if (bn.role() == TopoNode.Role.ROOT_PORT) rootPortSeen = true;
                if (bn.role() == TopoNode.Role.ROOT_PORT || bn.role() == TopoNode.Role.SWITCH_UPSTREAM
                        || bn.role() == TopoNode.Role.SWITCH_DOWNSTREAM) {
                    if (firstUnknown == null) {
                        firstUnknown = b;
                        unknownWhy = b.capabilitiesHidden()
                                ? "its capabilities are hidden (lspci ran without root)"
                                : "it has no PCI Express capability in this capture";
                    }
                }
                continue;
            }
            Atomics a = b.express().atomics();
            String missing = null;
            boolean unknown = false;
            switch (bt) {
                case UPSTREAM_PORT:
                case DOWNSTREAM_PORT:
                    if (a.routing() == null) unknown = true;
                    else if (!a.routing()) missing = "AtomicOpsCap Routing-";
                    break;
                case ROOT_PORT:
                    rootPortSeen = true;
                    if (Boolean.FALSE.equals(a.completer32()) && Boolean.FALSE.equals(a.completer64())) {
                        missing = "AtomicOpsCap 32bit- 64bit-";
                    } else if (Boolean.FALSE.equals(a.completer32())) {
                        missing = "AtomicOpsCap 32bit-";
                    } else if (Boolean.FALSE.equals(a.completer64())) {
                        missing = "AtomicOpsCap 64bit-";
                    } else if (a.completer32() == null || a.completer64() == null) {
                        unknown = true;
                    }
                    break;
                default:
                    break;
            }
            if (missing == null && bt == PortType.UPSTREAM_PORT) {
                if (Boolean.TRUE.equals(a.egressBlocked())) missing = "AtomicOpsCtl EgressBlck+";
                else if (a.egressBlocked() == null) unknown = true;
            }
            if (missing != null && firstBreak == null) {
                firstBreak = b;
                breakBit = missing;
            }
            if (unknown && firstUnknown == null) {
                firstUnknown = b;
                unknownWhy = a.isEmpty()
                        ? "this lspci printed no AtomicOpsCap/AtomicOpsCtl for it (lspci before 3.5.3 does not"
                        + " decode them)"
                        : "part of its AtomicOps bits were not printed";
            }
        }
        if (firstBreak != null) {
            return new AtomicsVerdict(req.bdf(), AtomicsVerdict.Status.BLOCKED, firstBreak.bdf(), breakBit,
                    "AtomicOps cannot reach the CPU" + where + ": " + firstBreak.bdf() + " ("
                            + Hardware.kind(firstBreak) + ", " + Hardware.name(firstBreak) + ") has " + breakBit
                            + ". " + FIXES);
        }
        if (!rootPortSeen) {
            return new AtomicsVerdict(req.bdf(), AtomicsVerdict.Status.UNVERIFIABLE, null, null,
                    "Cannot verify AtomicOps" + where + ": no Root Port is visible above " + req.bdf()
                            + " (a virtual machine or an integrated endpoint); recent kernels refuse to enable"
                            + " AtomicOps then.");
        }
        if (firstUnknown != null) {
            return new AtomicsVerdict(req.bdf(), AtomicsVerdict.Status.UNVERIFIABLE, firstUnknown.bdf(), null,
                    "Cannot verify AtomicOps" + where + ": for " + firstUnknown.bdf() + " " + unknownWhy + "; "
                            + LinkVerdicts.HOW_TO_CAPTURE + " with pciutils 3.5.3 or newer.");
        }
        Boolean reqEn = req.express().atomics().requesterEnabled();
        if (Boolean.TRUE.equals(reqEn)) {
            return new AtomicsVerdict(req.bdf(), AtomicsVerdict.Status.ROUTABLE_ENABLED, null, null,
                    "AtomicOps reach the CPU" + where + ": every switch port routes them, no upstream port blocks"
                            + " egress, the root port completes 32- and 64-bit, and the driver enabled them"
                            + " (AtomicOpsCtl ReqEn+).");
        }
        return new AtomicsVerdict(req.bdf(), AtomicsVerdict.Status.ROUTABLE_NOT_REQUESTED, null, null,
                "AtomicOps can reach the CPU" + where + " (every switch port routes them, the root port completes"
                        + " 32- and 64-bit), but " + (reqEn == null ? "this lspci does not show ReqEn"
                        : "ReqEn- : no driver asked yet") + "; that is not a failure.");
    }
}
