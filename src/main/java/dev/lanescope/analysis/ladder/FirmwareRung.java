package dev.lanescope.analysis.ladder;

import java.util.ArrayList;
import java.util.List;

import dev.lanescope.model.Bar;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.ResizableBar;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.ladder.VramBarLine;
import dev.lanescope.model.p2p.Evidence;
import dev.lanescope.model.p2p.RungStatus;

/** Rung 1: Above-4G decoding and Resizable BAR in effect, the whole VRAM visible through the BAR ("large BAR"). */
final class FirmwareRung {

    static final String NAME = "Firmware and BARs";
    static final long SMALL_BAR = 256L << 20;
    static final String RULE = "amdgpu's rule, for AMD GPUs: each card's VRAM aperture (its largest prefetchable BAR)"
            + " must be assigned, and large: amdgpu allows peer access only when the whole VRAM is visible (its log"
            + " line 'Detected VRAM RAM=...M, BAR=...M' with BAR at least RAM); a 256 MiB aperture means Above 4G"
            + " Decoding or Resizable BAR is off in the firmware. A Resizable BAR left at 256 MiB while the card offers"
            + " more is the same fault. It does not apply to NVIDIA GPUs: their driver decides peer access itself"
            + " (nvidia-smi topo -p2p r), and a 256 MiB BAR1 is normal there.";

    private FirmwareRung() {
    }

    private record One(RungStatus status, String text, List<Evidence> lines, String next) {
    }

    static Rung of(Pair p) {
        List<One> ones = new ArrayList<>();
        for (TopoNode.FunctionNode n : p.both()) ones.add(one(p, n));
        RungStatus s = ones.stream().anyMatch(o -> o.status == RungStatus.FAIL) ? RungStatus.FAIL
                : ones.stream().anyMatch(o -> o.status == RungStatus.NOT_PROVEN) ? RungStatus.NOT_PROVEN
                : ones.stream().anyMatch(o -> o.status == RungStatus.PASS) ? RungStatus.PASS
                : RungStatus.NOT_APPLICABLE;
        List<Evidence> ev = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        List<String> next = new ArrayList<>();
        for (One o : ones) {
            // a failed rung shows only the lines it failed on, so the evidence says what the headline says
            if (s != RungStatus.FAIL || o.status == RungStatus.FAIL) ev.addAll(o.lines);
            if (text.length() > 0) text.append(' ');
            text.append(o.text);
            if (o.status != RungStatus.PASS && o.next != null) next.add(o.next);
        }
        boolean open = s == RungStatus.FAIL || s == RungStatus.NOT_PROVEN;
        return new Rung(1, NAME, s, text.toString(), ev, RULE, open ? String.join("; ", new java.util.LinkedHashSet<>(next))
                : null);
    }

    /** amdgpu's own "Detected VRAM" line decides: BAR at least RAM passes. */
    private static One byAmdgpuLine(VramBarLine vl, String who, List<Evidence> lines) {
        if (vl.wholeVramVisible()) {
            return new One(RungStatus.PASS, who + ": the whole VRAM is visible (amdgpu: " + vl.ramMiB()
                    + " MiB of VRAM, " + vl.barMiB() + " MiB BAR).", lines, null);
        }
        return new One(RungStatus.FAIL, who + ": only " + vl.barMiB() + " MiB of its " + vl.ramMiB()
                + " MiB VRAM is visible (amdgpu's own line): amdgpu refuses peer access without a large BAR.",
                lines, "enable Above 4G Decoding and Resizable BAR in the firmware setup (and CSM off), reboot, then"
                + " check `sudo dmesg | grep 'Detected VRAM'` shows BAR at least RAM");
    }

