package dev.lanescope.parse.p2p;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.lanescope.model.Problem;
import dev.lanescope.model.ProblemList;
import dev.lanescope.model.p2p.CollectiveOp;
import dev.lanescope.model.p2p.CollectiveTable;
import dev.lanescope.parse.LinearMatch;
import dev.lanescope.parse.Numbers;
import dev.lanescope.parse.ParseResult;

/**
 * Reads the text every nccl-tests and rccl-tests program prints ({@code sendrecv_perf}, {@code all_reduce_perf},
 * {@code all_gather_perf}, {@code reduce_scatter_perf}, {@code broadcast_perf} ...): the {@code # nThread .. nGpus ..}
 * header, the {@code # Rank N ... device N [bus] name} lines, the column header and the rows, and the
 * {@code # Avg bus bandwidth} line. One file may hold several runs; each becomes a table.
 *
 * <p>Columns are read by the column header ({@code size count type redop root time algbw busbw #wrong ...}) when it
 * is there, so older layouts without {@code redop}/{@code root} read too; without it, by the row's shape. Lines
 * prefixed by a launcher's rank label ({@code 0: }) are read too; NCCL's own INFO lines are skipped.
 *
 * <p>Which operation a table measured: the {@code # Collective test starting: X} line, else the program named on a
 * command line above the table, else the file name, else the table's own columns: for {@code n} ranks, bus bandwidth
 * is algorithm bandwidth times 1 (send/receive), (n-1)/n (all-gather, reduce-scatter) or 2(n-1)/n (all-reduce)
 * (nccl-tests doc/PERFORMANCE.md), told apart together with the {@code redop} and {@code root} columns. When that
 * cannot decide (two ranks: 2(n-1)/n = 1), the op is left null.
 */
public final class NcclTestsParser {

    private static final Pattern HEADER = Pattern.compile("#\\s*nThread\\s+(\\d+)\\s+nGpus\\s+(\\d+)");
    /** {@code #  Rank  0 Group  0 Pid 123 on host device  0 [0x1b] NVIDIA A40}: the head, then the device part. */
    private static final Pattern RANK = Pattern.compile("#\\s*+Rank\\s++(\\d++)\\b");
    private static final Pattern DEVICE = Pattern.compile("device\\s++\\d++\\s++\\[");
    private static final Pattern LABEL = Pattern.compile("^\\s*\\d+:\\s");
    private static final Pattern ROW = Pattern.compile("^\\s*\\d+\\s+\\d+\\s+[A-Za-z0-9_]+\\s+\\S+");
    private static final Pattern STARTING = Pattern.compile("Collective test starting:\\s*(\\S+)");
    private static final Pattern AVG = Pattern.compile("#\\s*Avg bus bandwidth\\s*:\\s*([0-9.eE+-]+)");

    /** More ranks than any run has had; a larger rank or count is not a measurement. */
    static final int MAX_RANKS = 1 << 20;

    /** What a file with no table row is told. */
    private static final String NO_TABLES = "no nccl-tests table rows found (want the whole output of, for "
            + "example, sendrecv_perf -b 8 -e 1G -f 2 -g 2 from nccl-tests or rccl-tests)";

    private NcclTestsParser() {
    }

    /** Column positions of one layout: -1 where the layout has no such column. */
    private record Layout(int type, int redop, int root, int time) {
        static Layout of(List<String> names) {
            return new Layout(names.indexOf("type"), names.indexOf("redop"), names.indexOf("root"),
                    names.indexOf("time"));
        }
    }

    /** A table being read. */
    private static final class Open {
        final TreeMap<Integer, String> devices = new TreeMap<>();
        final TreeMap<Integer, String> buses = new TreeMap<>();
        final TreeMap<Long, CollectiveTable.Row> rows = new TreeMap<>();
        int headerRanks;
        Layout layout;
        CollectiveOp op;
        String opFrom;
        double avg = Double.NaN;
        int firstRow;
    }

