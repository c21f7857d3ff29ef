package dev.lanescope.fleet;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import dev.lanescope.analysis.HopVerdict;
import dev.lanescope.analysis.LinkVerdict;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.PciFunction;
import dev.lanescope.pipeline.CaptureAnalysis;

/**
 * Compares two captures: of one box on two boots (a reboot is not a health check: the same link can train low on
 * one boot and fine on the next) or of two boxes. Per hop (keyed by its downstream-facing port): trained speed and
 * width, and the verdict; per address: devices added or missing. The summary's first sentence names the worst
 * change in the user's words: {@code 0000:00:01.1 trained 2.5 GT/s x16 on boot B, 16 GT/s x16 on boot A}.
 */
public final class CaptureDiff {

    /** What one side is called in sentences, and what is known of it. */
    public record Side(String name, String label, String hostname, String bootId, String capturedAt, String kernel,
                       boolean nonRoot) {
        /** {@code boot B (host n7, boot id 1c2f..., captured 2026-10-21T08:00:00Z)}. */
        public String describe() {
            List<String> parts = new ArrayList<>();
            if (hostname != null) parts.add("host " + hostname);
            if (bootId != null) parts.add("boot id " + bootId);
            if (capturedAt != null) parts.add("captured " + capturedAt);
            if (kernel != null) parts.add("kernel " + kernel);
            if (nonRoot) parts.add("captured without root");
            return name + ": " + label + (parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")");
        }
    }

    /** One hop that differs. Either side's fields are null when the hop does not exist there. */
    public record HopChange(Bdf port, Bdf deviceA, Bdf deviceB, LinkState trainedA, LinkState trainedB,
                            LinkVerdict verdictA, LinkVerdict verdictB) {
        public boolean speedChanged() {
            return trainedA != null && trainedB != null && trainedA.speed() != trainedB.speed();
        }

        public boolean widthChanged() {
            return trainedA != null && trainedB != null && trainedA.width() != trainedB.width();
        }

        public boolean verdictChanged() {
            return verdictA != verdictB;
        }

        /** The hop became a fault on one side, or stopped being one. */
        public boolean faultChanged() {
            return LinkVerdict.faultChanged(verdictA, verdictB);
        }

        /** Lower bandwidth on B than on A: B is the worse boot for this hop. */
        long lossMbps() {
            long a = trainedA == null ? 0 : trainedA.mbps();
            long b = trainedB == null ? 0 : trainedB.mbps();
            return Math.abs(a - b);
        }
    }

    /** A function present on one side only (or whose ids changed: then it is in both lists). */
    public record DeviceChange(Bdf bdf, String name) {
    }

    public record Result(Side a, Side b, List<String> summary, List<HopChange> hops, List<DeviceChange> added,
                         List<DeviceChange> missing) {
        public boolean same() {
            return hops.isEmpty() && added.isEmpty() && missing.isEmpty();
        }
    }

    private CaptureDiff() {
    }

    public static Result diff(CaptureAnalysis a, CaptureAnalysis b) {
        if (!a.usable() || !b.usable()) throw new IllegalArgumentException("both captures must be usable");
        String[] names = names(a, b);
        Side sa = side(names[0], a);
        Side sb = side(names[1], b);
        Map<Bdf, HopVerdict> ha = hops(a);
        Map<Bdf, HopVerdict> hb = hops(b);
        Set<Bdf> ports = new TreeSet<>(ha.keySet());
        ports.addAll(hb.keySet());
        List<HopChange> changes = new ArrayList<>();
        int hidden = 0;
        for (Bdf port : ports) {
            HopVerdict x = ha.get(port);
            HopVerdict y = hb.get(port);
            HopChange c = new HopChange(port, device(x), device(y), trained(x), trained(y),
                    x == null ? null : x.verdict(), y == null ? null : y.verdict());
            boolean sameDevice = Objects.equals(c.deviceA() == null ? null : c.deviceA().device0(),
                    c.deviceB() == null ? null : c.deviceB().device0());
            boolean differs = !Objects.equals(c.trainedA(), c.trainedB()) || c.verdictChanged() || !sameDevice;
            if (differs && sameDevice && onlyHidden(c, sa, sb)) {
                hidden++; // the same hop, unreadable on a side captured without root: not a change of the link
                continue;
            }
            if (differs) changes.add(c);
        }
        Map<Bdf, PciFunction> fa = functions(a);
        Map<Bdf, PciFunction> fb = functions(b);
        List<DeviceChange> added = new ArrayList<>();
        List<DeviceChange> missing = new ArrayList<>();
        for (PciFunction f : fb.values()) {
            PciFunction old = fa.get(f.bdf());
            if (old == null || idsDiffer(old, f)) added.add(new DeviceChange(f.bdf(), f.shortName()));
        }
        for (PciFunction f : fa.values()) {
            PciFunction now = fb.get(f.bdf());
            if (now == null || idsDiffer(f, now)) missing.add(new DeviceChange(f.bdf(), f.shortName()));
        }
        List<String> summary = summary(sa, sb, changes, added, missing, ha.size() + hb.size(), hidden);
        return new Result(sa, sb, summary, changes, added, missing);
    }

