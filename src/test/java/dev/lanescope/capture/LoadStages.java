package dev.lanescope.capture;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.lanescope.analysis.Analyzer;
import dev.lanescope.bench.SyntheticCapture;
import dev.lanescope.model.Capture;
import dev.lanescope.model.Topology;
import dev.lanescope.model.TopologyBuilder;
import dev.lanescope.parse.BoundedFile;
import dev.lanescope.parse.HexRows;
import dev.lanescope.parse.VerboseParser;

/**
 * Where a load's bytes and time go, stage by stage (not a test; see docs/bench/core.md): the 10,240-function
 * synthetic capture read from a file, then decoded, recognised, parsed, built and analysed, each stage's
 * allocation (this thread's allocated bytes) and CPU time printed. Usage: {@code LoadStages [ROUNDS]}.
 */
public final class LoadStages {

    private LoadStages() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        Path file = Files.createTempFile("lanescope-stages", ".txt");
        Files.write(file, SyntheticCapture.withAtLeast(SyntheticCapture.largestSample(), 10_000), StandardCharsets.UTF_8);
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        String[] names = {"-", "read + split", "recognise", "parse -vv", "hex rows?", "whole load",
            "build graph", "analyse"};
        long[] opened = new long[rounds];
        long[] openedBytes = new long[rounds];
        for (int r = 0; r < rounds; r++) {
            long[] bytes = new long[names.length];
            long[] cpu = new long[names.length];
            long b0 = mx.getThreadAllocatedBytes(tid);
            long c0 = mx.getCurrentThreadCpuTime();
            long[] mark = {b0, c0};
            TextLines.Text text = TextLines.read("f", () -> BoundedFile.open(file, InputReader.MAX_FILE_BYTES));
            step(mx, tid, mark, bytes, cpu, 1);
            RoleDetector.Detection d = RoleDetector.detect(text.lines());
            step(mx, tid, mark, bytes, cpu, 2);
            var parsed = VerboseParser.parse("f", text.lines());
            step(mx, tid, mark, bytes, cpu, 3);
            boolean hex = HexRows.hasRows(text.lines());
            step(mx, tid, mark, bytes, cpu, 4);
            Capture c = CaptureLoader.load(List.of(file));
            step(mx, tid, mark, bytes, cpu, 5);
            Topology t = TopologyBuilder.build(c);
            step(mx, tid, mark, bytes, cpu, 6);
            Object a = Analyzer.analyze(t);
            step(mx, tid, mark, bytes, cpu, 7);
            opened[r] = cpu[5] + cpu[6] + cpu[7];
            openedBytes[r] = bytes[5] + bytes[6] + bytes[7];
            if (r == rounds - 1 || r == 0) {
                System.out.printf("round %d (%s, %d functions, hex %b, %d problems, %s)%n", r + 1, d.role(),
                        parsed.value().size(), hex, c.problems().size(), a == null ? "-" : "analysed");
                for (int i = 1; i < names.length; i++) {
                    System.out.printf("  %-16s %8.1f MB %7.1f ms%n", names[i], bytes[i] / 1e6, cpu[i] / 1e6);
                }
            }
        }
        int from = rounds / 2; // the later half, compiled
        long[] late = java.util.Arrays.copyOfRange(opened, from, rounds);
        java.util.Arrays.sort(late);
        System.out.printf("load + build + analyse, rounds %d-%d: CPU min %.0f ms, median %.0f ms; %.1f MB allocated"
                + " (last round); load average %s%n", from + 1, rounds, late[0] / 1e6, late[late.length / 2] / 1e6,
                openedBytes[rounds - 1] / 1e6, Files.readString(Path.of("/proc/loadavg")).trim());
        Files.deleteIfExists(file);
    }

    private static void step(com.sun.management.ThreadMXBean mx, long tid, long[] mark, long[] bytes, long[] cpu, int i) {
        long b = mx.getThreadAllocatedBytes(tid);
        long c = mx.getCurrentThreadCpuTime();
        bytes[i] = b - mark[0];
        cpu[i] = c - mark[1];
        mark[0] = b;
        mark[1] = c;
    }
}