    /** The header's {@code nThread N nGpus G}: the table's rank count, when both read and within bounds. */
    private static void headerRanks(Numbers.At at, Matcher header, Open t) {
        Integer threads = at.integer("nThread", header.group(1), 1, MAX_RANKS);
        Integer gpus = at.integer("nGpus", header.group(2), 1, MAX_RANKS);
        if (threads != null && gpus != null && (long) threads * gpus <= MAX_RANKS) t.headerRanks = threads * gpus;
    }

    /** A {@code #  Rank  0 ...} line: that rank's device and bus id (the first line per rank wins). */
    private static void rankDevice(Numbers.At at, String[] rankLine, Open t) {
        Integer rank = at.integer("rank", rankLine[0], 0, MAX_RANKS - 1);
        if (rank == null) return;
        t.devices.putIfAbsent(rank, rankLine[2].strip());
        t.buses.putIfAbsent(rank, rankLine[1].strip());
    }

    public static ParseResult<List<CollectiveTable>> parse(String fileName, List<String> lines) {
        List<Problem> problems = new ProblemList();
        List<CollectiveTable> tables = new ArrayList<>();
        Open t = new Open();
        CollectiveOp commandOp = null;
        for (int i = 0; lines != null && i < lines.size(); i++) {
            String raw = lines.get(i);
            if (raw == null) continue;
            String line = LABEL.matcher(raw).lookingAt() ? raw.substring(raw.indexOf(':') + 1) : raw;
            if (line.contains("NCCL INFO") || line.contains("NCCL WARN")) continue;
            Matcher m = STARTING.matcher(line);
            if (m.find()) {
                if (!t.rows.isEmpty()) t = finish(fileName, t, tables, commandOp);
                t.op = CollectiveOp.named(m.group(1));
                t.opFrom = "the '# Collective test starting' line";
                continue;
            }
            m = HEADER.matcher(line);
            if (m.find()) {
                if (!t.rows.isEmpty()) t = finish(fileName, t, tables, commandOp);
                headerRanks(new Numbers.At(fileName, i + 1, problems), m, t);
                continue;
            }
            String stripped = line.strip();
            String[] rankLine = rankLine(stripped);
            if (rankLine != null) {
                if (!t.rows.isEmpty()) t = finish(fileName, t, tables, commandOp);
                rankDevice(new Numbers.At(fileName, i + 1, problems), rankLine, t);
                continue;
            }
            m = AVG.matcher(stripped);
            if (m.find()) {
                t.avg = number(m.group(1));
                if (!t.rows.isEmpty()) t = finish(fileName, t, tables, commandOp);
                continue;
            }
            if (stripped.startsWith("#")) {
                List<String> names = columnNames(stripped);
                if (names != null) {
                    if (!t.rows.isEmpty()) t = finish(fileName, t, tables, commandOp);
                    t.layout = Layout.of(names);
                }
                continue;
            }
            if (!ROW.matcher(line).find()) {
                String program = program(line);
                if (program != null && CollectiveOp.named(program) != null) {
                    if (!t.rows.isEmpty()) t = finish(fileName, t, tables, commandOp);
                    commandOp = CollectiveOp.named(program);
                }
                continue;
            }
            readRow(fileName, i + 1, stripped.split("\\s+"), t, problems);
        }
        if (!t.rows.isEmpty()) finish(fileName, t, tables, commandOp);
        if (tables.isEmpty()) problems.add(Problem.error(fileName, 0, NO_TABLES));
        return new ParseResult<>(List.copyOf(tables), problems);
    }

