package dev.lanescope.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** scan names, per host with two or more GPUs, the lowest P2P ladder rung that failed. */
class LadderScanTest {

    @TempDir
    Path tmp;

    private static void copy(Path from, Path to) throws Exception {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.sorted(Comparator.naturalOrder()).toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(t);
                else Files.copy(p, t);
            }
        }
    }

    @Test
    void lowestFailedRungPerMultiGpuHost() throws Exception {
        copy(Path.of("src/test/resources/ladder/x99-two-r9700-reconstructed"), tmp.resolve("x99"));
        copy(Path.of("samples/puget-wrx90-threadripper-pro-rtx6000ada-cx7"), tmp.resolve("wrx90"));
        copy(Path.of("samples/dell-optiplex-xe3-i7-8700-quadro-p2000"), tmp.resolve("optiplex"));
        FleetScan.Result r = FleetScan.scan(tmp, 1);
        // x99: BARs at 56 TiB beyond the assumed 44-bit mask -> rung 3 (rung 4 fails too, but 3 is lower)
        assertThat(r.rows()).filteredOn(h -> h.host().equals("x99")).singleElement().satisfies(h -> {
            assertThat(h.p2pRung()).isEqualTo(3);
            assertThat(h.p2p()).isEqualTo("rung 3 (DMA addressability) fails for 03:00.0 and 04:00.0");
        });
        // wrx90: rungs 1-4 pass, 5+ are not proven, none failed
        assertThat(r.rows()).filteredOn(h -> h.host().equals("wrx90")).singleElement().satisfies(h -> {
            assertThat(h.p2pRung()).isNull();
            assertThat(h.p2p()).isEqualTo("no rung failed");
        });
        // one GPU (the Quadro; the iGPU is not a peer): no ladder
        assertThat(r.rows()).filteredOn(h -> h.host().equals("optiplex")).singleElement()
                .satisfies(h -> assertThat(h.p2p()).isNull());
        assertThat(FleetScan.csv(r.rows())).contains(",3,rung 3 (DMA addressability) fails for 03:00.0 and 04:00.0");
    }
}
