package dev.lanescope.export;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import dev.lanescope.analysis.AtomicsVerdict;
import dev.lanescope.analysis.HopVerdict;
import dev.lanescope.analysis.PathCeiling;
import dev.lanescope.analysis.Report;
import dev.lanescope.model.Capture;
import dev.lanescope.model.CaptureFile;
import dev.lanescope.model.DeviceKind;
import dev.lanescope.model.LinkSpeed;
import dev.lanescope.model.LinkState;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.Problem;
import dev.lanescope.model.TopoNode;
import dev.lanescope.model.Topology;

/**
 * The machine form of an analysis ({@code lanescope analyze --json}), one component per key in the order written.
 * The README's "JSON keys scripts may rely on" lists these components (a test holds the two together): keep them;
 * add freely. A null component is written as null unless it is marked to be left out.
 *
 * @param metadata        the capture's facts (host, boot id, time ...), keys sorted; left out for unusable input
 * @param peersNotListed  pairs beyond the listed ones; left out when all are listed
 * @param summary         what is wrong, in sentences; left out for unusable input
 * @param input           the path as given, with {@code analyze --each} only
 */
public record ReportJson(String capture, List<FileEntry> files,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, String> metadata,
                         List<Function> functions, List<Hop> hops, List<Endpoint> endpoints, List<Peer> peers,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Integer peersNotListed,
                         @JsonInclude(JsonInclude.Include.NON_NULL) List<String> summary,
                         List<ProblemEntry> problems,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String input) {

    /** One file of the capture and the role recognised from its content. */
    public record FileEntry(String name, String role, String detail) {
    }

    /**
     * One PCI function.
     *
     * @param klass written as {@code class}: the class code in hex
     */
    public record Function(String bdf, String type, String role, String kind, boolean roleInferred, String parent,
                           @JsonProperty("class") String klass, String className, String name,
                           @JsonInclude(JsonInclude.Include.NON_NULL) String vendorId,
                           @JsonInclude(JsonInclude.Include.NON_NULL) String deviceId,
                           @JsonInclude(JsonInclude.Include.NON_NULL) Integer numaNode,
                           @JsonInclude(JsonInclude.Include.NON_NULL) String driver,
                           boolean capabilitiesHidden) {
    }

    /** A link state: speed in GT/s (null when unknown), width, and Gb/s as the kernel prints it. */
    public record State(Double gts, int width, BigDecimal gbps) {
        /** The state of a link, or null when there is none. */
        public static State of(LinkState s) {
            if (s == null) return null;
            return new State(ReportJson.gts(s.speed()), s.width(), s.speed().isKnown() ? ReportJson.gbps(s.mbps()) : null);
        }
    }

    /** One hop (a port and the device below it) and its verdict. */
    public record Hop(String port, String device, State capable, State trained, Double targetGts, String trainedFrom,
                      String verdict, String reason, String advice, List<String> secondary) {
    }

    /** An endpoint: a device with a path ceiling ({@link Ceiling}) or with an AtomicOps verdict only. */
    public sealed interface Endpoint permits Ceiling, AtomicsOnly {
    }

    /** A device's path ceiling, and its AtomicOps verdict when it has one. */
    public record Ceiling(String bdf, BigDecimal availableGbps, String limitingBdf, String sentence, String kernelLine,
                          String kernelMismatch, BigDecimal pathCapableGbps,
                          @JsonInclude(JsonInclude.Include.NON_NULL) BigDecimal capableGbps,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Atomics atomics) implements Endpoint {
    }

    /** A device with an AtomicOps verdict but no path ceiling: the ceiling's keys are null. */
    public record AtomicsOnly(String bdf, BigDecimal availableGbps, String limitingBdf, String kernelLine,
                              BigDecimal pathCapableGbps, Atomics atomics) implements Endpoint {
    }

    /** Whether AtomicOps reach the device, and where the chain breaks. */
    public record Atomics(String verdict, String breaksAt, String missingBit, String reason, boolean needed) {
    }

    /** A pair of peers (GPUs, accelerators, data-centre NICs) and the path between them. */
    public record Peer(String a, String b, String pathClass, List<String> acsRedirectAt, String ncclP2pLevel,
                       List<String> barsAbove44Bit, boolean throughChipset,
                       @JsonInclude(JsonInclude.Include.NON_NULL) String nvlink, String explanation) {
    }

    /** A located problem in the input. */
    public record ProblemEntry(String file, int line, String severity, String message) {
    }

    public static ReportJson of(Topology topology, Report report) {
        Capture capture = topology.capture();
        Map<String, String> meta = new TreeMap<>(capture.metadata());
        int notListed = report.peers().size() - Report.PAIRS_LISTED;
        return new ReportJson(capture.label(), files(capture), meta, functions(topology), hops(report),
                endpoints(report), peers(report), notListed > 0 ? notListed : null, List.copyOf(report.summary()),
                problems(topology.problems()), null);
    }

    /** For unusable input: the files and problems only, same keys. */
    public static ReportJson problemsOnly(Capture capture) {
        return new ReportJson(capture.label(), files(capture), null, List.of(), List.of(), List.of(), List.of(), null,
                null, problems(capture.problems()), null);
    }

    /** The same document naming the path it was read from ({@code analyze --each}). */
    public ReportJson withInput(String path) {
        return new ReportJson(capture, files, metadata, functions, hops, endpoints, peers, peersNotListed, summary,
                problems, path);
    }

    private static List<Function> functions(Topology topology) {
        List<Function> out = new ArrayList<>();
        for (TopoNode.FunctionNode n : topology.functions()) {
            PciFunction f = n.function();
            out.add(new Function(f.bdf().toString(), f.portType() != null ? f.portType().token() : roleToken(n),
                    n.role().name().toLowerCase(Locale.ROOT), DeviceKind.of(topology, n).noun(), n.roleInferred(),
                    topology.parent(n).map(TopoNode::id).orElse(null), f.classHex(), f.className(),
                    f.vendorDeviceName(), hex4(f.vendorId()), hex4(f.deviceId()),
                    f.numaNode() >= 0 ? f.numaNode() : null, f.driver(), f.capabilitiesHidden()));
        }
        return out;
    }

    private static List<Hop> hops(Report report) {
        List<Hop> out = new ArrayList<>();
        for (HopVerdict h : report.hops()) {
            out.add(new Hop(h.link().port().bdf().toString(),
                    h.link().device() == null ? null : h.link().device().bdf().toString(),
                    State.of(h.link().capable()), State.of(h.link().trained()), gts(h.link().target()),
                    h.link().trainedFrom().name().toLowerCase(Locale.ROOT), h.verdict().key(), h.reason(),
                    h.verdict().advice(), h.secondary().stream().map(v -> v.key()).toList()));
        }
        return out;
    }

    private static List<Endpoint> endpoints(Report report) {
        List<Endpoint> out = new ArrayList<>();
        for (PathCeiling c : report.ceilings()) {
            AtomicsVerdict a = report.atomics().stream().filter(x -> x.endpoint().equals(c.device())).findFirst()
                    .orElse(null);
            out.add(new Ceiling(c.device().toString(), c.known() ? gbps(c.availableMbps()) : null,
                    c.limitingBdf() == null ? null : c.limitingBdf().toString(), c.sentence(),
                    c.kernelLine() == null ? null : c.kernelLine().text(), c.mismatch(),
                    c.pathCapableMbps() >= 0 ? gbps(c.pathCapableMbps()) : null,
                    c.capableMbps() > 0 ? gbps(c.capableMbps()) : null, a == null ? null : atomics(a)));
        }
        // endpoints that have an atomics verdict but no ceiling entry
        for (AtomicsVerdict a : report.atomics()) {
            boolean listed = report.ceilings().stream().anyMatch(c -> c.device().equals(a.endpoint()));
            if (!listed) out.add(new AtomicsOnly(a.endpoint().toString(), null, null, null, null, atomics(a)));
        }
        return out;
    }

    private static List<Peer> peers(Report report) {
        return report.peers().stream().limit(Report.PAIRS_LISTED)
                .map(p -> new Peer(p.a().toString(), p.b().toString(), p.pathClass().name(),
                        p.acsRedirectAt().stream().map(Object::toString).toList(), p.ncclP2pLevel(),
                        p.barsAbove44Bit(), p.throughChipset(), p.nvlink(), p.explanation()))
                .toList();
    }

    private static List<FileEntry> files(Capture capture) {
        return capture.files().stream().map((CaptureFile f) -> new FileEntry(f.name(), f.role().name(), f.detail()))
                .toList();
    }

    private static List<ProblemEntry> problems(List<Problem> list) {
        return list.stream().map(p -> new ProblemEntry(p.file(), p.line(), p.severity().token(), p.message()))
                .toList();
    }

    private static Atomics atomics(AtomicsVerdict a) {
        return new Atomics(a.status().name(), a.breaksAt() == null ? null : a.breaksAt().toString(), a.missingBit(),
                a.reason(), a.need().matters());
    }

    private static Double gts(LinkSpeed speed) {
        return speed == null || !speed.isKnown() ? null : speed.gtsValue();
    }

    private static String hex4(int id) {
        return id >= 0 ? String.format(Locale.ROOT, "%04x", id) : null;
    }

    /** Gb/s with the kernel's three decimals, as a JSON number. */
    private static BigDecimal gbps(long mbps) {
        return new BigDecimal(LinkState.formatGbps(mbps));
    }

    private static String roleToken(TopoNode.FunctionNode n) {
        return n.function().express() == null && !n.function().capabilitiesHidden() ? "pci" : "unknown";
    }
}