    /**
     * The hop differs only because a side captured without root could not read it: that side's verdict is unknown
     * and it shows no trained state (or the same one as the other side).
     */
    private static boolean onlyHidden(HopChange c, Side a, Side b) {
        boolean aHidden = a.nonRoot() && c.verdictA() == LinkVerdict.UNKNOWN;
        boolean bHidden = b.nonRoot() && c.verdictB() == LinkVerdict.UNKNOWN;
        if (!aHidden && !bHidden) return false;
        if (aHidden && bHidden) return true;
        LinkState unread = aHidden ? c.trainedA() : c.trainedB();
        return unread == null || !unread.isKnown() || Objects.equals(c.trainedA(), c.trainedB());
    }

    /** "boot A/B" when the same host (or unknown hosts) was captured on two boots; "A/B" otherwise. */
    private static String[] names(CaptureAnalysis a, CaptureAnalysis b) {
        boolean sameHost = a.hostname() == null || b.hostname() == null || a.hostname().equals(b.hostname());
        boolean twoBoots = a.bootId() != null && b.bootId() != null && !a.bootId().equals(b.bootId());
        if (sameHost && twoBoots) return new String[] {"boot A", "boot B"};
        if (!sameHost) return new String[] {a.hostname(), b.hostname()};
        return new String[] {"A", "B"};
    }

    private static Side side(String name, CaptureAnalysis s) {
        return new Side(name, s.label(), s.hostname(), s.bootId(), s.capturedAt(), s.capture().metadata().get("kernel"),
                s.capture().isNonRoot());
    }

    private static Map<Bdf, HopVerdict> hops(CaptureAnalysis s) {
        Map<Bdf, HopVerdict> out = new TreeMap<>();
        for (HopVerdict h : s.report().hops()) out.putIfAbsent(h.link().port().bdf(), h);
        return out;
    }

    private static Map<Bdf, PciFunction> functions(CaptureAnalysis s) {
        Map<Bdf, PciFunction> out = new TreeMap<>();
        for (PciFunction f : s.capture().functions()) out.put(f.bdf(), f);
        s.capture().tree().forEach(e -> {
            if (!out.containsKey(e.bdf())) {
                PciFunction.Builder b = PciFunction.builder(e.bdf());
                b.vendorDeviceName = e.name();
                b.vendorId = e.vendorId();
                b.deviceId = e.deviceId();
                out.put(e.bdf(), b.build());
            }
        });
        return out;
    }

    private static boolean idsDiffer(PciFunction x, PciFunction y) {
        return x.vendorId() >= 0 && y.vendorId() >= 0 && x.deviceId() >= 0 && y.deviceId() >= 0
                && (x.vendorId() != y.vendorId() || x.deviceId() != y.deviceId());
    }

    private static Bdf device(HopVerdict h) {
        return h == null || h.link().device() == null ? null : h.link().device().bdf();
    }

    private static LinkState trained(HopVerdict h) {
        return h == null ? null : h.link().trained();
    }

