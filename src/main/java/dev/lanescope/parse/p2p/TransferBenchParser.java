package dev.lanescope.parse.p2p;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.lanescope.model.Problem;
import dev.lanescope.model.ProblemList;
import dev.lanescope.model.p2p.CopyEngine;
import dev.lanescope.model.p2p.CopyInitiator;
import dev.lanescope.model.p2p.Evidence;
import dev.lanescope.model.p2p.PeerCopy;
import dev.lanescope.model.p2p.PeerCopyRun;
import dev.lanescope.parse.Numbers;
import dev.lanescope.parse.ParseResult;

/**
 * Reads ROCm TransferBench output: the {@code p2p} preset's matrices and the per-transfer lines of a config-file run.
 *
 * <p>Matrices: {@code Unidirectional|Bidirectional copy peak bandwidth GB/s [Local read / Remote write]
 * (GPU-Executor: GFX|DMA)}, then a {@code SRC+EXE\DST CPU 00 .. GPU 00 ..} header and one row per source
 * ({@code GPU 00  ->  ...}; bidirectional tables add {@code <-} and {@code <->} rows, the last being the sum of both
 * directions). "Local read / Remote write" means the executor sits on the source and writes into the peer: a push;
 * "Remote read / Local write" puts it on the destination: a pull. GFX is a kernel copy, DMA the SDMA engine. Only
 * GPU-to-GPU cells of different GPUs are kept.
 *
 * <p>Config-file runs: {@code Transfer 00 | 33.520 GB/s | 2.002 ms | 67108864 bytes | G0 -> GPU00:004 -> G1}
 * (also {@code G000:004}, {@code D000:001}, {@code DMA00}). The executor's GPU decides push (the source's) or pull
 * (the destination's). Two opposite transfers of one test, same engine, also give a both-at-once figure, their sum.
 */
public final class TransferBenchParser {

    private static final Pattern VERSION = Pattern.compile("TransferBench v(\\S+)");
    private static final Pattern BYTES = Pattern.compile("Bytes Per Direction\\s+(\\d+)");
    private static final Pattern MATRIX = Pattern.compile(
            "(Unidirectional|Bidirectional) copy peak bandwidth GB/s\\s*\\[(Local read / Remote write|Remote read / "
                    + "Local write)]\\s*\\(GPU-Executor:\\s*(GFX|DMA)\\)");
    private static final Pattern COLUMN = Pattern.compile("\\b(CPU|GPU)\\s+(\\d+)");
    private static final Pattern ROW = Pattern.compile("^\\s*(CPU|GPU)\\s+(\\d+)\\s+(<->|->|<-)\\s+(.*)$");
    private static final Pattern TEST = Pattern.compile("^\\s*Test\\s+\\d+\\s*:");
    private static final Pattern TRANSFER = Pattern.compile(
            "Transfer\\s+\\d+\\s*\\|\\s*([0-9.]+)\\s*GB/s\\s*\\|\\s*[0-9.]+\\s*ms\\s*\\|\\s*(\\d+)\\s*bytes\\s*\\|\\s*"
                    + "([A-Z])(\\d+)\\s*->\\s*([A-Z]+)(\\d+)(?::\\d+)?\\s*->\\s*([A-Z])(\\d+)\\s*$");

    private TransferBenchParser() {
    }

    /** The matrix being read. */
    private record Matrix(boolean bidi, CopyInitiator who, CopyEngine engine, List<String> columns) {

        /** From a matrix title line; its columns follow on the {@code \\DST} line. */
        static Matrix of(Matcher title) {
            return new Matrix(title.group(1).startsWith("Bi"), title.group(2).startsWith("Local read")
                    ? CopyInitiator.PUSH : CopyInitiator.PULL, "GFX".equals(title.group(3)) ? CopyEngine.KERNEL
                    : CopyEngine.DMA, new ArrayList<>());
        }
    }

    public static ParseResult<PeerCopyRun> parse(String fileName, List<String> lines) {
        List<Problem> problems = new ProblemList();
        List<PeerCopy> copies = new ArrayList<>();
        List<PeerCopy> test = new ArrayList<>();
        String version = null;
        long bytes = 0;
        Matrix matrix = null;
        boolean wantColumns = false;
        int seen = 0;
        for (int i = 0; lines != null && i < lines.size(); i++) {
            String line = lines.get(i);
            if (line == null) continue;
            int no = i + 1;
            Matcher m = VERSION.matcher(line);
            if (version == null && m.find()) version = m.group(1);
            if ((m = BYTES.matcher(line)).find()) {
                Long b = new Numbers.At(fileName, no, problems).whole("Bytes Per Direction", m.group(1), 0, Long.MAX_VALUE);
                if (b != null) bytes = b;
                continue;
            }
            if ((m = MATRIX.matcher(line)).find()) {
                seen++;
                matrix = Matrix.of(m);
                wantColumns = true;
                continue;
            }
            if (matrix != null && wantColumns && line.contains("\\DST")) {
                columns(new Numbers.At(fileName, no, problems), line, matrix);
                wantColumns = false;
                continue;
            }
            if (matrix != null && !wantColumns && (m = ROW.matcher(line)).find()) {
                matrixRow(fileName, no, line, m, matrix, bytes, copies, problems);
                continue;
            }
            if (matrix != null && line.contains("Averages")) {
                matrix = null;
                continue;
            }
            if (TEST.matcher(line).find()) {
                seen++;
                pairUp(test, copies);
                test.clear();
                continue;
            }
            if ((m = TRANSFER.matcher(line)).find()) {
                seen++;
                PeerCopy c = transfer(fileName, no, line, m, problems);
                if (c != null) {
                    copies.add(c);
                    test.add(c);
                }
            }
        }
        pairUp(test, copies);
        if (copies.isEmpty()) return nothingRead(fileName, seen, problems);
        return new ParseResult<>(new PeerCopyRun(fileName, "TransferBench", version, Map.of(), List.of(), copies,
                true, null), problems);
    }

