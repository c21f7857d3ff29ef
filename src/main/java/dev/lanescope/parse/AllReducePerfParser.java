package dev.lanescope.parse;

import java.util.ArrayList;
import java.util.List;

import dev.lanescope.model.AllReduceTable;
import dev.lanescope.model.Problem;
import dev.lanescope.model.ProblemList;
import dev.lanescope.model.Severity;
import dev.lanescope.model.p2p.CollectiveOp;
import dev.lanescope.model.p2p.CollectiveTable;
import dev.lanescope.parse.p2p.NcclTestsParser;

/**
 * The all-reduce table of an nccl-tests / rccl-tests {@code all_reduce_perf} output, for the scaling views. The text
 * is read by {@link NcclTestsParser} (every nccl-tests program, every layout); this takes the first table that is an
 * all-reduce: one the file names as {@code all_reduce}, or, when nothing names it, one whose rows carry a reduction
 * ({@code redop} other than {@code none}) and whose columns do not prove another collective.
 */
public final class AllReducePerfParser {

    private AllReducePerfParser() {
    }

    public static ParseResult<AllReduceTable> parse(String fileName, List<String> lines) {
        ParseResult<List<CollectiveTable>> all = NcclTestsParser.parse(fileName, lines);
        List<Problem> problems = new ProblemList();
        CollectiveTable table = null;
        for (CollectiveTable t : all.value()) {
            if (isAllReduce(t)) {
                table = t;
                break;
            }
        }
        for (Problem p : all.problems()) {
            // the generic "no table" error is restated below in all-reduce words
            if (p.severity() != Severity.ERROR || p.line() > 0) problems.add(p);
        }
        if (table == null) {
            boolean other = !all.value().isEmpty();
            problems.add(Problem.error(fileName, 0, other
                    ? "this is not an all-reduce table (its rows have redop 'none' or the file names another "
                    + "collective: all_gather, broadcast, sendrecv or alltoall); run all_reduce_perf -b 8 -e 128M -f 2 -g N"
                    : "no all_reduce_perf table rows found (want the output of all_reduce_perf -b 8 -e 128M -f 2 -g N"
                    + " from nccl-tests or rccl-tests)"));
            return new ParseResult<>(null, problems);
        }
        if (table.ranks() < 2) {
            problems.add(Problem.error(fileName, 0, "the table does not say how many GPUs took part (no '# nThread"
                    + " .. nGpus ..' header and no '# Rank' lines): keep the whole all_reduce_perf output"));
            return new ParseResult<>(null, problems);
        }
        List<AllReduceTable.Row> rows = new ArrayList<>();
        for (CollectiveTable.Row r : table.rows()) {
            rows.add(new AllReduceTable.Row(r.bytes(), r.timeUs(), r.inPlaceTimeUs(), r.busGbPerS(), r.line()));
        }
        return new ParseResult<>(new AllReduceTable(fileName, table.ranks(), table.devices(), rows), problems);
    }

    private static boolean isAllReduce(CollectiveTable t) {
        if (t.op() != null) return t.op() == CollectiveOp.ALL_REDUCE;
        CollectiveTable.Row first = t.rows().isEmpty() ? null : t.rows().get(0);
        return first != null && first.redop() != null && !"none".equals(first.redop());
    }
}