    private static One one(Pair p, TopoNode.FunctionNode n) {
        PciFunction f = n.function();
        String who = p.addr(n);
        String lspci = "sudo lspci -vv -s " + who;
        List<Evidence> lines = new ArrayList<>();
        VramBarLine vl = p.ev().vram().stream().filter(v -> v.device().device0().equals(f.bdf().device0()))
                .findFirst().orElse(null);
        Bar bar = Pair.vramBar(f);
        if (bar != null) lines.addAll(p.barLines(f, bar.index()));
        if (vl != null) {
            lines.add(vl.at());
            return byAmdgpuLine(vl, who, lines);
        }
        if (!p.isGpu(n)) {
            return new One(RungStatus.PASS, who + " is not a GPU: it has no VRAM aperture to enlarge.", lines, null);
        }
        if (Pair.isNvidia(f)) {
            return new One(RungStatus.NOT_APPLICABLE, who + " is an NVIDIA GPU: the large-BAR rule is amdgpu's; NVIDIA's"
                    + " driver decides peer access itself (rung 5), and a small BAR1 (often 256 MiB) is normal there.",
                    List.of(), null);
        }
        if (bar == null) {
            Evidence rec = Pair.recordLine(f);
            if (rec != null) lines.add(rec);
            return new One(RungStatus.NOT_PROVEN, who + ": the capture shows no memory BARs for this card.", lines,
                    "capture `" + lspci + "` (the Region lines)");
        }
        if (!bar.assigned() || bar.virtual()) {
            return new One(RungStatus.FAIL, who + ": its VRAM BAR " + bar.index() + " is not assigned an address"
                    + " (the firmware found no room for it): enable Above 4G Decoding.", lines,
                    "enable Above 4G Decoding in the firmware setup, reboot, and check `" + lspci
                    + "` shows an address on Region " + bar.index());
        }
        if (bar.disabled()) {
            // an address with [disabled]: the firmware placed it, but memory decoding is off (no driver enabled it)
            return new One(RungStatus.NOT_PROVEN, who + ": its VRAM BAR " + bar.index() + " has an address ("
                    + Pair.address(bar.address()) + ") but is disabled: memory decoding is off, so no driver has"
                    + " enabled this card; its size tells nothing about peer access yet.", lines,
                    "load the card's driver (or wake the card), then re-capture `" + lspci + "`");
        }
        return bySize(f, bar, who, lspci, lines);
    }

    /** A GPU's assigned, enabled VRAM BAR by its size: a Resizable BAR left small, a small BAR, a large one. */
    private static One bySize(PciFunction f, Bar bar, String who, String lspci, List<Evidence> lines) {
        ResizableBar rb = f.resizableBars().stream().filter(r -> r.barIndex() == bar.index()).findFirst().orElse(null);
        long size = bar.sizeBytes();
        String at = "BAR " + bar.index() + " is " + Pair.size(size) + " at " + Pair.address(bar.address());
        if (rb != null && rb.currentBytes() > 0 && rb.currentBytes() <= SMALL_BAR
                && rb.maxSupportedBytes() > rb.currentBytes()) {
            return new One(RungStatus.FAIL, who + ": Resizable BAR is at " + Pair.size(rb.currentBytes())
                    + " while the card offers up to " + Pair.size(rb.maxSupportedBytes())
                    + ": the firmware has not enlarged it.", lines,
                    "enable Resizable BAR (and Above 4G Decoding, CSM off) in the firmware setup, reboot, and check `"
                    + lspci + "` shows 'current size' " + Pair.size(rb.maxSupportedBytes()));
        }
        if (size > 0 && size <= SMALL_BAR) {
            if (Pair.isAmd(f)) {
                return new One(RungStatus.FAIL, who + ": " + at + ": a small BAR, so not all VRAM is visible and amdgpu"
                        + " refuses peer access.", lines, "enable Above 4G Decoding and Resizable BAR in the firmware"
                        + " setup, reboot, and check `sudo dmesg | grep 'Detected VRAM'` shows BAR at least RAM");
            }
            return new One(RungStatus.NOT_PROVEN, who + ": " + at + ": a small BAR; whether this card's driver can"
                    + " map its peer's memory through it is not in the capture.", lines,
                    "enable Above 4G Decoding and Resizable BAR in the firmware setup if offered, then run"
                    + " `nvidia-smi topo -p2p r` for the driver's own answer");
        }
        String above4g = Long.compareUnsigned(bar.address(), 1L << 32) >= 0 ? " (above 4 GiB: Above 4G Decoding in"
                + " effect)" : "";
        String rebar = rb == null ? "" : rb.currentBytes() > 0 && rb.currentBytes() < rb.maxSupportedBytes()
                ? "; Resizable BAR at " + Pair.size(rb.currentBytes()) + " of up to " + Pair.size(rb.maxSupportedBytes())
                : "; Resizable BAR at its largest size";
        String vram = Pair.isAmd(f) ? " amdgpu's 'Detected VRAM' line would confirm the whole VRAM is visible." : "";
        return new One(RungStatus.PASS, who + ": " + at + above4g + rebar + ": a large BAR." + vram, lines, null);
    }
}
