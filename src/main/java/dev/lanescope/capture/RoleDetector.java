package dev.lanescope.capture;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

import dev.lanescope.model.CaptureFile.Role;
import dev.lanescope.parse.KernelLogParser;
import dev.lanescope.parse.NvidiaSmiParser;
import dev.lanescope.parse.SysfsLinkParser;

/**
 * Tells what a text file holds from its content (never its name, except the one-line metadata files
 * {@code hostname}, {@code boot_id}, {@code uname}/{@code kernel}, {@code date}, {@code uptime}, {@code root}, and the
 * collector's {@code MANIFEST} and {@code *.err} files, see {@link CaptureLoader}). Checks, in order:
 * topo -m matrix, nvidia-smi CSV, sysfs listing, lspci tree, lspci -v/-vv, plain lspci, kernel log,
 * an {@code lspci --version} line; anything else is UNRECOGNISED.
 */
final class RoleDetector {

    /** The role and a short human detail. */
    record Detection(Role role, String detail) {
    }

    private static final Pattern CSV_NOHEADER = Pattern.compile(
            "^(?:\\d+, )?[0-9A-Fa-f]{8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\\.[0-7], .*");
    private static final Set<String> METADATA_NAMES =
            Set.of("hostname", "boot_id", "uname", "kernel", "date", "uptime", "root");

    private RoleDetector() {
    }

    /** The metadata key a one-line file gives by its name, or null. */
    static String metadataKey(String baseName, List<String> lines) {
        String n = baseName.toLowerCase(Locale.ROOT);
        if (n.endsWith(".txt")) n = n.substring(0, n.length() - 4);
        if (!METADATA_NAMES.contains(n)) return null;
        List<String> nonBlank = lines.stream().filter(l -> !l.isBlank()).toList();
        if (nonBlank.size() != 1 || nonBlank.get(0).length() > 200) return null;
        return switch (n) {
            case "boot_id" -> "bootId";
            case "uname", "kernel" -> "kernel";
            default -> n;
        };
    }

    /** What the lines of one file look like, counted line by line. */
    private static final class Counts {
        int nonBlank;
        int header;
        int indented;
        int hex;
        int verboseKeys;
        int treeTop;
        int treeLines;
        int dmesg;
        int sysfs;
        int bandwidth;
        boolean topoHeader;
        boolean topoRow;
        boolean version;
        String first;
        final LineShapes shapes = new LineShapes();

        void add(String raw) {
            String l = NvidiaSmiParser.stripAnsi(raw);
            if (l.isBlank()) return;
            nonBlank++;
            if (first == null) first = l.strip();
            if (shapes.header(l)) header++;
            else if (shapes.hexRow(l)) hex++;
            else if (LineShapes.indented(l)) {
                indented++;
                if (LineShapes.verboseKey(l)) verboseKeys++;
            }
            if (shapes.treeTop(l)) treeTop++;
            if (shapes.treeLine(l)) treeLines++;
            if (shapes.dmesg(l)) dmesg++;
            if (SysfsLinkParser.isListingLine(l)) sysfs++;
            if (KernelLogParser.isLogLine(l)) bandwidth++;
            if (LineShapes.startsAfterWhitespace(l, "GPU0")) topoHeader = true;
            if (l.startsWith("GPU0 ") || l.startsWith("GPU0\t")) topoRow = true;
            if (shapes.version(l) != null) version = true;
        }
    }

    /** The role of a text file from its lines. */
    static Detection detect(List<String> lines) {
        Counts c = new Counts();
        for (String raw : lines) c.add(raw);
        int nonBlank = c.nonBlank;
        int header = c.header;
        int indented = c.indented;
        int hex = c.hex;
        int sysfs = c.sysfs;
        int treeLines = c.treeLines;
        int bandwidth = c.bandwidth;
        int dmesg = c.dmesg;
        String first = c.first;
        if (nonBlank == 0) return new Detection(Role.UNRECOGNISED, "empty file");
        if (c.topoHeader && c.topoRow) return new Detection(Role.NVIDIA_SMI_TOPO, "GPU/NIC connection matrix");
        if (first.contains(",") && (first.contains("pci.bus_id") || first.contains("pcie.link."))) {
            return new Detection(Role.NVIDIA_SMI_CSV, "CSV with a header row");
        }
        if (CSV_NOHEADER.matcher(first).matches()) {
            return new Detection(Role.NVIDIA_SMI_CSV, "CSV without a header row");
        }
        if (sysfs > 0 && sysfs * 2 >= nonBlank) return new Detection(Role.SYSFS_LINKS, sysfs + " sysfs link lines");
        if (c.treeTop > 0 && treeLines * 2 >= nonBlank) {
            return new Detection(Role.LSPCI_TREE, treeLines + " tree lines");
        }
        if (header > 0 && (header + indented + hex) * 2 >= nonBlank) {
            if (c.verboseKeys > 0) return new Detection(Role.LSPCI_VERBOSE, header + " device records");
            if (indented == 0 || header * 2 >= nonBlank) {
                return new Detection(Role.LSPCI_PLAIN, hex > 0
                        ? header + " functions with their config space in hex (lspci -x), decoded here"
                        : header + " device lines");
            }
        }
        if (bandwidth > 0) return new Detection(Role.KERNEL_LOG, bandwidth + " PCIe bandwidth line(s)");
        if (dmesg > 0 && dmesg * 10 >= nonBlank * 3) {
            return new Detection(Role.KERNEL_LOG, "no PCIe bandwidth lines");
        }
        if (c.version) return new Detection(Role.METADATA, "lspci --version");
        return new Detection(Role.UNRECOGNISED, "not a format this tool reads");
    }
}