    /**
     * The rank, the bracketed bus and the device name of a {@code # Rank} line, or null: the first {@code device N [}
     * after the rank, then up to the next {@code ]}; linear in the line (docs/RULES.md section 13).
     */
    static String[] rankLine(String line) {
        Matcher head = LinearMatch.at(RANK, line, "#");
        if (head == null) return null;
        String rank = head.group(1);
        Matcher d = LinearMatch.at(DEVICE, line, "device", head.end());
        while (d != null && d.start() > 0 && LinearMatch.isWordChar(line.charAt(d.start() - 1))) {
            d = LinearMatch.at(DEVICE, line, "device", d.start() + 1);
        }
        if (d == null) return null;
        int close = line.indexOf(']', d.end());
        if (close < 0) return null;
        return new String[] {rank, line.substring(d.end(), close), line.substring(close + 1).strip()};
    }

    /**
     * The program named by {@code NAME_perf} or {@code NAME_perf_mpi} as a whole word ({@code all_reduce} of
     * {@code ./build/all_reduce_perf -b 8}), the first on the line, or null; one pass over the line's words.
     */
    static String program(String line) {
        int n = line.length();
        int i = 0;
        while (i < n) {
            while (i < n && !isNameChar(line.charAt(i))) i++;
            int start = i;
            while (i < n && isNameChar(line.charAt(i))) i++;
            boolean wordBefore = start > 0 && LinearMatch.isWordChar(line.charAt(start - 1));
            boolean wordAfter = i < n && LinearMatch.isWordChar(line.charAt(i));
            if (start == i || wordBefore || wordAfter) continue;
            String run = line.substring(start, i);
            if (run.endsWith("_perf") && run.length() > 5) return run.substring(0, run.length() - 5);
            if (run.endsWith("_perf_mpi") && run.length() > 9) return run.substring(0, run.length() - 9);
        }
        return null;
    }

    private static boolean isNameChar(char c) {
        return c >= 'a' && c <= 'z' || c == '_';
    }

    /** The column names of a {@code #  size  count  type ...} header line, or null when it is not one. */
    private static List<String> columnNames(String line) {
        String[] t = line.substring(1).strip().toLowerCase(Locale.ROOT).split("\\s+");
        List<String> names = List.of(t);
        if (names.size() < 5 || !"size".equals(names.get(0)) || !names.contains("time") || !names.contains("busbw")) {
            return null;
        }
        return names;
    }

    private static void readRow(String file, int lineNo, String[] t, Open table, List<Problem> problems) {
        Layout l = table.layout != null ? table.layout : guess(t);
        int at = l.time;
        if (at < 0 || t.length < at + 3) {
            problems.add(Problem.warning(file, lineNo, "nccl-tests row with " + t.length + " columns, fewer than "
                    + "its header names (size count type [redop] [root] time algbw busbw ...); skipped"));
            return;
        }
        Numbers.At n = new Numbers.At(file, lineNo, problems);
        Long bytes = n.whole("size", t[0]);
        Long count = n.whole("count", t[1]);
        Double time = n.decimal("time", t[at]);
        Double alg = n.decimal("algbw", t[at + 1]);
        Double bus = n.decimal("busbw", t[at + 2]);
        if (bytes == null || count == null || time == null || alg == null || bus == null) return; // told by n
        double inTime = t.length > at + 4 ? number(t[at + 4]) : Double.NaN;
        double inBus = t.length > at + 6 ? number(t[at + 6]) : Double.NaN;
        if (!(time > 0) || !Double.isFinite(time) || bytes < 1 || !Double.isFinite(bus) || bus < 0) {
            problems.add(Problem.warning(file, lineNo, "nccl-tests row with time " + t[at] + " us for " + t[0]
                    + " bytes is not a measurement; skipped"));
            return;
        }
        if (table.rows.containsKey(bytes)) {
            problems.add(Problem.info(file, lineNo, "size " + bytes + " repeated; the first row (line "
                    + table.rows.get(bytes).line() + ") is kept"));
            return;
        }
        String type = l.type >= 0 && l.type < t.length ? t[l.type] : null;
        String redop = l.redop >= 0 && l.redop < t.length ? t[l.redop].toLowerCase(Locale.ROOT) : null;
        Long rootValue = l.root >= 0 && l.root < t.length ? Numbers.parseWhole(t[l.root]) : null;
        int root = rootValue == null || rootValue < 0 || rootValue >= MAX_RANKS ? -1 : rootValue.intValue();
        if (table.rows.isEmpty()) table.firstRow = lineNo;
        table.rows.put(bytes, new CollectiveTable.Row(bytes, count, type, redop, root, time, alg, bus, inTime,
                inBus, lineNo));
    }

