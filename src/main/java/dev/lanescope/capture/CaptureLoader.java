package dev.lanescope.capture;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.lanescope.model.Capture;
import dev.lanescope.model.CaptureFile;
import dev.lanescope.model.CaptureFile.Role;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.Problem;
import dev.lanescope.model.TopoMatrix;
import dev.lanescope.parse.HexDumpDecoder;
import dev.lanescope.parse.HexFill;
import dev.lanescope.parse.HexTextCheck;
import dev.lanescope.parse.HexRows;
import dev.lanescope.parse.KernelLogParser;
import dev.lanescope.parse.NvidiaSmiParser;
import dev.lanescope.parse.ParseResult;
import dev.lanescope.parse.SysfsLinkParser;
import dev.lanescope.parse.TreeParser;
import dev.lanescope.parse.VerboseParser;

/**
 * Loads a capture from files, folders (recursive) and {@code .tar.gz}/{@code .tgz} archives. Each file's role is
 * recognised from its content ({@link RoleDetector}), parsed, and merged ({@link CaptureAssembler}). Never throws
 * on bad input: every problem is located in the returned {@link Capture}; an unusable capture is returned empty
 * with an ERROR.
 */
public final class CaptureLoader {

    /** Reads {@code lspci -v/-vv} text into functions; the real one is {@link VerboseParser#parse}. */
    @FunctionalInterface
    public interface VerboseReader {
        ParseResult<List<PciFunction>> parse(String fileName, List<String> lines);
    }

    private static final Pattern LINUX_VERSION = Pattern.compile("\\bLinux version (\\S+)");

    private CaptureLoader() {
    }

    /** Whether this file name is an archive the loader opens ({@code .tar.gz}, {@code .tgz}, {@code .tar}). */
    public static boolean isArchiveName(String name) {
        return InputReader.isArchiveName(name);
    }

    /** The name one input gives its capture: a folder's name, an archive's without its extension, a file's. */
    public static String nameOf(Path input) {
        return InputReader.labelOf(input);
    }

    /** Loads with the project's {@link VerboseParser}. */
    public static Capture load(List<Path> inputs) {
        return load(inputs, VerboseParser::parse);
    }

    /** Loads with the given -vv reader (tests pass a small one). */
    public static Capture load(List<Path> inputs, VerboseReader verboseReader) {
        List<Path> in = inputs == null ? List.of() : inputs;
        String label = in.isEmpty() ? "(no input)" : InputReader.labelOf(in);
        CaptureAssembler asm = new CaptureAssembler(label, in.isEmpty() ? label
                : String.join(", ", in.stream().map(String::valueOf).toList()));
        List<RawFile> raw = new ArrayList<>();
        List<Problem> readProblems = new ArrayList<>();
        InputReader.Budget budget = new InputReader.Budget();
        for (Path p : in) {
            if (p != null) InputReader.read(p, raw, readProblems, budget);
        }
        asm.problems(readProblems);
        return assemble(asm, label, raw, verboseReader);
    }

    /**
     * Loads one file from bytes, as if it had been read from {@code name}: the same recognition, parsing and
     * merging as {@link #load}, without the file system (the fuzz tests' entry point).
     */
    static Capture loadBytes(String name, byte[] data) {
        List<RawFile> raw = new ArrayList<>();
        raw.add(new RawFile(name, name, data));
        return assemble(new CaptureAssembler(name), name, raw, VerboseParser::parse);
    }

