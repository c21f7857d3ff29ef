package dev.lanescope.analysis.scaling;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import dev.lanescope.analysis.PathCeiling;
import dev.lanescope.analysis.PathClass;
import dev.lanescope.analysis.PeerPair;
import dev.lanescope.analysis.Report;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.DeviceKind;
import dev.lanescope.model.Topology;

/**
 * What a capture says about scaling: its GPUs (the analysis's accelerators), the card they match, and the worst
 * peer path between two of them ({@link dev.lanescope.analysis.PeerPaths}) with the slowest capable link on the
 * GPUs' paths.
 *
 * @param linkGbPerS the slowest path-capable figure of the GPUs, GB/s; NaN when the capture cannot tell
 */
public record CaptureGpus(List<Bdf> gpus, String deviceName, Optional<GpuPreset> preset,
                          Optional<PeerPair> worstPair, double linkGbPerS) {

    public CaptureGpus {
        gpus = List.copyOf(gpus);
    }

    public static CaptureGpus of(Topology t, Report r) {
        List<Bdf> gpus = new ArrayList<>();
        for (Bdf b : new java.util.TreeSet<>(r.accelerators())) {
            if (t.node(b).map(n -> DeviceKind.of(t, n).isGpu()).orElse(false)) gpus.add(b);
        }
        var first = gpus.stream().map(b -> t.node(b).orElseThrow().function()).findFirst();
        String name = first.map(f -> f.vendorDeviceName() == null ? "" : f.vendorDeviceName()).orElse("");
        Optional<GpuPreset> preset = first.flatMap(GpuPreset::of);
        Optional<PeerPair> worst = r.peers().stream()
                .filter(p -> gpus.contains(p.a()) && gpus.contains(p.b()))
                .max(Comparator.comparingInt(p -> p.pathClass().ordinal()));
        double link = Double.NaN;
        for (PathCeiling c : r.ceilings()) {
            if (!gpus.contains(c.device())) continue;
            long mbps = c.pathCapableMbps() > 0 ? c.pathCapableMbps() : c.known() ? c.availableMbps() : -1;
            if (mbps > 0) link = Double.isNaN(link) ? mbps / 8000.0 : Math.min(link, mbps / 8000.0);
        }
        return new CaptureGpus(gpus, name, preset, worst, link);
    }

    public Optional<PathClass> worstClass() {
        return worstPair.map(PeerPair::pathClass);
    }

    /** One line for the user: "4 GPUs (NVIDIA ... ), worst peer path PHB (0000:01:00.0 - 0000:41:00.0)". */
    public String describe() {
        if (gpus.isEmpty()) return "no GPUs in the capture";
        String n = deviceName.isEmpty() ? "" : " (" + shortName(deviceName) + ")";
        String peer = worstPair.map(p -> ", worst peer path " + p.pathClass() + " between " + p.a() + " and " + p.b())
                .orElse(gpus.size() > 1 ? ", peer path unknown" : "");
        return gpus.size() + (gpus.size() == 1 ? " GPU" : " GPUs") + n + peer;
    }

    static String shortName(String vendorDevice) {
        int a = vendorDevice.lastIndexOf('[');
        int b = vendorDevice.lastIndexOf(']');
        return a >= 0 && b > a ? vendorDevice.substring(a + 1, b) : vendorDevice;
    }
}
