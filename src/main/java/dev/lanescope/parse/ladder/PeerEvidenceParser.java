package dev.lanescope.parse.ladder;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.Problem;
import dev.lanescope.model.ProblemList;
import dev.lanescope.model.ladder.ChipsetRefusal;
import dev.lanescope.model.ladder.DmaMaskBits;
import dev.lanescope.model.p2p.Evidence;
import dev.lanescope.model.ladder.LadderEvidence;
import dev.lanescope.model.ladder.PeerAccessMatrix;
import dev.lanescope.model.ladder.VramBarLine;
import dev.lanescope.parse.LinearMatch;
import dev.lanescope.parse.Numbers;

/**
 * Reads, from any text file, the lines the P2P ladder's lower rungs cite: lspci -vv BAR lines, amdgpu's VRAM/BAR and
 * chipset-refusal lines, sysfs {@code dma_mask_bits}, {@code nvidia-smi topo -p2p r} and {@code rocm-smi
 * --showtopoaccess} matrices (with {@code rocm-smi --showbus} addresses), and lscpu's CPU
 * vendor and family. One instance collects over many files; {@link #result()} hands out the record.
 */
public final class PeerEvidenceParser {

    private static final String BDF = "(?:[0-9a-fA-F]{4,8}:)?[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7]";
    private static final Pattern ONE_BDF = Pattern.compile(BDF);
    private static final Pattern BDF_COLON = Pattern.compile("(" + BDF + "):");
    private static final Pattern BAR_LINE = Pattern.compile("^\\s+(Region \\d+:|BAR \\d+: current size|"
            + "Capabilities: \\[[0-9a-f]+ v\\d\\] (?:Physical )?Resizable BAR)");
    /** The driver's part of a VRAM line; the device is the first {@code BDF:} before it (docs/RULES.md section 13). */
    private static final Pattern VRAM = Pattern.compile("Detected VRAM RAM=(\\d++)M, BAR=(\\d++)M");
    private static final Pattern REFUSAL = Pattern.compile(
            "P2P access from peer device (" + BDF + ") is not supported by the chipset");
    private static final Pattern DMA_MASK = Pattern.compile(
            "(" + BDF + ")(?:/dma_mask_bits:|\\s++dma_mask_bits=)\\s*+(\\d++)\\s*+$");
    private static final Pattern CPU_VENDOR = Pattern.compile("^\\s*Vendor ID:\\s+(\\S+)\\s*$");
    private static final Pattern CPU_FAMILY = Pattern.compile("^\\s*CPU family:\\s+(\\d+)\\s*$");
    private static final Pattern GPU_LABEL = Pattern.compile("GPU\\d++");
    private static final Pattern ROCM_BUS = Pattern.compile("^\\s*GPU\\[(\\d+)\\]\\s*:\\s*PCI Bus:\\s*(" + BDF + ")");
    private static final java.util.Set<String> NV_CELLS = java.util.Set.of("X", "OK", "CNS", "GNS", "TNS", "NS", "U");
    private static final java.util.Set<String> ROCM_CELLS = java.util.Set.of("TRUE", "FALSE");

    private final List<String> files = new ArrayList<>();
    private final Map<Bdf, List<Evidence>> barLines = new LinkedHashMap<>();
    private final List<VramBarLine> vram = new ArrayList<>();
    private final List<ChipsetRefusal> refusals = new ArrayList<>();
    private final List<DmaMaskBits> masks = new ArrayList<>();
    private final List<PeerAccessMatrix> matrices = new ArrayList<>();
    private final Map<String, Bdf> rocmBus = new LinkedHashMap<>();
    private final List<Problem> problems = new ProblemList();
    private String cpuVendor;
    private int cpuFamily = -1;
    private Evidence cpuLine;