    private static Capture assemble(CaptureAssembler asm, String label, List<RawFile> raw, VerboseReader verboseReader) {
        Map<String, String> sysfsFiles = new LinkedHashMap<>();
        String sysfsRoot = null;
        int sysfsOther = 0;
        for (int i = 0; i < raw.size(); i++) {
            RawFile f = raw.set(i, null); // each file is read in its turn and dropped after: memory stays near one file
            if (SysfsLinkParser.isBdfDirectory(f.parentName())) {
                // a copied /sys/bus/pci/devices/<BDF>/ directory: read the link files, ignore the others
                if (SysfsLinkParser.isLinkAttribute(f.baseName())) {
                    byte[] bytes = bytes(f, asm);
                    if (bytes == null) continue;
                    sysfsFiles.put(f.name(), String.join("\n", TextLines.decode(bytes)));
                    if (sysfsRoot == null) sysfsRoot = f.name().substring(0, f.name().length()
                            - f.parentName().length() - f.baseName().length() - 2);
                } else {
                    sysfsOther++;
                }
                continue;
            }
            readOne(f, asm, verboseReader == null ? VerboseParser::parse : verboseReader);
        }
        if (!sysfsFiles.isEmpty() || sysfsOther > 0) {
            String name = sysfsRoot == null ? label + " (sysfs device folders)" : sysfsRoot;
            ParseResult<Map<dev.lanescope.model.Bdf, PciFunction.SysfsLink>> r = SysfsLinkParser.parseFiles(sysfsFiles);
            asm.problems(r.problems());
            asm.sysfs(name, r.value());
            asm.file(new CaptureFile(name, Role.SYSFS_LINKS, r.value().size() + " function(s) from "
                    + sysfsFiles.size() + " sysfs link file(s)"));
            if (sysfsOther > 0) {
                asm.problem(Problem.info(name, 0, sysfsOther + " other file(s) in sysfs device folders ignored"));
            }
        }
        return asm.build();
    }

    private static void readOne(RawFile f, CaptureAssembler asm, VerboseReader verboseReader) {
        TextLines.Text text;
        try {
            text = TextLines.read(f.name(), f::open);
        } catch (IOException | RuntimeException e) {
            asm.problem(InputReader.unreadable(f.name(), f.file(), e));
            return;
        }
        if (text == null) {
            asm.file(new CaptureFile(f.name(), Role.UNRECOGNISED, "binary file skipped"));
            asm.problem(Problem.info(f.name(), 0, "binary file skipped"));
            return;
        }
        asm.problems(text.problems());
        List<String> lines = text.lines();
        if (CollectorFiles.read(f, lines, asm)) return;
        String metaKey = RoleDetector.metadataKey(f.baseName(), lines);
        if (metaKey != null) {
            String value = lines.stream().filter(l -> !l.isBlank()).findFirst().orElse("");
            asm.metadata(metaKey, value);
            asm.file(new CaptureFile(f.name(), Role.METADATA, metaKey));
            return;
        }
        scanMetadata(lines, asm);
        RoleDetector.Detection d = RoleDetector.detect(lines);
        if (d.role() == Role.UNRECOGNISED && f.baseName().equalsIgnoreCase("source.txt") && !lines.isEmpty()) {
            // the provenance note beside a saved capture (every bundled sample has one): prose, not a capture file
            asm.file(new CaptureFile(f.name(), Role.METADATA, "where this capture came from"));
            return;
        }
        asm.file(new CaptureFile(f.name(), d.role(), d.detail()));
        parse(f, lines, d, asm, verboseReader);
    }

