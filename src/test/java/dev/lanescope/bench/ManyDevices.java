package dev.lanescope.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import picocli.CommandLine;

import dev.lanescope.cli.Main;

/**
 * Generates {@code lspci -tv} captures of many GPUs or data-centre NICs (each behind its own root port, 248 per root
 * bus, one PCI domain per root bus) and times the commands a user runs on them, in-process, counting what they
 * print. Run by {@code scripts/bench-readers.sh}; figures go to docs/bench/readers.md. Not a test.
 *
 * <p>Arguments: {@code KIND:COUNT:COMMAND} items, e.g. {@code gpu:1000:analyze nic:10000:analyze gpu:200:ladder}.
 */
public final class ManyDevices {

    private static final String GPU = "NVIDIA Corporation GA100 [A100 SXM4 80GB]";
    private static final String NIC = "Mellanox Technologies MT2910 Family [ConnectX-7]";
    private static final int PER_ROOT = 248;

    private ManyDevices() {
    }

    /** The tree of {@code count} devices named {@code name}, each below its own root port. */
    static String tree(int count, String name) {
        StringBuilder b = new StringBuilder(count * 80);
        int roots = Math.max(1, (count + PER_ROOT - 1) / PER_ROOT);
        int left = count;
        for (int r = 0; r < roots; r++) {
            int here = Math.min(PER_ROOT, left);
            left -= here;
            boolean last = r == roots - 1;
            String rootLead = roots == 1 ? "-" : r == 0 ? "-+-" : last ? " \\-" : " +-";
            String childLead = roots == 1 ? " " : last ? "   " : " | ";
            String root = String.format(Locale.ROOT, "[%04x:00]", r);
            for (int i = 0; i < here; i++) {
                int dev = 1 + i / 8;
                int fn = i % 8;
                String port = String.format(Locale.ROOT, "%02x.%d-[%02x]----00.0  %s", dev, fn, i + 1, name);
                String branch = i == here - 1 ? "\\-" : "+-";
                if (i == 0) {
                    b.append(rootLead).append(root).append(here == 1 ? "---" : "-+-").append(port).append('\n');
                } else {
                    b.append(childLead).append(" ".repeat(root.length() + 1)).append(branch).append(port).append('\n');
                }
            }
        }
        return b.toString();
    }

    /** Counts characters without keeping them. */
    private static final class Counting extends Writer {
        long chars;

        @Override
        public void write(char[] c, int off, int len) {
            chars += len;
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }

    public static void main(String[] args) throws IOException {
        Path dir = Files.createTempDirectory("lanescope-many-");
        System.out.println("| devices | capture | command | seconds | printed (stdout) | printed (stderr) | exit |");
        System.out.println("|---|---|---|---|---|---|---|");
        for (String item : args) {
            String[] f = item.split(":");
            int count = Integer.parseInt(f[1]);
            boolean gpu = f[0].equals("gpu");
            Path file = dir.resolve(f[0] + count + "-tv.txt");
            Files.writeString(file, tree(count, gpu ? GPU : NIC), StandardCharsets.UTF_8);
            List<String> cmd = f[2].equals("analyze-json") ? List.of("analyze", "--json", file.toString())
                    : List.of(f[2], file.toString());
            Counting out = new Counting();
            Counting err = new Counting();
            CommandLine cl = Main.commandLine();
            cl.setOut(new PrintWriter(out));
            cl.setErr(new PrintWriter(err));
            long t0 = System.nanoTime();
            int exit = cl.execute(cmd.toArray(String[]::new));
            double s = (System.nanoTime() - t0) / 1e9;
            System.out.printf(Locale.ROOT, "| %,d %s | %s | %s | %.1f | %s | %s | %d |%n", count, gpu ? "GPUs" : "NICs",
                    size(Files.size(file)), String.join(" ", cmd.subList(0, cmd.size() - 1)), s, size(out.chars),
                    size(err.chars), exit);
            Files.delete(file);
        }
        Files.delete(dir);
    }

    private static String size(long n) {
        if (n >= 1 << 20) return String.format(Locale.ROOT, "%.1f MB", n / 1048576.0);
        if (n >= 1 << 10) return String.format(Locale.ROOT, "%.0f KB", n / 1024.0);
        return n + " B";
    }
}