    /** The matrix's {@code \\DST} line: its columns, {@code GPU 3} or {@code CPU 0}. */
    private static void columns(Numbers.At at, String line, Matrix matrix) {
        Matcher c = COLUMN.matcher(line);
        while (c.find()) {
            Integer k = at.integer("column", c.group(2), 0, Integer.MAX_VALUE);
            matrix.columns().add(k == null ? c.group(1) + " ?" : c.group(1) + " " + k);
        }
    }

    /** No figure read: an error that says whether the file looked like TransferBench output at all. */
    private static ParseResult<PeerCopyRun> nothingRead(String file, int seen, List<Problem> problems) {
        problems.add(Problem.error(file, 0, seen == 0
                ? "no TransferBench tables or transfer lines found (want the output of TransferBench p2p, or of a"
                + " config file such as '1 4 (G0->G0->G1)')"
                : "TransferBench output without any GPU-to-GPU figure between two different GPUs"));
        return new ParseResult<>(null, problems);
    }

    private static void matrixRow(String file, int no, String line, Matcher m, Matrix matrix, long bytes,
                                  List<PeerCopy> copies, List<Problem> problems) {
        String arrow = m.group(3);
        boolean keep = matrix.bidi() ? "<->".equals(arrow) : "->".equals(arrow);
        if (!keep || !"GPU".equals(m.group(1))) return;
        Numbers.At at = new Numbers.At(file, no, problems);
        Integer from = at.integer("GPU", m.group(2), 0, Integer.MAX_VALUE);
        if (from == null) return;
        String[] cells = m.group(4).strip().split("\\s+");
        if (cells.length != matrix.columns().size()) {
            problems.add(Problem.warning(file, no, "TransferBench row with " + cells.length + " values under "
                    + matrix.columns().size() + " columns; skipped"));
            return;
        }
        for (int k = 0; k < cells.length; k++) {
            String col = matrix.columns().get(k);
            Long to = Numbers.parseWhole(col.substring(col.indexOf(' ') + 1));
            if (!col.startsWith("GPU ") || to == null || "N/A".equals(cells[k]) || to == from.longValue()) continue;
            Double gb = at.decimal("TransferBench value", cells[k]);
            if (gb == null || !(gb > 0)) continue;
            copies.add(new PeerCopy("TransferBench", matrix.engine(), matrix.who(), from, to.intValue(), matrix.bidi(), bytes, gb,
                    null, new Evidence(file, no, line)));
        }
    }

    private static PeerCopy transfer(String file, int no, String line, Matcher m, List<Problem> problems) {
        if (!gpuMemory(m.group(3)) || !gpuMemory(m.group(7))) return null;
        Numbers.At at = new Numbers.At(file, no, problems);
        Integer src = at.integer("source", m.group(4), 0, Integer.MAX_VALUE);
        Integer dst = at.integer("destination", m.group(8), 0, Integer.MAX_VALUE);
        Integer exe = at.integer("executor", m.group(6), 0, Integer.MAX_VALUE);
        Long bytes = at.whole("bytes", m.group(2), 0, Long.MAX_VALUE);
        Double rate = at.decimal("GB/s", m.group(1));
        if (src == null || dst == null || exe == null || bytes == null || rate == null) return null;
        String kind = m.group(5);
        CopyEngine engine = kind.startsWith("D") ? CopyEngine.DMA : kind.startsWith("G") ? CopyEngine.KERNEL : null;
        if (engine == null || src.equals(dst)) return null;
        CopyInitiator who = exe.equals(src) ? CopyInitiator.PUSH : exe.equals(dst) ? CopyInitiator.PULL : null;
        if (who == null) {
            problems.add(Problem.info(file, no, "transfer run by GPU " + exe + ", neither its source nor its "
                    + "destination; not read as push or pull"));
            return null;
        }
        return new PeerCopy("TransferBench", engine, who, src, dst, false, bytes, rate, null,
                new Evidence(file, no, line));
    }

    /** G (device memory) and F (fine-grained device memory) are GPU memory; C, B, U (host) and N (null) are not. */
    private static boolean gpuMemory(String letter) {
        return "G".equals(letter) || "F".equals(letter);
    }

    /** Two opposite transfers of one test with the same engine ran at once: their sum is a both-directions figure. */
    private static void pairUp(List<PeerCopy> test, List<PeerCopy> copies) {
        if (test.size() != 2) return;
        PeerCopy a = test.get(0);
        PeerCopy b = test.get(1);
        if (a.from() == b.to() && a.to() == b.from() && a.engine() == b.engine() && a.initiator() == b.initiator()) {
            copies.add(new PeerCopy("TransferBench", a.engine(), a.initiator(), a.from(), a.to(), true,
                    Math.min(a.bytes(), b.bytes()), a.gbPerS() + b.gbPerS(), null, a.at()));
        }
    }
}
