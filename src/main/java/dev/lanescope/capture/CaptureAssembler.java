package dev.lanescope.capture;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.Capture;
import dev.lanescope.model.CaptureFile;
import dev.lanescope.model.KernelBandwidthLine;
import dev.lanescope.model.NvidiaSmiLink;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.Problem;
import dev.lanescope.model.ProblemList;
import dev.lanescope.model.SourceRef;
import dev.lanescope.model.TopoMatrix;
import dev.lanescope.model.TreeEntry;

/**
 * Collects what each file gave and merges it into one {@link Capture}.
 * <ul>
 * <li>-vv functions merge per address; the first file wins, and each pair of files that disagree is named in one
 *     WARNING. Plain {@code lspci}/{@code -nn} functions only add addresses no -vv file has.</li>
 * <li>One tree per capture: the first; later tree files are ignored with a WARNING. A tree that fails the
 *     {@link SameMachineCheck} against the -vv functions is dropped with an ERROR naming both files.</li>
 * <li>sysfs link facts are attached to the functions; an address only sysfs knows becomes a bare function.</li>
 * <li>No functions and no tree: an ERROR says the capture is unusable.</li>
 * </ul>
 */
final class CaptureAssembler {

    private record Named<T>(String file, T value) {
    }

    private final String label;
    private final List<CaptureFile> files = new ArrayList<>();
    private final List<Problem> problems = new ProblemList();
    private final List<Named<List<PciFunction>>> verbose = new ArrayList<>();
    private final List<Named<List<PciFunction>>> plain = new ArrayList<>();
    private final List<Named<List<PciFunction>>> hex = new ArrayList<>();
    private final List<Named<List<TreeEntry>>> trees = new ArrayList<>();
    private final List<Named<Map<Bdf, PciFunction.SysfsLink>>> sysfs = new ArrayList<>();
    private final List<KernelBandwidthLine> kernelLines = new ArrayList<>();
    private final List<NvidiaSmiLink> nvidia = new ArrayList<>();
    private final List<Named<TopoMatrix>> topos = new ArrayList<>();
    private final Map<String, String> metadata = new LinkedHashMap<>();
    private final Map<Bdf, Integer> numa = new TreeMap<>();

    /** The inputs as the user named them: where a problem about the whole capture points. */
    private final String inputs;

    CaptureAssembler(String label) {
        this(label, label);
    }

    CaptureAssembler(String label, String inputs) {
        this.label = label;
        this.inputs = inputs;
    }

    void file(CaptureFile f) {
        files.add(f);
    }

    void problems(List<Problem> ps) {
        problems.addAll(ps);
    }

    void problem(Problem p) {
        problems.add(p);
    }

    void verbose(String file, List<PciFunction> fs) {
        verbose.add(new Named<>(file, fs));
    }

    void plain(String file, List<PciFunction> fs) {
        plain.add(new Named<>(file, fs));
    }

    /** Functions decoded from a hex-dump file without -vv text ({@code lspci -xxxx}): they fill the -vv ones. */
    void hex(String file, List<PciFunction> fs) {
        hex.add(new Named<>(file, fs));
    }

    void tree(String file, List<TreeEntry> entries) {
        trees.add(new Named<>(file, entries));
    }

    void sysfs(String file, Map<Bdf, PciFunction.SysfsLink> links) {
        sysfs.add(new Named<>(file, links));
    }

    /** sysfs {@code numa_node} values; they fill functions whose lspci text printed no NUMA node. */
    void numa(Map<Bdf, Integer> nodes) {
        nodes.forEach(numa::putIfAbsent);
    }

    void kernel(List<KernelBandwidthLine> lines) {
        kernelLines.addAll(lines);
    }

    void nvidia(List<NvidiaSmiLink> rows) {
        nvidia.addAll(rows);
    }

    void topo(String file, TopoMatrix m) {
        if (m != null) topos.add(new Named<>(file, m));
    }

    /** Sets a metadata value unless one is already there. */
    void metadata(String key, String value) {
        if (value != null && !value.isBlank()) metadata.putIfAbsent(key, value.strip());
    }

