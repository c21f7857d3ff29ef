package dev.lanescope.bench;

import java.nio.file.Files;
import java.nio.file.Path;

import dev.lanescope.fleet.Bundles;

/**
 * Writes N small collect.sh-like bundles for {@code scripts/bench-scan.sh}: each holds the real Radxa Orion O6
 * capture ({@code samples/radxa-orion-o6-cix-p1-arm64/vv.txt}, 6 PCIe links) under its own host name, boot id and
 * capture time. Usage: {@code ScanBenchData DIR N}.
 */
public final class ScanBenchData {

    private ScanBenchData() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int n = Integer.parseInt(args[1]);
        Files.createDirectories(dir);
        String vv = Files.readString(Path.of("samples/radxa-orion-o6-cix-p1-arm64/vv.txt"));
        for (int i = 0; i < n; i++) {
            String host = String.format("node%05d", i);
            Path sub = Files.createDirectories(dir.resolve("rack" + (i / 100)));
            Bundles.collectLike(sub.resolve("lanescope-" + host + ".tar.gz"), host,
                    String.format("%08x-0000-4000-8000-%012x", i, i), String.format("2026-10-%02dT06:%02d:00Z",
                            1 + i % 28, i % 60), vv);
        }
    }
}