    /** Reads one file's lines. */
    public void read(String file, List<String> lines) {
        files.add(file);
        Bdf record = null;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            int n = i + 1;
            String head = recordAddress(l);
            if (head != null) {
                record = Bdf.tryParse(head);
                continue;
            }
            if (l.isBlank()) record = null;
            if (record != null && BAR_LINE.matcher(l).find()) {
                barLines.computeIfAbsent(record, k -> new ArrayList<>()).add(new Evidence(file, n, l));
                continue;
            }
            if (lineFacts(file, n, l)) continue;
            if (isGpuHeader(l)) i = matrix(file, lines, i) - 1;
        }
    }

    private boolean lineFacts(String file, int n, String l) {
        Matcher m;
        Matcher dev;
        if ((m = LinearMatch.at(VRAM, l, "Detected VRAM")) != null && (dev = deviceBefore(l, m.start())) != null) {
            Bdf d = Bdf.tryParse(dev.group(1));
            Numbers.At at = new Numbers.At(file, n, problems);
            Long ram = at.whole("VRAM size in MiB", m.group(1), 0, Long.MAX_VALUE >> 20);
            Long bar = at.whole("BAR size in MiB", m.group(2), 0, Long.MAX_VALUE >> 20);
            if (d != null && ram != null && bar != null) vram.add(new VramBarLine(d, ram, bar, new Evidence(file, n, l)));
            return true;
        }
        if ((m = LinearMatch.at(REFUSAL, l, "P2P access from peer")) != null
                && (dev = deviceBefore(l, m.start())) != null) {
            Bdf d = Bdf.tryParse(dev.group(1));
            Bdf p = Bdf.tryParse(m.group(1));
            if (d != null && p != null) refusals.add(new ChipsetRefusal(d, p, new Evidence(file, n, l)));
            return true;
        }
        if (l.contains("dma_mask_bits") && (m = DMA_MASK.matcher(l)).find()) {
            Bdf d = Bdf.tryParse(m.group(1));
            Integer bits = new Numbers.At(file, n, problems).integer("dma_mask_bits", m.group(2), 1, 64);
            if (d != null && bits != null) masks.add(new DmaMaskBits(d, bits, new Evidence(file, n, l)));
            return true;
        }
        if ((m = ROCM_BUS.matcher(l)).find()) {
            Bdf d = Bdf.tryParse(m.group(2));
            if (d != null) rocmBus.put("GPU" + m.group(1), d);
            return true;
        }
        if ((m = CPU_VENDOR.matcher(l)).find()) {
            cpuVendor = m.group(1);
            return true;
        }
        if ((m = CPU_FAMILY.matcher(l)).find()) {
            Integer family = new Numbers.At(file, n, problems).integer("CPU family", m.group(1), 0, 4095);
            if (family == null) return true;
            cpuFamily = family;
            cpuLine = new Evidence(file, n, l);
            return true;
        }
        return false;
    }

    /** The first {@code BDF:} of the line before {@code end}, or null; a BDF is at most 19 characters, so linear. */
    private static Matcher deviceBefore(String l, int end) {
        Matcher d = BDF_COLON.matcher(l).region(0, end);
        return d.find() ? d : null;
    }

    /**
     * The address that starts an lspci record ({@code 03:00.0 VGA ...}, or with its path from {@code lspci -P}:
     * {@code 00:01.0/03:00.0 VGA ...}): the last of the slash-separated addresses of the first word, which must be
     * followed by a blank; null when the line does not start so. One pass over the first word.
     */
    static String recordAddress(String l) {
        int n = l.length();
        int end = 0;
        while (end < n && !Character.isWhitespace(l.charAt(end))) end++;
        if (end == 0 || end == n) return null;
        int from = 0;
        Matcher m = ONE_BDF.matcher(l);
        while (true) {
            int slash = l.indexOf('/', from);
            int stop = slash < 0 || slash > end ? end : slash;
            if (!m.region(from, stop).matches()) return null;
            if (stop == end) return l.substring(from, end);
            from = stop + 1;
        }
    }

    /** {@code GPU0 GPU1 ...}: two or more GPU labels and nothing else (a matrix's header line). */
    private static boolean isGpuHeader(String l) {
        String s = l.strip();
        if (!s.startsWith("GPU")) return false;
        String[] labels = s.split("\\s+");
        if (labels.length < 2) return false;
        for (String label : labels) {
            if (!GPU_LABEL.matcher(label).matches()) return false;
        }
        return true;
    }

    /** Reads a GPU-by-GPU matrix starting at its header line; returns the index of the first line after it. */
    private int matrix(String file, List<String> lines, int header) {
        List<String> labels = List.of(lines.get(header).trim().split("\\s+"));
        Map<String, Map<String, String>> cells = new LinkedHashMap<>();
        Map<String, Evidence> rows = new LinkedHashMap<>();
        String kind = null;
        int i = header + 1;
        for (; i < lines.size() && rows.size() < labels.size(); i++) {
            String[] parts = lines.get(i).trim().split("\\s+");
            if (parts.length != labels.size() + 1 || !labels.contains(parts[0])) break;
            Map<String, String> row = new LinkedHashMap<>();
            for (int c = 0; c < labels.size(); c++) {
                String cell = parts[c + 1].toUpperCase(Locale.ROOT);
                String k = NV_CELLS.contains(cell) ? "nv" : ROCM_CELLS.contains(cell) ? "rocm" : null;
                if (k == null || kind != null && !kind.equals(k) && !cell.equals("X")) return i + 1;
                if (!cell.equals("X")) kind = k;
                row.put(labels.get(c), parts[c + 1]);
            }
            cells.put(parts[0], row);
            rows.put(parts[0], new Evidence(file, i + 1, lines.get(i)));
        }
        if (kind == null || rows.size() < 2) return i;
        matrices.add(new PeerAccessMatrix(kind.equals("nv") ? "nvidia-smi topo -p2p r" : "rocm-smi --showtopoaccess",
                labels, cells, Map.of(), rows));
        return i;
    }

    /** Everything read so far; rocm-smi matrices get the addresses {@code rocm-smi --showbus} printed. */
    public LadderEvidence result() {
        List<PeerAccessMatrix> ms = new ArrayList<>();
        for (PeerAccessMatrix m : matrices) {
            ms.add(m.tool().startsWith("rocm") && !rocmBus.isEmpty()
                    ? new PeerAccessMatrix(m.tool(), m.labels(), m.cells(), rocmBus, m.rows()) : m);
        }
        return new LadderEvidence(files, barLines, vram, refusals, masks, ms, List.of(), List.of(), List.of(), List.of(), java.util.Set.of(), cpuVendor,
                cpuFamily, cpuLine, problems);
    }
}