    Capture build() {
        Map<Bdf, PciFunction> functions = mergeVerbose();
        for (Named<List<PciFunction>> h : hex) {
            for (PciFunction f : h.value()) {
                PciFunction kept = functions.get(f.bdf());
                functions.put(f.bdf(), kept == null ? f : dev.lanescope.parse.HexFill.fill(kept, f));
            }
        }
        List<PciFunction> fromVerbose = new ArrayList<>(functions.values());
        List<TreeEntry> tree = chooseTree(fromVerbose);
        for (Named<List<PciFunction>> p : plain) {
            for (PciFunction f : p.value()) functions.putIfAbsent(f.bdf(), f);
        }
        attachSysfs(functions);
        numa.forEach((bdf, node) -> {
            PciFunction f = functions.get(bdf);
            if (f != null && f.numaNode() < 0) {
                PciFunction.Builder b = f.toBuilder();
                b.numaNode = node;
                functions.put(bdf, b.build());
            }
        });
        nameFromNvidiaSmi(functions);
        hiddenCapabilities(functions.values());
        TopoMatrix topo = chooseTopo();
        if (!tree.isEmpty() && verbose.isEmpty() && hex.isEmpty() && sysfs.isEmpty()) {
            problems.add(Problem.info(trees.get(0).file(), 0,
                    "tree only: no link facts (capture `sudo lspci -vv` too)"));
        }
        if (functions.isEmpty() && tree.isEmpty()) {
            problems.add(Problem.error(inputs, 0, "unusable capture: no PCI functions and no lspci tree were found "
                    + "(give `sudo lspci -vv` output, an `lspci -tv` tree or sysfs link files)"));
        }
        return new Capture(label, files, new ArrayList<>(functions.values()), tree, kernelLines, nvidia, topo,
                metadata, problems);
    }

    private Map<Bdf, PciFunction> mergeVerbose() {
        Map<Bdf, PciFunction> out = new TreeMap<>();
        Map<Bdf, String> fileOf = new TreeMap<>();
        for (Named<List<PciFunction>> v : verbose) {
            Map<String, List<PciFunction[]>> clashes = new LinkedHashMap<>();
            for (PciFunction f : v.value()) {
                if (out.containsKey(f.bdf())) {
                    PciFunction kept = out.get(f.bdf());
                    if (!sameFacts(kept, f)) {
                        clashes.computeIfAbsent(fileOf.get(f.bdf()), k -> new ArrayList<>()).add(new PciFunction[] {f, kept});
                    } else {
                        out.put(f.bdf(), fillIdentity(kept, f));
                    }
                    continue;
                }
                out.put(f.bdf(), f);
                fileOf.put(f.bdf(), v.file());
            }
            clashes.forEach((first, pairs) -> problems.add(Problem.warning(v.file(), lineOf(pairs.get(0)[0]),
                    pairs.size() + " function(s) also in " + first + " say different things (" + list(pairs)
                    + "); keeping " + first + " (the first file wins)")));
        }
        return out;
    }

    private List<TreeEntry> chooseTree(List<PciFunction> fromVerbose) {
        if (trees.isEmpty()) return List.of();
        Named<List<TreeEntry>> chosen = trees.get(0);
        for (Named<List<TreeEntry>> other : trees.subList(1, trees.size())) {
            if (sameShape(chosen.value(), other.value())) {
                problems.add(Problem.info(other.file(), 0, "the same tree as " + chosen.file()
                        + " (other names or ids); " + chosen.file() + " is used"));
                continue;
            }
            problems.add(Problem.warning(other.file(), 0, "a second lspci tree; only one is used per capture ("
                    + chosen.file() + "); load this one on its own to see it"));
        }
        if (fromVerbose.isEmpty()) return chosen.value();
        SameMachineCheck.Verdict v = SameMachineCheck.check(chosen.value(), fromVerbose);
        if (v.sameMachine()) return chosen.value();
        // the functions may come from -vv files, plain listings or hex dumps: name the files they were read from
        String vv = String.join(", ", fromVerbose.stream().map(f -> f.source() == null ? null : f.source().file())
                .filter(java.util.Objects::nonNull).distinct().limit(5).toList());
        if (vv.isBlank()) vv = "the lspci text";
        problems.add(Problem.error(chosen.file(), 0, "this tree and " + vv + " do not come from the same machine ("
                + v.summary() + "); the tree is dropped, the -vv is kept"));
        for (int i = 0; i < files.size(); i++) {
            CaptureFile f = files.get(i);
            if (f.name().equals(chosen.file())) {
                files.set(i, new CaptureFile(f.name(), f.role(), "refused: not the same machine as " + vv));
            }
        }
        return List.of();
    }

