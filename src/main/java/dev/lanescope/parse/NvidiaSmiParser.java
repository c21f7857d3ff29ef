package dev.lanescope.parse;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.NvidiaSmiLink;
import dev.lanescope.model.Problem;
import dev.lanescope.model.ProblemList;
import dev.lanescope.model.SourceRef;
import dev.lanescope.model.TopoMatrix;

/**
 * Reads {@code nvidia-smi} PCIe output (formats doc §7): the {@code --query-gpu=... --format=csv} table
 * ({@link #parseCsv}) and the {@code topo -m} matrix ({@link #parseTopo}).
 */
public final class NvidiaSmiParser {

    /** ANSI SGR escapes (nvidia-smi underlines the topo header). */
    public static final Pattern ANSI = Pattern.compile("\u001b\\[[0-9;]*m");
    private static final Pattern HEADER_LABEL = Pattern.compile("CPU Affinity|NUMA Affinity|GPU NUMA ID|\\S+");
    private static final Pattern NIC_LEGEND = Pattern.compile("^\\s*(\\S+):\\s*(\\S+)\\s*$");
    /** Field names this parser maps; any subset, any order. */
    private static final List<String> FIELDS = List.of("index", "pci.bus_id", "name", "pcie.link.gen.current",
            "pcie.link.gen.gpucurrent", "pcie.link.gen.max", "pcie.link.gen.gpumax", "pcie.link.gen.hostmax",
            "pcie.link.width.current", "pcie.link.width.max");

    private NvidiaSmiParser() {
    }

    /** Removes ANSI colour/underline escapes. */
    public static String stripAnsi(String s) {
        if (s == null) return "";
        return s.indexOf('\u001b') < 0 ? s : ANSI.matcher(s).replaceAll("");
    }

    /**
     * The CSV table. The header row names the columns; without it ({@code noheader}) the columns cannot be
     * mapped and nothing is read (a WARNING says so). {@code [N/A]} and other bracketed sentinels read -1.
     */
    public static ParseResult<List<NvidiaSmiLink>> parseCsv(String fileName, List<String> lines) {
        List<NvidiaSmiLink> out = new ArrayList<>();
        List<Problem> problems = new ProblemList();
        Map<String, Integer> col = null;
        int headerLine = 0;
        for (int i = 0; lines != null && i < lines.size(); i++) {
            String line = stripAnsi(lines.get(i)).strip();
            if (line.isEmpty()) continue;
            String[] cells = Csv.smiCells(line);
            if (col == null) {
                Map<String, Integer> found = header(cells);
                if (found.isEmpty()) {
                    problems.add(Problem.warning(fileName, i + 1, "nvidia-smi CSV without a header row "
                            + "(--format=csv,noheader): its columns cannot be mapped; capture it with --format=csv"));
                    return new ParseResult<>(out, problems);
                }
                col = found;
                headerLine = i + 1;
                continue;
            }
            if (cells.length < col.values().stream().mapToInt(Integer::intValue).max().orElse(0) + 1) {
                problems.add(Problem.warning(fileName, i + 1, "row has " + cells.length + " cells, the header (line "
                        + headerLine + ") has more; skipped"));
                continue;
            }
            out.add(row(fileName, i + 1, cells, col, problems));
        }
        return new ParseResult<>(out, problems);
    }

    private static Map<String, Integer> header(String[] cells) {
        Map<String, Integer> col = new HashMap<>();
        int known = 0;
        for (int c = 0; c < cells.length; c++) {
            String name = cells[c].toLowerCase(Locale.ROOT);
            int sp = name.indexOf(' ');
            if (sp > 0) name = name.substring(0, sp); // "pcie.link.width.max [units]" style
            if (FIELDS.contains(name)) {
                col.putIfAbsent(name, c);
                known++;
            } else if (name.matches("[a-z_]+(\\.[a-z_]+)*")) {
                col.putIfAbsent(name, c);
            }
        }
        return known == 0 ? Map.of() : col;
    }

    private static NvidiaSmiLink row(String file, int line, String[] cells, Map<String, Integer> col,
                                     List<Problem> problems) {
        int index = num(cells, col, "index", file, line, problems);
        Bdf bus = null;
        Integer busCol = col.get("pci.bus_id");
        if (busCol != null) {
            bus = Bdf.tryParse(cells[busCol]);
            if (bus == null) {
                problems.add(Problem.warning(file, line, "pci.bus_id '" + Text.clip(cells[busCol]) + "' is not a PCI address"));
            }
        }
        Integer nameCol = col.get("name");
        String name = nameCol == null ? null : cells[nameCol];
        int genCur = num(cells, col, "pcie.link.gen.current", file, line, problems);
        if (genCur < 0) genCur = num(cells, col, "pcie.link.gen.gpucurrent", file, line, problems);
        return new NvidiaSmiLink(index, bus, name, genCur,
                num(cells, col, "pcie.link.gen.max", file, line, problems),
                num(cells, col, "pcie.link.gen.gpumax", file, line, problems),
                num(cells, col, "pcie.link.gen.hostmax", file, line, problems),
                num(cells, col, "pcie.link.width.current", file, line, problems),
                num(cells, col, "pcie.link.width.max", file, line, problems),
                new SourceRef(file, line));
    }

