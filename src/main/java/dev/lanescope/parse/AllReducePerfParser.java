package dev.lanescope.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.lanescope.model.AllReduceTable;
import dev.lanescope.model.Problem;

/**
 * Reads the text nccl-tests and rccl-tests {@code all_reduce_perf} print: the {@code # nThread .. nGpus ..} header,
 * the {@code # Rank N ... device N [bus] name} lines and the table rows
 * ({@code size count type redop [root] time algbw busbw #wrong time algbw busbw #wrong}, the {@code root} column
 * only in newer versions). Lines prefixed by a launcher's rank label ({@code 0: }) are read too. Only the first
 * all-reduce table is taken; the tables of other collectives that often follow in the same log are skipped.
 */
public final class AllReducePerfParser {

    private static final Pattern HEADER = Pattern.compile("#\\s*nThread\\s+(\\d+)\\s+nGpus\\s+(\\d+)");
    private static final Pattern RANK = Pattern.compile("#\\s*Rank\\s+(\\d+)\\b.*?\\bdevice\\s+\\d+\\s+\\[[^]]*]\\s*(.*)$");
    private static final Pattern LABEL = Pattern.compile("^\\s*\\d+:\\s");
    private static final Pattern NUMBER_START = Pattern.compile("^\\s*\\d+\\s+\\d+\\s+[a-z0-9_]+\\s+\\S+\\s");

    private AllReducePerfParser() {
    }

    public static ParseResult<AllReduceTable> parse(String fileName, List<String> lines) {
        List<Problem> problems = new ArrayList<>();
        TreeMap<Integer, String> devices = new TreeMap<>();
        TreeMap<Long, AllReduceTable.Row> rows = new TreeMap<>();
        int headerRanks = 0;
        int headers = 0;
        boolean tableDone = false;
        boolean otherCollective = false;
        for (int i = 0; lines != null && i < lines.size(); i++) {
            String raw = lines.get(i);
            if (raw == null) continue;
            String line = LABEL.matcher(raw).lookingAt() ? raw.substring(raw.indexOf(':') + 1) : raw;
            Matcher h = HEADER.matcher(line);
            if (h.find()) {
                headers++;
                if (!rows.isEmpty()) tableDone = true;
                if (!tableDone && headers == 1) {
                    headerRanks = Integer.parseInt(h.group(1)) * Integer.parseInt(h.group(2));
                }
                continue;
            }
            Matcher r = RANK.matcher(line.strip());
            if (r.find() && !tableDone) {
                devices.putIfAbsent(Integer.parseInt(r.group(1)), r.group(2).strip());
                continue;
            }
            if (tableDone || !NUMBER_START.matcher(line).find()) continue;
            String[] t = line.strip().split("\\s+");
            String redop = t[3].toLowerCase(Locale.ROOT);
            if (redop.equals("none")) {
                // an all_gather/broadcast/alltoall table: not an all-reduce
                if (rows.isEmpty()) otherCollective = true;
                else tableDone = true;
                continue;
            }
            // after size count type redop: [root] time algbw busbw wrong time algbw busbw wrong
            int at = t.length >= 13 ? 5 : 4;
            if (t.length < at + 3) {
                problems.add(Problem.warning(fileName, i + 1, "all_reduce_perf row with " + t.length
                        + " columns, expected 12 or 13 (size count type redop [root] time algbw busbw ...); skipped"));
                continue;
            }
            try {
                long bytes = Long.parseLong(t[0]);
                double time = Double.parseDouble(t[at]);
                double bus = Double.parseDouble(t[at + 2]);
                double inPlace = t.length > at + 4 ? parseOrNaN(t[at + 4]) : Double.NaN;
                if (!(time > 0) || !Double.isFinite(time) || bytes < 1) {
                    problems.add(Problem.warning(fileName, i + 1, "all_reduce_perf row with time " + t[at]
                            + " us for " + t[0] + " bytes is not a measurement; skipped"));
                    continue;
                }
                if (rows.containsKey(bytes)) {
                    problems.add(Problem.info(fileName, i + 1, "size " + bytes + " repeated; the first row (line "
                            + rows.get(bytes).line() + ") is kept"));
                    continue;
                }
                rows.put(bytes, new AllReduceTable.Row(bytes, time, inPlace, bus, i + 1));
            } catch (NumberFormatException e) {
                problems.add(Problem.warning(fileName, i + 1, "all_reduce_perf row has a column that is not a "
                        + "number (" + e.getMessage() + "); skipped"));
            }
        }
        int ranks = devices.isEmpty() ? headerRanks : devices.lastKey() + 1;
        if (rows.isEmpty()) {
            problems.add(Problem.error(fileName, 0, otherCollective
                    ? "this is not an all-reduce table (its rows have redop 'none': all_gather, broadcast or "
                    + "alltoall); run all_reduce_perf -b 8 -e 128M -f 2 -g N"
                    : "no all_reduce_perf table rows found (want the output of all_reduce_perf -b 8 -e 128M -f 2 -g N"
                    + " from nccl-tests or rccl-tests)"));
            return new ParseResult<>(null, problems);
        }
        if (ranks < 2) {
            problems.add(Problem.error(fileName, 0, "the table does not say how many GPUs took part (no '# nThread"
                    + " .. nGpus ..' header and no '# Rank' lines): keep the whole all_reduce_perf output"));
            return new ParseResult<>(null, problems);
        }
        List<String> names = new ArrayList<>(devices.values());
        return new ParseResult<>(new AllReduceTable(fileName, ranks, names, new ArrayList<>(rows.values())), problems);
    }

    private static double parseOrNaN(String s) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
