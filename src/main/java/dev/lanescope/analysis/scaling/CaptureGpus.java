package dev.lanescope.analysis.scaling;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import dev.lanescope.analysis.PathCeiling;
import dev.lanescope.analysis.PathClass;
import dev.lanescope.analysis.PeerAdvice;
import dev.lanescope.analysis.PeerPair;
import dev.lanescope.analysis.Report;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.DeviceKind;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;

/**
 * What a capture says about scaling (docs/RULES.md §10): its GPUs by identity, each with its row of the card table
 * when it has one; the cards modelled (one vendor's; when they differ, at the slowest and smallest card's figures);
 * the worst peer path between two of them with the slowest capable link on their paths; and NVLink where nvidia-smi
 * shows it.
 *
 * @param gpus       the cards modelled, in address order
 * @param preset     the figures they are modelled at: the one card's row, or the slowest and smallest of mixed cards;
 *                   empty when a card is not in the table (then the user is asked for its figures)
 * @param linkGbPerS the slowest path-capable figure of the GPUs, GB/s; NaN when the capture cannot tell
 * @param cards      every GPU of the capture by identity, modelled or not
 * @param mixed      said before any figure when the cards differ (vendors or models); null when they are one model
 * @param alone      why the capture is no "add a card" machine (its only GPU is soldered or built in); null otherwise
 * @param nvlinks    the NVLink count nvidia-smi shows between every pair of the modelled cards (the least); 0 when none
 */