    /** A bare integer cell; -1 when absent or a bracketed sentinel such as {@code [N/A]}. */
    private static int num(String[] cells, Map<String, Integer> col, String field, String file, int line,
                           List<Problem> problems) {
        Integer c = col.get(field);
        if (c == null) return -1;
        String v = cells[c];
        if (v.isEmpty() || v.startsWith("[") || v.equalsIgnoreCase("N/A")) return -1;
        String digits = v.endsWith("x") ? v.substring(0, v.length() - 1) : v;
        try {
            return Integer.parseInt(digits.strip());
        } catch (NumberFormatException e) {
            problems.add(Problem.warning(file, line, field + " '" + Text.clip(v) + "' is not a number; read as unknown"));
            return -1;
        }
    }

    /**
     * The {@code topo -m} matrix: TAB-separated or re-spaced cells, ANSI escapes, NIC columns and legend, old
     * {@code SOC} cells (read as {@code SYS}). Returns a null value when no matrix header is found.
     */
    public static ParseResult<TopoMatrix> parseTopo(String fileName, List<String> lines) {
        List<Problem> problems = new ProblemList();
        List<String> labels = new ArrayList<>();
        List<String> extra = new ArrayList<>();
        Map<String, Map<String, String>> cells = new LinkedHashMap<>();
        Map<String, String> numa = new LinkedHashMap<>();
        Map<String, String> nics = new LinkedHashMap<>();
        int headerLine = 0;
        boolean inNicLegend = false;
        boolean inLegend = false;
        for (int i = 0; lines != null && i < lines.size(); i++) {
            String line = stripAnsi(lines.get(i));
            String t = line.strip();
            if (t.isEmpty()) continue;
            if (headerLine == 0) {
                if (Character.isWhitespace(line.charAt(0)) && t.startsWith("GPU0")) {
                    headerLine = i + 1;
                    Matcher m = HEADER_LABEL.matcher(t);
                    while (m.find()) {
                        String l = m.group();
                        if (l.contains(" ") || !extra.isEmpty()) extra.add(l);
                        else labels.add(l);
                    }
                }
                continue;
            }
            if (t.equals("Legend:")) {
                inLegend = true;
                continue;
            }
            if (t.equals("NIC Legend:")) {
                inNicLegend = true;
                continue;
            }
            if (inNicLegend) {
                Matcher m = NIC_LEGEND.matcher(t);
                if (m.matches()) nics.put(m.group(1), m.group(2));
                continue;
            }
            if (inLegend) continue;
            matrixRow(fileName, i + 1, t, labels, extra, cells, numa, problems);
        }
        if (headerLine == 0) {
            problems.add(Problem.warning(fileName, 0, "no nvidia-smi topo -m header (a line of GPU0 GPU1 ...) found"));
            return new ParseResult<>(null, problems);
        }
        return new ParseResult<>(new TopoMatrix(labels, cells, numa, nics, new SourceRef(fileName, headerLine)),
                problems);
    }

    /** One row of the matrix at line {@code no}: its cells by column label, and its NUMA affinity when printed. */
    private static void matrixRow(String fileName, int no, String t, List<String> labels, List<String> extra,
                                  Map<String, Map<String, String>> cells, Map<String, String> numa,
                                  List<Problem> problems) {
        String[] tok = t.split("\\s+");
        if (!labels.contains(tok[0])) {
            problems.add(Problem.info(fileName, no, "not a row of the topo matrix; ignored"));
            return;
        }
        if (tok.length < labels.size() + 1) {
            problems.add(Problem.warning(fileName, no, "row " + tok[0] + " has " + (tok.length - 1)
                    + " cells for " + labels.size() + " columns; kept what is there"));
        }
        Map<String, String> row = new LinkedHashMap<>();
        for (int c = 0; c < labels.size() && c + 1 < tok.length; c++) {
            String v = tok[c + 1].toUpperCase(Locale.ROOT);
            row.put(labels.get(c), v.equals("SOC") ? "SYS" : v);
        }
        cells.put(tok[0], row);
        int numaCol = extra.indexOf("NUMA Affinity");
        int at = labels.size() + 1 + numaCol;
        if (numaCol >= 0 && at < tok.length) numa.put(tok[0], tok[at]);
    }
}
