package dev.lanescope.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.lanescope.model.Atomics;
import dev.lanescope.model.DeviceKind;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.PortType;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Vendor;
import dev.lanescope.model.Topology;

/**
 * The AtomicOps chain as the kernel's {@code pci_enable_atomic_ops_to_root()} decides it (32bit and 64bit), and
 * whether the requester's driver needs it at all. The one home of the per-port judgement ({@link #port}): the
 * chain walk, the graph's colours, the PNG and the command line all ask it. The English is in {@link AtomicsText}.
 */
public final class AtomicsChain {

    private AtomicsChain() {
    }

    /** What one port on a requester's path does with AtomicOps. */
    public enum PortStatus {
        /** A switch port with Routing+ (an upstream one also without EgressBlck+), or a root port completing 32 and 64 bit. */
        ROUTES,
        /** A bit that stops them: Routing-, a missing completer size at the root port, or EgressBlck+. */
        BREAKS,
        /** The bits that decide it are not in the capture (hidden, an old lspci, or only partly printed). */
        UNKNOWN,
        /** Not a port the kernel checks (an endpoint, a PCI bridge, a host bridge). */
        NOT_CHECKED
    }

    /**
     * One port's judgement.
     *
     * @param missingBit for BREAKS, the bit in lspci's words ({@code AtomicOpsCap Routing-}); else null
     * @param why        for UNKNOWN, why it cannot be told, in words; else null
     */
    public record PortJudgement(PortStatus status, String missingBit, String why) {
    }

    /** Why a device needs AtomicOps; NONE means the chain is information about it, not a fault. */
    public enum Need {
        /** The function printed AtomicOpsCtl ReqEn+: its driver enabled requests. */
        DRIVER_ENABLED,
        /** An AMD GPU: amdgpu and ROCm ask for them (ROCm refuses the card without). */
        AMD_GPU,
        /** Part of an AMD processor itself, behind its internal bridge: amdgpu does not use this PCIe chain there. */
        PROCESSOR_FUNCTION,
        /** No driver this capture shows asks for them (NVIDIA GPUs, NVMe drives, USB/Thunderbolt controllers ...). */
        NONE;

        public boolean matters() {
            return this == DRIVER_ENABLED || this == AMD_GPU;
        }
    }


    /**
     * The kernel's test for one bridge on the walk: switch ports must route, the root port must complete 32- and
     * 64-bit, an upstream port must not block egress. A bit that breaks wins over one that is not printed.
     */
    public static PortJudgement port(TopoNode.FunctionNode node) {
        PciFunction f = node.function();
        PortType type = f.portType();
        if (type == null) {
            boolean checked = node.role() == TopoNode.Role.ROOT_PORT || node.role() == TopoNode.Role.SWITCH_UPSTREAM
                    || node.role() == TopoNode.Role.SWITCH_DOWNSTREAM;
            if (!checked) return new PortJudgement(PortStatus.NOT_CHECKED, null, null);
            return new PortJudgement(PortStatus.UNKNOWN, null, f.capabilitiesHidden()
                    ? "its capabilities are hidden (lspci ran without root)"
                    : "it has no PCI Express capability in this capture");
        }
        if (type != PortType.ROOT_PORT && type != PortType.UPSTREAM_PORT && type != PortType.DOWNSTREAM_PORT) {
            return new PortJudgement(PortStatus.NOT_CHECKED, null, null);
        }
        Atomics a = f.express().atomics();
        String missing = null;
        boolean unknown = false;
        if (f.express().lacksDevCap2()) {
            // an Express v1 port has no DevCap2: the kernel reads zero there, no routing and no completer
            missing = "no DevCap2 register (Express v1)";
        } else if (type == PortType.ROOT_PORT) {
            if (Boolean.FALSE.equals(a.completer32()) && Boolean.FALSE.equals(a.completer64())) {
                missing = "AtomicOpsCap 32bit- 64bit-";
            } else if (Boolean.FALSE.equals(a.completer32())) {
                missing = "AtomicOpsCap 32bit-";
            } else if (Boolean.FALSE.equals(a.completer64())) {
                missing = "AtomicOpsCap 64bit-";
            } else {
                unknown = a.completer32() == null || a.completer64() == null;
            }
        } else {
            if (Boolean.FALSE.equals(a.routing())) missing = "AtomicOpsCap Routing-";
            else unknown = a.routing() == null;
            if (missing == null && type == PortType.UPSTREAM_PORT) {
                if (Boolean.TRUE.equals(a.egressBlocked())) missing = "AtomicOpsCtl EgressBlck+";
                else unknown |= a.egressBlocked() == null;
            }
        }
        if (missing != null) return new PortJudgement(PortStatus.BREAKS, missing, null);
        if (unknown) {
            return new PortJudgement(PortStatus.UNKNOWN, null, a.isEmpty()
                    ? "this lspci printed no AtomicOpsCap/AtomicOpsCtl for it (lspci before 3.5.3 does not decode them)"
                    : "part of its AtomicOps bits were not printed");
        }
        return new PortJudgement(PortStatus.ROUTES, null, null);
    }