public record CaptureGpus(List<Bdf> gpus, String deviceName, Optional<GpuPreset> preset,
                          Optional<PeerPair> worstPair, double linkGbPerS, List<Card> cards, String mixed,
                          String alone, int nvlinks) {

    /** One GPU of the capture: its address, its name, its vendor and its row of the card table. */
    public record Card(Bdf bdf, String name, String vendor, Optional<GpuPreset> preset) {
    }

    public CaptureGpus {
        gpus = List.copyOf(gpus);
        cards = List.copyOf(cards);
    }

    public static CaptureGpus of(Topology t, Report r) {
        List<Card> all = new ArrayList<>();
        for (Bdf b : new java.util.TreeSet<>(r.accelerators())) {
            var n = t.node(b);
            if (n.isEmpty() || !DeviceKind.of(t, n.get()).isGpu()) continue;
            PciFunction f = n.get().function();
            all.add(new Card(b, shortName(f.vendorDeviceName() == null ? "" : f.vendorDeviceName()),
                    PeerAdvice.vendorWord(f), GpuPreset.of(f)));
        }
        String alone = alone(t, all);
        // one vendor's cards: the largest group (different vendors never share a tensor-parallel group)
        Map<String, List<Card>> byVendor = new LinkedHashMap<>();
        for (Card c : all) byVendor.computeIfAbsent(c.vendor(), k -> new ArrayList<>()).add(c);
        List<Card> group = byVendor.values().stream().max(Comparator.comparingInt(List::size)).orElse(List.of());
        List<String> said = new ArrayList<>();
        if (byVendor.size() > 1) {
            said.add("Cards of " + byVendor.size() + " vendors (" + String.join(", ", byVendor.keySet()) + "): "
                    + describeCards(all) + ". Different vendors' cards do not share one tensor-parallel group, so"
                    + " only the " + group.size() + " " + group.get(0).vendor() + " card" + (group.size() == 1 ? " is" : "s are")
                    + " modelled.");
        }
        Optional<GpuPreset> preset = group.isEmpty() ? Optional.empty() : group.get(0).preset();
        boolean models = group.stream().map(Card::name).distinct().count() > 1;
        if (models) {
            boolean known = group.stream().allMatch(c -> c.preset().isPresent());
            GpuPreset slow = known ? group.stream().map(c -> c.preset().get())
                    .min(Comparator.comparingDouble(GpuPreset::memGbPerS)).orElseThrow() : null;
            GpuPreset small = known ? group.stream().map(c -> c.preset().get())
                    .min(Comparator.comparingDouble(GpuPreset::vramGb)).orElseThrow() : null;
            said.add("Mixed cards (" + describeCards(group) + "): tensor parallel runs at the pace of the slowest and"
                    + " smallest card" + (known ? ", so they are modelled at " + num(slow.memGbPerS()) + " GB/s ("
                    + slow.label() + ") and " + num(small.vramGb()) + " GB (" + small.label() + ")." : "."));
            preset = known ? Optional.of(new GpuPreset("mixed", "slowest and smallest of these cards", -1, List.of(),
                    List.of(), slow.memGbPerS(), small.vramGb(), Math.min(slow.nvlinkGbPerLink(),
                    small.nvlinkGbPerLink()), slow.source() + "; " + small.source())) : Optional.empty();
        }
        if (group.stream().anyMatch(c -> c.preset().isEmpty())) preset = Optional.empty();
        List<Bdf> gpus = group.stream().map(Card::bdf).toList();
        Optional<PeerPair> worst = r.peers().stream()
                .filter(p -> gpus.contains(p.a()) && gpus.contains(p.b()))
                .max(Comparator.comparingInt(p -> p.pathClass().ordinal()));
        int nv = nvlinks(r, gpus);
        double link = Double.NaN;
        for (PathCeiling c : r.ceilings()) {
            if (!gpus.contains(c.device())) continue;
            long mbps = c.pathCapableMbps() > 0 ? c.pathCapableMbps() : c.known() ? c.availableMbps() : -1;
            if (mbps > 0) link = Double.isNaN(link) ? mbps / 8000.0 : Math.min(link, mbps / 8000.0);
        }
        String name = group.isEmpty() ? "" : t.function(group.get(0).bdf()).map(PciFunction::vendorDeviceName)
                .orElse("");
        return new CaptureGpus(gpus, name == null ? "" : name, preset, worst, link, all,
                said.isEmpty() ? null : String.join(" ", said), alone, nv);
    }

    /** The least NVLink count between every pair of the cards, 0 when any pair has none (or fewer than two cards). */
    private static int nvlinks(Report r, List<Bdf> gpus) {
        if (gpus.size() < 2) return 0;
        int least = Integer.MAX_VALUE;
        int pairs = 0;
        for (PeerPair p : r.peers()) {
            if (!gpus.contains(p.a()) || !gpus.contains(p.b())) continue;
            pairs++;
            if (p.nvlink() == null) return 0;
            least = Math.min(least, Integer.parseInt(p.nvlink().substring(2)));
        }
        return pairs == gpus.size() * (gpus.size() - 1) / 2 ? least : 0;
    }

    /** Why a capture is no machine to add cards to: its only GPU is a soldered mobile part, or built into the CPU. */
    private static String alone(Topology t, List<Card> all) {
        if (all.size() == 1) {
            PciFunction f = t.function(all.get(0).bdf()).orElse(null);
            if (f != null && DeviceKind.isMobile(f)) {
                return "This machine's only GPU, " + t.address(f.bdf()) + " (" + all.get(0).name() + "), is a mobile"
                        + " part soldered to the board: adding a card here means an external one behind Thunderbolt or"
                        + " USB4, whose link is the tunnel's (roughly 22 Gb/s of PCIe on Thunderbolt 3, 32 on"
                        + " Thunderbolt 4, 64 on Thunderbolt 5), so no row of added cards is predicted for it.";
            }
        }
        if (all.isEmpty()) {
            for (TopoNode.FunctionNode n : t.functions()) {
                if (DeviceKind.of(t, n) == DeviceKind.INTEGRATED_GPU) {
                    return "This machine's only GPU, " + t.address(n.bdf()) + " (" + shortName(
                            n.function().vendorDeviceName() == null ? "" : n.function().vendorDeviceName())
                            + "), is built into the processor: there is no card to add to, and an added card would"
                            + " not share its work with it.";
                }
            }
        }
        return null;
    }

    private static String describeCards(List<Card> cards) {
        Map<String, Integer> count = new LinkedHashMap<>();
        for (Card c : cards) count.merge(c.name().isEmpty() ? "unnamed card" : c.name(), 1, Integer::sum);
        List<String> out = new ArrayList<>();
        count.forEach((n, k) -> out.add((k > 1 ? k + " x " : "") + n));
        return String.join(", ", out);
    }

    public Optional<PathClass> worstClass() {
        return worstPair.map(PeerPair::pathClass);
    }

    /** The cards the table does not know (the user is asked for their figures). */
    public List<Card> unknownCards() {
        return cards.stream().filter(c -> gpus.contains(c.bdf()) && c.preset().isEmpty()).toList();
    }

    /** One line for the user: "2 GPUs (2 x GeForce RTX 3090), worst peer path PHB between ... and ...". */
    public String describe() {
        if (cards.isEmpty()) return "no GPUs in the capture";
        String peer = nvlinks > 0 ? ", joined by NVLink (NV" + nvlinks + " by nvidia-smi)"
                : worstPair.map(p -> ", worst peer path " + p.pathClass() + " between " + p.a() + " and " + p.b())
                .orElse(gpus.size() > 1 ? ", peer path unknown" : "");
        return cards.size() + (cards.size() == 1 ? " GPU" : " GPUs") + " (" + describeCards(cards) + ")" + peer;
    }

    static String shortName(String vendorDevice) {
        int a = vendorDevice.lastIndexOf('[');
        int b = vendorDevice.lastIndexOf(']');
        return a >= 0 && b > a ? vendorDevice.substring(a + 1, b) : vendorDevice;
    }

    private static String num(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