    /** Same addresses, parents and bus ranges: {@code -tv} and {@code -tvnn} of one machine. */
    private static boolean sameShape(List<TreeEntry> a, List<TreeEntry> b) {
        if (a.size() != b.size()) return false;
        java.util.Set<String> x = new java.util.HashSet<>();
        for (TreeEntry e : a) x.add(e.bdf() + "<" + e.parent() + " " + e.busRange());
        for (TreeEntry e : b) {
            if (!x.contains(e.bdf() + "<" + e.parent() + " " + e.busRange())) return false;
        }
        return true;
    }

    private void attachSysfs(Map<Bdf, PciFunction> functions) {
        for (Named<Map<Bdf, PciFunction.SysfsLink>> s : sysfs) {
            s.value().forEach((bdf, link) -> {
                PciFunction f = functions.get(bdf);
                PciFunction.Builder b;
                if (f == null) {
                    b = PciFunction.builder(bdf);
                    b.source = new SourceRef(s.file(), 0);
                } else if (f.sysfsLink() != null) {
                    return; // the first sysfs source wins
                } else {
                    b = f.toBuilder();
                }
                b.sysfsLink = link;
                functions.put(bdf, b.build());
            });
        }
    }

    /**
     * A non-root {@code lspci -vv}: one WARNING at the first function whose capabilities lspci could not read, naming
     * what is hidden and the command that shows it. Raised on what was kept after merging, so a root dump of the same
     * machine beside a non-root one does not raise it.
     */
    private void hiddenCapabilities(java.util.Collection<PciFunction> functions) {
        List<PciFunction> hidden = functions.stream().filter(PciFunction::capabilitiesHidden).toList();
        if (hidden.isEmpty()) return;
        PciFunction first = hidden.get(0);
        long withSysfs = hidden.stream().filter(f -> f.sysfsLink() != null && f.sysfsLink().current() != null).count();
        String file = first.source() == null ? label : first.source().file();
        int line = first.source() == null ? 0 : first.source().line();
        problems.add(Problem.warning(file, line, "lspci ran without root: it printed `Capabilities: <access denied>`"
                + " for " + hidden.size() + " of " + functions.size() + " functions (from " + first.bdf() + "), so"
                + " their link speed and width, link capability, target speed, AtomicOps and ACS are hidden"
                + (withSysfs == 0 ? "" : "; sysfs link files give the current and maximum link of " + withSysfs
                + " of them") + ". Capture them with: sudo lspci -vv > vv.txt"));
    }

    /** A name pci.ids does not know: {@code NVIDIA Corporation Device 2335}, with or without {@code [10de:2335]}. */
    private static final java.util.regex.Pattern UNNAMED = java.util.regex.Pattern.compile(
            "(?i)(?:^|\\s)Device(?: \\[[0-9a-f]{4}:[0-9a-f]{4}\\]| [0-9a-f]{4})?$");

