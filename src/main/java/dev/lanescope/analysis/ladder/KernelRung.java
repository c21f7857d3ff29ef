package dev.lanescope.analysis.ladder;

import java.util.ArrayList;
import java.util.List;

import dev.lanescope.model.PciFunction;
import dev.lanescope.model.ladder.ChipsetRefusal;
import dev.lanescope.model.p2p.Evidence;
import dev.lanescope.model.p2p.RungStatus;

/** Rung 4: would Linux's P2PDMA let these two devices reach each other ({@link P2pDma})? */
final class KernelRung {

    static final String NAME = "Kernel P2PDMA";
    static final String RULE = "The kernel's rule, which amdgpu and RDMA drivers ask (not NVIDIA's driver for CUDA peer"
            + " copies): Linux's pci_p2pdma_distance(): devices below one switch (or one root port) reach"
            + " each other directly unless a bridge on the path has ACS redirect or egress control set; anything"
            + " that goes through the host bridge (different root ports, or ACS redirect) is allowed only on an AMD"
            + " Zen CPU or when the device at 00.0 of the root bus (usually the host bridge) is on the kernel's"
            + " whitelist (Intel Sandy Bridge-E and Haswell-E within one host bridge; Skylake-SP and Ice Lake-SP; Google SoCs). amdgpu"
            + " asks this before any peer access and logs 'PCIe P2P access from peer device ... is not supported by"
            + " the chipset' when refused; NVIDIA's driver applies its own test instead (rung 5).";

    private KernelRung() {
    }

    static Rung of(Pair p) {
        List<Evidence> ev = new ArrayList<>();
        String nv = p.nvlink();
        if (p.bothNvidiaGpus()) {
            return new Rung(4, NAME, RungStatus.NOT_APPLICABLE, "Both are NVIDIA GPUs: CUDA peer copies do not ask the"
                    + " kernel's P2PDMA; NVIDIA's driver applies its own test (rung 5).", ev, RULE, null);
        }
        if (nv != null) {
            return new Rung(4, NAME, RungStatus.PASS, "NVLink (" + nv + ") joins them: their peer traffic does not"
                    + " need the kernel's PCIe P2PDMA.", ev, RULE, null);
        }
        for (ChipsetRefusal r : p.ev().refusals()) {
            boolean ab = r.device().device0().equals(p.a().bdf().device0())
                    && r.peer().device0().equals(p.b().bdf().device0());
            boolean ba = r.device().device0().equals(p.b().bdf().device0())
                    && r.peer().device0().equals(p.a().bdf().device0());
            if (ab || ba) ev.add(r.at());
        }
        P2pDma.Decision d = P2pDma.decide(p.t(), p.ev(), p.a(), p.b());
        for (PciFunction h : d.hostBridges()) {
            Evidence at = Pair.recordLine(h);
            if (at != null) ev.add(at);
        }
        if (p.ev().cpuLine() != null) ev.add(p.ev().cpuLine());
        String fix = "a kernel whose drivers/pci/p2pdma.c whitelists this host bridge (one X99 owner patched"
                + " Broadwell-EP 8086:6f00 in to get two GPUs talking), or put both cards below one PCIe switch";
        if (!ev.isEmpty() && ev.get(0).text().contains("not supported by the chipset")) {
            return new Rung(4, NAME, RungStatus.FAIL, "The running kernel refused P2PDMA between them (amdgpu's log"
                    + " line); " + d.why() + ".", ev, RULE, fix);
        }
        if (!d.known()) {
            return new Rung(4, NAME, RungStatus.NOT_PROVEN, capital(d.why()) + ".", ev, RULE,
                    "capture `lspci -nn` (it prints the [vendor:device] id the kernel's whitelist is keyed on)");
        }
        if (d.allowed()) {
            return new Rung(4, NAME, RungStatus.PASS, "The kernel allows it: " + d.why() + ".", ev, RULE, null);
        }
        if (!d.acsAt().isEmpty() && d.direct() == false && p.t().lowestCommonAncestor(p.a(), p.b())
                .filter(n -> n instanceof dev.lanescope.model.TopoNode.FunctionNode).isPresent()) {
            return new Rung(4, NAME, RungStatus.FAIL, "The kernel refuses: " + d.why() + ".", ev, RULE,
                    "turn the redirect off for this path: boot with pci=disable_acs_redir=" + String.join(";",
                    d.acsAt().stream().map(b -> b.toString()).toList()));
        }
        return new Rung(4, NAME, RungStatus.FAIL, "The kernel refuses: " + d.why() + ".", ev, RULE, fix);
    }

    static String capital(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