    /** Parses a recognised file by its role into the assembler. */
    private static void parse(RawFile f, List<String> lines, RoleDetector.Detection d, CaptureAssembler asm,
                              VerboseReader verboseReader) {
        switch (d.role()) {
            case LSPCI_TREE -> {
                ParseResult<List<dev.lanescope.model.TreeEntry>> r = TreeParser.parse(f.name(), lines);
                asm.problems(r.problems());
                asm.tree(f.name(), r.value());
            }
            case LSPCI_VERBOSE, LSPCI_PLAIN -> {
                ParseResult<List<PciFunction>> r = safeVerbose(verboseReader, f.name(), lines, asm);
                if (r == null) return;
                asm.problems(r.problems());
                List<PciFunction> fs = r.value();
                if (HexRows.hasRows(lines)) {
                    fs = withHex(f.name(), lines, fs, d.role() == Role.LSPCI_VERBOSE, asm);
                    if (d.role() == Role.LSPCI_PLAIN) {
                        asm.hex(f.name(), fs);
                        return;
                    }
                }
                if (d.role() == Role.LSPCI_VERBOSE) asm.verbose(f.name(), fs);
                else asm.plain(f.name(), fs);
            }
            case KERNEL_LOG -> {
                ParseResult<List<dev.lanescope.model.KernelBandwidthLine>> r = KernelLogParser.parse(f.name(), lines);
                asm.problems(r.problems());
                asm.kernel(r.value());
            }
            case SYSFS_LINKS -> {
                var r = SysfsLinkParser.parseListing(f.name(), lines);
                asm.problems(r.problems());
                asm.sysfs(f.name(), r.value());
                asm.numa(SysfsLinkParser.numaNodes(lines));
            }
            case NVIDIA_SMI_CSV -> {
                var r = NvidiaSmiParser.parseCsv(f.name(), lines);
                asm.problems(r.problems());
                asm.nvidia(r.value());
            }
            case NVIDIA_SMI_TOPO -> {
                ParseResult<TopoMatrix> r = NvidiaSmiParser.parseTopo(f.name(), lines);
                asm.problems(r.problems());
                asm.topo(f.name(), r.value());
            }
            case METADATA -> {
                // the lspci version line was read by scanMetadata
            }
            default -> asm.problem(Problem.info(f.name(), 0, "not recognised as a capture file ("
                    + d.detail() + "); ignored"));
        }
    }

    /**
     * Decodes the hex rows of a file; where the file also has -vv text, the two are compared (one WARNING per
     * disagreement) and the hex fills what the text could not say. Functions with a dump but no text are added.
     */
    private static List<PciFunction> withHex(String name, List<String> lines, List<PciFunction> text,
                                             boolean verbose, CaptureAssembler asm) {
        ParseResult<List<PciFunction>> hex;
        try {
            hex = HexDumpDecoder.parse(name, lines);
        } catch (RuntimeException e) {
            asm.problem(Problem.fault(name, 0, "hex dump could not be decoded", e));
            return text;
        }
        asm.problems(hex.problems());
        if (verbose) asm.problems(HexTextCheck.compare(name, lines, text, hex.value()));
        Map<dev.lanescope.model.Bdf, PciFunction> byBdf = new LinkedHashMap<>();
        for (PciFunction f : text) byBdf.put(f.bdf(), f);
        for (PciFunction h : hex.value()) {
            PciFunction t = byBdf.get(h.bdf());
            byBdf.put(h.bdf(), t == null ? h : HexFill.fill(t, h));
        }
        return new ArrayList<>(byBdf.values());
    }

    /** All of a file's bytes, or null with its ERROR. */
    private static byte[] bytes(RawFile f, CaptureAssembler asm) {
        try {
            return f.bytes();
        } catch (IOException | RuntimeException e) {
            asm.problem(InputReader.unreadable(f.name(), f.file(), e));
            return null;
        }
    }

    /** The -vv reader must not bring the load down: a throw becomes an ERROR for that file. */
    private static ParseResult<List<PciFunction>> safeVerbose(VerboseReader reader, String name, List<String> lines,
                                                              CaptureAssembler asm) {
        try {
            ParseResult<List<PciFunction>> r = reader.parse(name, lines);
            return r == null ? new ParseResult<>(List.of(), List.of()) : r;
        } catch (RuntimeException e) {
            asm.problem(Problem.fault(name, 0, "lspci text could not be read", e));
            return null;
        }
    }

    /** {@code lspci version X} and the kernel's {@code Linux version X} wherever they appear. */
    private static void scanMetadata(List<String> lines, CaptureAssembler asm) {
        LineShapes shapes = new LineShapes();
        for (String l : lines) {
            String v = shapes.version(l);
            if (v != null) asm.metadata("lspciVersion", v);
            if (l.contains("Linux version")) {
                Matcher k = LINUX_VERSION.matcher(l);
                if (k.find() && (l.startsWith("[") || l.contains("kernel:"))) asm.metadata("kernel", k.group(1));
            }
        }
    }
}
