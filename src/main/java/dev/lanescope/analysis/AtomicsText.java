package dev.lanescope.analysis;

import java.util.ArrayList;
import java.util.List;

import dev.lanescope.model.DeviceKind;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;

/**
 * The English of {@link AtomicsChain}'s verdicts, apart from the decision. Fix text fits the machine: a slot is
 * named only where the capture shows one on a root port that completes AtomicOps and is not the card's own, the
 * chipset remark only where an AMD chipset port breaks the chain, the ROCm symptoms only for AMD GPUs.
 */
final class AtomicsText {

    private AtomicsText() {
    }

    /** How many alternative slots a fix names before it stops listing. */
    private static final int SLOTS_NAMED = 3;

    static String hiddenRequester(PciFunction req, String where) {
        return "Cannot verify AtomicOps" + where + ": the capabilities of " + req.bdf() + " are hidden (lspci ran"
                + " without root); " + HopWords.HOW_TO_CAPTURE + ".";
    }

    static String unreadRequester(PciFunction req, String where) {
        return "Cannot verify AtomicOps" + where + ": the capture holds no registers of " + req.bdf() + " (a tree or a"
                + " plain listing); " + HopWords.HOW_TO_CAPTURE + ".";
    }

    static String noRootPort(PciFunction req, String where, AtomicsChain.Need need) {
        return "Cannot verify AtomicOps" + where + ": no Root Port is visible above " + req.bdf() + " (a virtual"
                + " machine or an integrated endpoint); recent kernels refuse to enable AtomicOps then."
                + (need == AtomicsChain.Need.NONE ? " " + notNeeded(req) : "");
    }

    static String unknownPort(PciFunction port, String why, String where) {
        return "Cannot verify AtomicOps" + where + ": for " + port.bdf() + " " + why + "; "
                + HopWords.HOW_TO_CAPTURE + " with pciutils 3.5.3 or newer.";
    }

    static String enabled(String where) {
        return "AtomicOps reach the CPU" + where + ": every switch port routes them, no upstream port blocks egress,"
                + " the root port completes 32- and 64-bit, and the driver enabled them (AtomicOpsCtl ReqEn+).";
    }

    static String notRequested(Boolean reqEn, String where, AtomicsChain.Need need) {
        return "AtomicOps can reach the CPU" + where + " (every switch port routes them, the root port completes"
                + " 32- and 64-bit), but " + (reqEn == null ? "this lspci does not show ReqEn"
                : "ReqEn- : no driver asked yet") + "; that is not a failure.";
    }

    static String blocked(Topology t, TopoNode.FunctionNode requester, PciFunction at, String bit, String where,
                          AtomicsChain.Need need) {
        String first = "AtomicOps cannot reach the CPU" + where + ": " + at.bdf() + " (" + Hardware.kind(at) + ", "
                + Hardware.name(at) + ") has " + bit + ".";
        // for a device that does not need them the plain conclusion comes first, the fact after it
        String fact = " For information: " + first;
        return switch (need) {
            case NONE -> notNeeded(requester.function()) + fact;
            case PROCESSOR_FUNCTION -> "Not a fault: this function is part of the processor, behind its internal"
                    + " bridge; amdgpu enables the integrated GPU's atomics without this PCIe chain, and no card can be"
                    + " plugged in there." + fact;
            case AMD_GPU, DRIVER_ENABLED -> first + " " + (need == AtomicsChain.Need.AMD_GPU
                    ? "An AMD GPU needs them: ROCm refuses the card, or its collectives fail, without them."
                    : "Its driver asks for them (AtomicOpsCtl ReqEn+).")
                    + (where.isEmpty() ? " " + fixes(t, requester, at) : "");
        };
    }

    /** "Not a fault: its driver (radeon) has not asked for AtomicOps (AtomicOpsCtl ReqEn-), and only ...". */
    private static String notNeeded(PciFunction req) {
        Boolean reqEn = req.express() == null ? null : req.express().atomics().requesterEnabled();
        String driver = AtomicsChain.boundToAnotherDriver(req) ? " (" + req.driver() + ")" : "";
        return "Not a fault: " + (Boolean.FALSE.equals(reqEn)
                ? "its driver" + driver + " has not asked for AtomicOps (AtomicOpsCtl ReqEn-)"
                : "this capture does not show its driver asking for AtomicOps")
                + ", and only AMD GPUs under ROCm/amdgpu, or devices whose driver sets ReqEn+, need them.";
    }

    /** What can be done about a broken chain on this machine, best first. */
    static String fixes(Topology t, TopoNode.FunctionNode requester, PciFunction at) {
        List<String> out = new ArrayList<>();
        out.add("These bits are read-only hardware: no driver, module parameter, sysfs toggle or setpci changes"
                + " them.");
        List<TopoNode.FunctionNode> own = t.ancestors(requester);
        List<String> slots = new ArrayList<>();
        List<String> m2 = new ArrayList<>();
        for (TopoNode.FunctionNode p : t.functions()) {
            if (p.role() != TopoNode.Role.ROOT_PORT || own.contains(p) || Hardware.isTunnelPort(p.function())
                    || DeviceKind.isChipset(p.function())
                    || AtomicsChain.port(p).status() != AtomicsChain.PortStatus.ROUTES) {
                continue;
            }
            if (Hardware.isSlot(p.function())) {
                String holds = t.children(p).stream().filter(c -> c instanceof TopoNode.FunctionNode)
                        .map(c -> ((TopoNode.FunctionNode) c).function()).findFirst()
                        .map(c -> ", a swap with the " + Hardware.kind(c) + " " + c.bdf() + " there").orElse("");
                slots.add(Hardware.portLabel(p) + " (" + p.bdf() + holds + ")");
            } else {
                t.children(p).stream().filter(c -> c instanceof TopoNode.FunctionNode f && DeviceKind.of(f.function()) == DeviceKind.NVME)
                        .findFirst().ifPresent(c -> m2.add(((TopoNode.FunctionNode) c).bdf() + " behind " + p.bdf()));
            }
        }
        if (!slots.isEmpty()) {
            out.add("Move it to " + String.join(" or ", slots.subList(0, Math.min(SLOTS_NAMED, slots.size())))
                    + (slots.size() > SLOTS_NAMED ? " (or another of " + slots.size() + ")" : "")
                    + ": a slot whose root port completes AtomicOps.");
        } else {
            out.add("This capture shows no other slot whose root port completes AtomicOps.");
        }
        if (!m2.isEmpty()) {
            out.add("An M.2 socket on a root port that completes them (the NVMe drive " + m2.get(0) + ") takes an"
                    + " M.2 to PCIe x4 riser for the card.");
        }
        if (DeviceKind.isChipset(at) && Hardware.isAmdHost(t)) {
            out.add("On AMD desktop boards the chipset's ports do not route AtomicOps; the slots wired to the"
                    + " processor do.");
        }
        PciFunction f = requester.function();
        if (AtomicsChain.isAmdGpu(f)) {
            out.add("Otherwise keep collectives off this card (llama.cpp --split-mode layer, or independent"
                    + " single-GPU replicas). The failure shows as hipErrorIllegalState in ncclDevKernel_*; only"
                    + " AMD_LOG_LEVEL=3 logs 'Pcie atomics not enabled'.");
        }
        return String.join(" ", out);
    }
}
