package dev.lanescope.analysis.ladder;

import java.util.ArrayList;
import java.util.List;

import dev.lanescope.model.Bar;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.ladder.DmaMaskBits;
import dev.lanescope.model.p2p.Evidence;
import dev.lanescope.model.p2p.RungStatus;

/** Rung 3: each card's VRAM BAR lies inside the DMA mask of the other card (the 44-bit / 16 TiB trap of docs/RULES.md §5). */
final class DmaRung {

    static final String NAME = "DMA addressability";
    static final int ASSUMED_BITS = 44;
    static final String RULE = "amdgpu's rule, for an AMD GPU reaching its peer: the peer's whole VRAM BAR (from its address to address + size - 1) must lie below"
            + " 2^bits of this card's DMA mask, in both directions, as amdgpu_device_is_peer_accessible() tests it."
            + " The mask is read from sysfs dma_mask_bits when captured; otherwise 44 bits is assumed, the mask amdgpu"
            + " sets on Vega and newer cards (older GCN cards set 40). Firmware with Above 4G Decoding may place BARs"
            + " near 56 TiB, beyond 2^44 = 16 TiB. Newer amdgpu skips this test when the IOMMU translates the peer's"
            + " DMA.";

    private DmaRung() {
    }

    static Rung of(Pair p) {
        String nv = p.nvlink();
        List<Evidence> ev = new ArrayList<>();
        if (nv != null) {
            return new Rung(3, NAME, RungStatus.PASS, "NVLink (" + nv + ") joins them: peer copies do not go through"
                    + " the PCIe BARs, so no DMA mask limits them.", ev, RULE, null);
        }
        RungStatus worst = RungStatus.NOT_APPLICABLE;
        List<String> text = new ArrayList<>();
        List<String> next = new ArrayList<>();
        for (TopoNode.FunctionNode target : p.both()) {
            TopoNode.FunctionNode reader = p.other(target);
            PciFunction tf = target.function();
            Bar bar = Pair.vramBar(tf);
            DmaMaskBits mask = p.ev().dmaMasks().stream()
                    .filter(m -> m.device().device0().equals(reader.bdf().device0())).findFirst().orElse(null);
            String maskCmd = "cat /sys/bus/pci/devices/" + reader.bdf() + "/dma_mask_bits";
            if (mask == null && Pair.isNvidia(reader.function()) && p.isGpu(reader)) {
                worst = worse(worst, RungStatus.NOT_APPLICABLE);
                text.add(p.addr(reader) + " is an NVIDIA GPU: the 44-bit DMA rule is amdgpu's; NVIDIA's driver checks"
                        + " its own reach (rung 5).");
                continue;
            }
            if (bar == null || !bar.assigned() || bar.sizeBytes() <= 0) {
                worst = worse(worst, RungStatus.NOT_PROVEN);
                text.add(p.addr(target) + ": its BAR address and size are not in the capture.");
                next.add("capture `sudo lspci -vv -s " + p.addr(target) + "`");
                continue;
            }
            ev.addAll(p.barLines(tf, bar.index()));
            if (mask != null) ev.add(mask.at());
            int bits = mask != null ? mask.bits() : ASSUMED_BITS;
            long last = bar.address() + bar.sizeBytes() - 1;
            boolean inside = bits >= 64 || Long.compareUnsigned(last, 1L << bits) < 0;
            String where = p.addr(target) + "'s BAR " + bar.index() + " (" + Pair.size(bar.sizeBytes()) + " at "
                    + Pair.address(bar.address()) + ")";
            String maskWords = mask != null ? p.addr(reader) + "'s " + bits + "-bit DMA mask (sysfs)"
                    : p.addr(reader) + "'s DMA mask, assumed " + bits + "-bit (not in the capture)";
            if (inside) {
                worst = worse(worst, RungStatus.PASS);
                text.add(where + " lies inside " + maskWords + ".");
            } else if (mask != null || Pair.isAmd(reader.function())) {
                worst = RungStatus.FAIL;
                text.add(where + " ends above 2^" + bits + " (" + Pair.size(1L << bits) + "), beyond " + maskWords
                        + ": that card's DMA engine cannot reach it.");
                next.add("lower the BAR placement in the firmware (some boards offer an MMIO base or 'Above 4G limit'"
                        + " setting), or use a kernel whose amdgpu accepts IOMMU-translated peer access, then"
                        + " re-capture `sudo lspci -vv`");
            } else {
                worst = worse(worst, RungStatus.NOT_PROVEN);
                text.add(where + " ends above 2^" + bits + "; whether " + maskWords + " reaches it is not known.");
                next.add("read the mask: `" + maskCmd + "`");
            }
        }
        boolean open = worst == RungStatus.FAIL || worst == RungStatus.NOT_PROVEN;
        return new Rung(3, NAME, worst, String.join(" ", text), ev, RULE,
                open ? String.join("; ", new java.util.LinkedHashSet<>(next)) : null);
    }

    /** The worse of two: FAIL, NOT_PROVEN, PASS, then NOT_APPLICABLE (a rung is not applicable only when no side applies). */
    static RungStatus worse(RungStatus a, RungStatus b) {
        if (a == RungStatus.FAIL || b == RungStatus.FAIL) return RungStatus.FAIL;
        if (a == RungStatus.NOT_PROVEN || b == RungStatus.NOT_PROVEN) return RungStatus.NOT_PROVEN;
        if (a == RungStatus.PASS || b == RungStatus.PASS) return RungStatus.PASS;
        return RungStatus.NOT_APPLICABLE;
    }
}
