package dev.lanescope.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;

import dev.lanescope.probe.Commands;
import dev.lanescope.probe.SysfsSource;
import dev.lanescope.probe.WatchSampler;

/**
 * The watch's own cost per sample (scripts/bench-health.sh, docs/bench/health.md): builds a sysfs tree of G GPUs, each
 * below its own root port, with a NIC and an NVMe drive beside them (AER counters on every function), and samples it
 * N times back to back through the real file reader, with nvidia-smi absent. Prints the CPU time of the sampling
 * thread per sample and the samples per second it could take. Not a test.
 */
public final class WatchBench {

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int gpus = Integer.parseInt(args[1]);
        int samples = Integer.parseInt(args[2]);
        Path devices = Files.createDirectories(dir.resolve("devices"));
        Path bus = Files.createDirectories(dir.resolve("bus"));
        int fn = 0;
        for (int g = 0; g < gpus; g++) {
            for (String cls : new String[] {"0x030200", "0x020000", "0x010802"}) {
                String port = String.format(Locale.ROOT, "0000:00:%02x.%d", 1 + fn / 8, fn % 8);
                String dev = String.format(Locale.ROOT, "0000:%02x:00.0", 1 + fn);
                Path p = Files.createDirectories(devices.resolve(port));
                Path d = Files.createDirectories(p.resolve(dev));
                write(p, "0x060400");
                write(d, cls);
                Files.createSymbolicLink(bus.resolve(port), p);
                Files.createSymbolicLink(bus.resolve(dev), d);
                fn++;
            }
        }
        SysfsSource fs = new SysfsSource.Live(bus, dir.resolve("no-boot-id"));
        Commands.Runner none = (c, e, w, t) -> new Commands.Outcome(c, -1, "", "", false, "not installed");
        WatchSampler.Clock fast = new WatchSampler.Clock() {
            Instant now = Instant.parse("2026-12-04T00:00:00Z");

            @Override
            public Instant now() {
                return now;
            }

            @Override
            public void sleepUntil(Instant t) {
                now = t;
            }
        };
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        // warm-up, then the measured run
        new WatchSampler(fs, none, fast).run("bench", 50, 1, new StringBuilder());
        StringBuilder out = new StringBuilder();
        long cpu0 = mx.getCurrentThreadCpuTime();
        long wall0 = System.nanoTime();
        int n = new WatchSampler(fs, none, fast).run("bench", samples - 1, 1, out);
        long cpu = mx.getCurrentThreadCpuTime() - cpu0;
        long wall = System.nanoTime() - wall0;
        long lines = out.chars().filter(c -> c == '\n').count();
        System.out.printf(Locale.ROOT, "%d functions watched (%d GPUs, NICs and NVMe drives, each below its own port), %d samples,"
                        + " %d lines (%.0f per sample, %d KiB)%n", fn * 2, fn, n, lines, (double) lines / n,
                out.length() / 1024);
        System.out.printf(Locale.ROOT, "  %.3f ms CPU per sample, %.0f samples per second at most%n",
                cpu / 1e6 / n, n / (wall / 1e9));
    }

    private static void write(Path d, String cls) throws Exception {
        Files.writeString(d.resolve("class"), cls + "\n");
        Files.writeString(d.resolve("current_link_speed"), "16.0 GT/s PCIe\n");
        Files.writeString(d.resolve("current_link_width"), "16\n");
        Files.writeString(d.resolve("max_link_speed"), "16.0 GT/s PCIe\n");
        Files.writeString(d.resolve("max_link_width"), "16\n");
        Files.writeString(d.resolve("aer_dev_correctable"), "RxErr 0\nBadTLP 0\nBadDLLP 0\nRollover 0\nTimeout 0\n"
                + "NonFatalErr 0\nCorrIntErr 0\nHeaderOF 0\nTOTAL_ERR_COR 0\n");
        Files.writeString(d.resolve("aer_dev_nonfatal"), "Undefined 0\nDLP 0\nTOTAL_ERR_NONFATAL 0\n");
        Files.writeString(d.resolve("aer_dev_fatal"), "Undefined 0\nDLP 0\nTOTAL_ERR_FATAL 0\n");
    }
}