    /** Does this requester's driver ask for AtomicOps (so a broken chain is a fault), and why. */
    public static Need need(Topology topology, TopoNode.FunctionNode node) {
        PciFunction f = node.function();
        if (behindProcessorInternalBridge(topology, node)) return Need.PROCESSOR_FUNCTION;
        boolean amdGpu = isAmdGpu(f);
        if (f.express() != null && Boolean.TRUE.equals(f.express().atomics().requesterEnabled())) {
            return Need.DRIVER_ENABLED;
        }
        return amdGpu ? Need.AMD_GPU : Need.NONE;
    }

    /** An AMD (ATI) GPU or accelerator: by vendor id, by lspci's vendor name when ids were not printed, or amdgpu. */
    static boolean isAmdGpu(PciFunction f) {
        if (!DeviceKind.of(f).isDisplayOrAccelerator()) return false;
        boolean amd = Vendor.of(f) == Vendor.AMD_GPU || f.modules().contains("amdgpu");
        return amd && !boundToAnotherDriver(f);
    }

    /**
     * The capture shows the card bound to a driver that does not use AtomicOps (an old Radeon under {@code radeon});
     * amdgpu, and vfio-pci (a guest's amdgpu drives it), do.
     */
    static boolean boundToAnotherDriver(PciFunction f) {
        String d = f.driver();
        return d != null && !d.isBlank() && !d.equals("amdgpu") && !d.equals("vfio-pci");
    }

    /**
     * A function of an AMD APU itself (its GPU, audio, USB4, crypto): its root port is the processor's "Internal
     * PCIe GPP Bridge". amdgpu treats the APU's GPU as able to do atomics without asking the PCIe chain, and nothing
     * plugs in there, so that port's missing completer bits are no fault.
     */
    static boolean behindProcessorInternalBridge(Topology topology, TopoNode.FunctionNode node) {
        for (TopoNode.FunctionNode a : topology.ancestors(node)) {
            if (a.role() != TopoNode.Role.ROOT_PORT) continue;
            String name = a.function().vendorDeviceName();
            boolean amd = Vendor.of(a.function()) == Vendor.AMD
                    || name != null && name.startsWith("Advanced Micro Devices");
            return amd && name != null && name.toLowerCase(Locale.ROOT).contains("internal pcie gpp bridge");
        }
        return false;
    }

    /**
     * The ports on the path of at least one device that needs AtomicOps: where a break there is a fault. A port that
     * only feeds devices that do not need them (an NVMe drive, an NVIDIA GPU, a USB controller) breaks nothing.
     */
    public static java.util.Set<dev.lanescope.model.Bdf> portsThatMatter(Topology topology) {
        java.util.Set<dev.lanescope.model.Bdf> out = new java.util.HashSet<>();
        for (TopoNode.FunctionNode n : topology.functions()) {
            if (n.function().portType() == null || !n.function().portType().isEndpointLike()) continue;
            if (!need(topology, n).matters()) continue;
            for (TopoNode.FunctionNode a : topology.ancestors(n)) out.add(a.bdf());
        }
        return out;
    }