    /**
     * A GPU whose name the capture's pci.ids lacked ({@code Device 2335}: a card newer than the lspci's database)
     * takes the name nvidia-smi printed for the same bus address, with a note saying where each name came from.
     */
    private void nameFromNvidiaSmi(Map<Bdf, PciFunction> functions) {
        for (NvidiaSmiLink row : nvidia) {
            if (row.busId() == null || row.name() == null || row.name().isBlank() || row.name().startsWith("[")) continue;
            PciFunction f = functions.get(row.busId());
            if (f == null) continue;
            String old = f.vendorDeviceName();
            if (old != null && !old.isBlank() && !UNNAMED.matcher(old.strip()).find()) continue;
            PciFunction.Builder b = f.toBuilder();
            b.vendorDeviceName = row.name().strip();
            functions.put(f.bdf(), b.build());
            String file = row.source() == null ? label : row.source().file();
            int line = row.source() == null ? 0 : row.source().line();
            problems.add(Problem.info(file, line, f.bdf() + " is shown as \"" + b.vendorDeviceName
                    + "\", the name nvidia-smi gives it; the lspci's name database calls it \""
                    + (old == null || old.isBlank() ? "nothing" : old.strip()) + "\" (older than the card)"));
        }
    }

    private TopoMatrix chooseTopo() {
        if (topos.isEmpty()) return null;
        for (Named<TopoMatrix> other : topos.subList(1, topos.size())) {
            problems.add(Problem.warning(other.file(), 0, "a second topo -m matrix; using " + topos.get(0).file()));
        }
        return topos.get(0).value();
    }

    /**
     * Equal apart from where they were read and how they are named: {@code lspci -vv} and {@code lspci -vvv -nn -D -k}
     * of one machine differ in names, ids and kernel lines, never in registers.
     */
    private static boolean sameFacts(PciFunction a, PciFunction b) {
        return compatible(a.vendorId(), b.vendorId()) && compatible(a.deviceId(), b.deviceId())
                && compatible(a.revision(), b.revision()) && identityless(a).equals(identityless(b));
    }

    /** Equal, or one side unknown (-1). */
    private static boolean compatible(int x, int y) {
        return x < 0 || y < 0 || x == y;
    }

    private static PciFunction identityless(PciFunction f) {
        PciFunction.Builder x = f.toBuilder();
        x.source = null;
        x.className = null;
        x.vendorId = -1;
        x.deviceId = -1;
        x.revision = -1;
        x.vendorDeviceName = null;
        x.subsystem = null;
        x.driver = null;
        x.modules.clear();
        x.numaNode = -1;
        x.iommuGroup = -1;
        x.lspciVersionHint = null;
        x.physicalSlot = null;
        return x.build();
    }

    /** The kept function with the ids, driver, NUMA node... that only the other file printed. */
    private static PciFunction fillIdentity(PciFunction kept, PciFunction other) {
        PciFunction.Builder b = kept.toBuilder();
        if (b.vendorId < 0) b.vendorId = other.vendorId();
        if (b.deviceId < 0) b.deviceId = other.deviceId();
        if (b.classCode < 0) b.classCode = other.classCode();
        if (b.revision < 0) b.revision = other.revision();
        if (b.className == null) b.className = other.className();
        if (b.vendorDeviceName == null || b.vendorDeviceName.isBlank()) b.vendorDeviceName = other.vendorDeviceName();
        if (b.subsystem == null) b.subsystem = other.subsystem();
        if (b.driver == null) b.driver = other.driver();
        if (b.modules.isEmpty()) b.modules.addAll(other.modules());
        if (b.numaNode < 0) b.numaNode = other.numaNode();
        if (b.iommuGroup < 0) b.iommuGroup = other.iommuGroup();
        if (b.physicalSlot == null) b.physicalSlot = other.physicalSlot();
        return b.build();
    }

    /** {@code 0000:01:00.0 at line 40 here, line 12 there}, for the first few. */
    private static String list(List<PciFunction[]> pairs) {
        List<String> s = pairs.stream().limit(5).map(p -> p[0].bdf() + " at line " + lineOf(p[0]) + " here, line "
                + lineOf(p[1]) + " there").toList();
        return String.join("; ", s) + (pairs.size() > 5 ? "; ..." : "");
    }

    private static int lineOf(PciFunction f) {
        return f.source() == null ? 0 : f.source().line();
    }
}