    private static List<String> summary(Side a, Side b, List<HopChange> hops, List<DeviceChange> added,
                                        List<DeviceChange> missing, int hopsSeen, int hidden) {
        List<String> out = new ArrayList<>();
        List<HopChange> ordered = new ArrayList<>(hops);
        // faults that appeared first, then the biggest bandwidth change
        ordered.sort(Comparator.comparing((HopChange c) -> !c.faultChanged()).thenComparing(c -> -c.lossMbps()));
        for (HopChange c : ordered) {
            if (c.trainedA() != null && c.trainedB() != null && !c.trainedA().equals(c.trainedB())) {
                boolean bWorse = c.trainedB().mbps() < c.trainedA().mbps();
                Side worse = bWorse ? b : a;
                Side better = bWorse ? a : b;
                LinkState lo = bWorse ? c.trainedB() : c.trainedA();
                LinkState hi = bWorse ? c.trainedA() : c.trainedB();
                String s = c.port() + " trained " + lo.display() + " on " + worse.name() + ", " + hi.display() + " on "
                        + better.name();
                if (c.verdictChanged()) s += " (" + verdicts(c, a, b) + ")";
                out.add(s + ".");
            } else if (c.verdictA() == null || c.verdictB() == null) {
                Side there = c.verdictA() == null ? b : a;
                Side absent = c.verdictA() == null ? a : b;
                LinkState t = c.verdictA() == null ? c.trainedB() : c.trainedA();
                out.add("The link at " + c.port() + " exists on " + there.name() + (t == null ? "" : " (" + t.display()
                        + ")") + " but not on " + absent.name() + ".");
            } else if (c.verdictChanged()) {
                out.add(c.port() + ": " + verdicts(c, a, b) + ".");
            } else {
                out.add(c.port() + ": below it " + below(c.deviceA()) + " on " + a.name() + ", " + below(c.deviceB())
                        + " on " + b.name() + ".");
            }
        }
        for (DeviceChange d : missing) out.add(d.bdf() + " (" + d.name() + ") is on " + a.name() + " but not on "
                + b.name() + ".");
        for (DeviceChange d : added) out.add(d.bdf() + " (" + d.name() + ") is on " + b.name() + " but not on "
                + a.name() + ".");
        boolean partial = a.nonRoot() || b.nonRoot();
        if (out.isEmpty()) {
            if (hopsSeen == 0) {
                out.add("No differences in the devices; neither capture shows a PCIe link between ports (a virtual"
                        + " machine's bus, or a tree without -vv), so no link was compared.");
            } else if (partial) {
                out.add("No differences in what both captures show: the same devices, and every link readable on both"
                        + " sides trained the same.");
            } else {
                out.add("No differences: the same devices, every link trained the same on " + a.name() + " and "
                        + b.name() + ".");
            }
        }
        for (Side s : new Side[] {a, b}) {
            if (!s.nonRoot()) continue;
            out.add(s.name() + " was captured without root: lspci hid the capabilities there (link capability and"
                    + " status, target speed, AtomicOps, ACS), so " + (hidden == 0 ? "those facts"
                    : hidden + (hidden == 1 ? " hop" : " hops") + " and those facts") + " could not be compared;"
                    + " capture it again with: sudo lspci -vv > vv.txt");
        }
        return out;
    }

    /** What hangs below a port, in words: its address, or "nothing" for an empty port. */
    private static String below(Bdf device) {
        return device == null ? "nothing" : device.toString();
    }

    private static String verdicts(HopChange c, Side a, Side b) {
        return token(c.verdictB()) + " on " + b.name() + ", " + token(c.verdictA()) + " on " + a.name();
    }

    static String token(LinkVerdict v) {
        return LinkVerdict.wordsOrElse(v, "absent");
    }

    /** What changed on a hop, in words for scripts: speed, width, verdict, device. */
    public static List<String> changed(HopChange c) {
        List<String> what = new ArrayList<>();
        if (c.speedChanged()) what.add("speed");
        if (c.widthChanged()) what.add("width");
        if (c.verdictChanged()) what.add("verdict");
        if (!Objects.equals(c.deviceA(), c.deviceB())) what.add("device");
        return what;
    }
}