    public static AtomicsVerdict of(Topology topology, TopoNode.FunctionNode endpoint) {
        return evaluate(topology, endpoint, topology.ancestors(endpoint), "");
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
     * bus->self upward). {@code where} is appended to the reason (e.g. " from 0000:00:01.1").
     */
    static AtomicsVerdict evaluate(Topology topology, TopoNode.FunctionNode requester,
                                   List<TopoNode.FunctionNode> bridges, String where) {
        PciFunction req = requester.function();
        Need need = need(topology, requester);
        if (req.express() == null) {
            if (req.capabilitiesHidden()) {
                return new AtomicsVerdict(req.bdf(), AtomicsVerdict.Status.UNVERIFIABLE, req.bdf(), null,
                        AtomicsText.hiddenRequester(req, where), need);
            }
            if (!Hardware.registersRead(topology, req)) {
                return new AtomicsVerdict(req.bdf(), AtomicsVerdict.Status.UNVERIFIABLE, req.bdf(), null,
                        AtomicsText.unreadRequester(req, where), need);
            }
            return new AtomicsVerdict(req.bdf(), AtomicsVerdict.Status.NOT_A_REQUESTER, null, null,
                    req.bdf() + " is not a PCI Express function: it cannot request AtomicOps.", Need.NONE);
        }
        if (!req.portType().isEndpointLike()) {
            return new AtomicsVerdict(req.bdf(), AtomicsVerdict.Status.NOT_A_REQUESTER, null, null,
                    req.bdf() + " is a " + req.portType().lspciName() + ": the kernel only enables AtomicOps for"
                            + " Endpoints, Legacy Endpoints and RC Integrated Endpoints.", Need.NONE);
        }
        TopoNode.FunctionNode firstBreak = null;
        PortJudgement breakJ = null;
        TopoNode.FunctionNode firstUnknown = null;
        PortJudgement unknownJ = null;
        boolean rootPortSeen = false;
        for (TopoNode.FunctionNode bn : bridges) {
            if (bn.role() == TopoNode.Role.ROOT_PORT || bn.function().portType() == PortType.ROOT_PORT) {
                rootPortSeen = true;
            }
            PortJudgement j = port(bn);
            if (j.status() == PortStatus.BREAKS && firstBreak == null) {
                firstBreak = bn;
                breakJ = j;
            } else if (j.status() == PortStatus.UNKNOWN && firstUnknown == null) {
                firstUnknown = bn;
                unknownJ = j;
            }
        }
        if (firstBreak != null) {
            return new AtomicsVerdict(req.bdf(), AtomicsVerdict.Status.BLOCKED, firstBreak.bdf(), breakJ.missingBit(),
                    AtomicsText.blocked(topology, requester, firstBreak.function(), breakJ.missingBit(), where, need),
                    need);
        }
        if (!rootPortSeen) {
            return new AtomicsVerdict(req.bdf(), AtomicsVerdict.Status.UNVERIFIABLE, null, null,
                    AtomicsText.noRootPort(req, where, need), need);
        }
        if (firstUnknown != null) {
            return new AtomicsVerdict(req.bdf(), AtomicsVerdict.Status.UNVERIFIABLE, firstUnknown.bdf(), null,
                    AtomicsText.unknownPort(firstUnknown.function(), unknownJ.why(), where), need);
        }
        Boolean reqEn = req.express().atomics().requesterEnabled();
        if (Boolean.TRUE.equals(reqEn)) {
            return new AtomicsVerdict(req.bdf(), AtomicsVerdict.Status.ROUTABLE_ENABLED, null, null,
                    AtomicsText.enabled(where), need);
        }
        return new AtomicsVerdict(req.bdf(), AtomicsVerdict.Status.ROUTABLE_NOT_REQUESTED, null, null,
                AtomicsText.notRequested(reqEn, where, need), need);
    }
}