    /** The layout of a row read without a column header, from its shape. */
    private static Layout guess(String[] t) {
        boolean word3 = t.length > 3 && !isNumber(t[3]);
        if (t.length >= 13) return new Layout(2, 3, 4, 5);
        if (t.length == 12 || t.length == 8) return word3 ? new Layout(2, 3, -1, 4) : new Layout(2, -1, 3, 4);
        if (t.length == 11 || t.length == 7) return new Layout(2, -1, -1, 3);
        return word3 ? new Layout(2, 3, 4, 5) : new Layout(2, -1, -1, 3);
    }

    private static Open finish(String file, Open t, List<CollectiveTable> tables, CollectiveOp commandOp) {
        int ranks = t.devices.isEmpty() ? t.headerRanks : t.devices.lastKey() + 1;
        List<CollectiveTable.Row> rows = new ArrayList<>(t.rows.values());
        CollectiveOp op = t.op;
        String from = t.opFrom;
        if (op == null && commandOp != null) {
            op = commandOp;
            from = "the command line above the table";
        }
        if (op == null && CollectiveOp.named(baseName(file)) != null) {
            op = CollectiveOp.named(baseName(file));
            from = "the file name";
        }
        if (op == null) {
            op = fromColumns(rows, ranks);
            if (op != null) from = "the table's columns (bus bandwidth over algorithm bandwidth, redop, root)";
        }
        tables.add(new CollectiveTable(file, op, op == null ? null : from, ranks, new ArrayList<>(t.devices.values()),
                new ArrayList<>(t.buses.values()), rows, t.avg, t.firstRow));
        Open next = new Open();
        // the rank lines and header belong to the run; a second table of the same run keeps them
        next.devices.putAll(t.devices);
        next.buses.putAll(t.buses);
        next.headerRanks = t.headerRanks;
        next.layout = t.layout;
        return next;
    }

    /** The op the columns prove, or null when they cannot tell. */
    static CollectiveOp fromColumns(List<CollectiveTable.Row> rows, int ranks) {
        CollectiveTable.Row r = rows.stream().filter(x -> x.algGbPerS() >= 0.5).reduce((a, b) -> b).orElse(null);
        if (r == null || ranks < 2) return null;
        if (r.root() >= 0) return "none".equals(r.redop()) ? CollectiveOp.BROADCAST : CollectiveOp.REDUCE;
        double ratio = r.busGbPerS() / r.algGbPerS();
        double n = ranks;
        boolean one = near(ratio, 1.0);
        boolean share = near(ratio, (n - 1) / n);
        boolean twice = near(ratio, 2 * (n - 1) / n);
        boolean noReduction = "none".equals(r.redop());
        List<CollectiveOp> fits = new ArrayList<>();
        if (one) fits.add(CollectiveOp.SENDRECV);
        if (share) fits.add(noReduction ? CollectiveOp.ALL_GATHER : CollectiveOp.REDUCE_SCATTER);
        if (twice && !noReduction) fits.add(CollectiveOp.ALL_REDUCE);
        return fits.size() == 1 ? fits.get(0) : null;
    }

    private static boolean near(double ratio, double want) {
        return Math.abs(ratio - want) <= 0.03 * want;
    }

    private static String baseName(String file) {
        if (file == null) return null;
        String f = file.replace('\\', '/');
        return f.substring(f.lastIndexOf('/') + 1);
    }

    private static boolean isNumber(String s) {
        return !Double.isNaN(number(s));
    }

    private static double number(String s) {
        Double v = Numbers.parseDecimal(s);
        return v == null ? Double.NaN : v;
    }
}
