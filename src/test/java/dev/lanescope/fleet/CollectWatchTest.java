package dev.lanescope.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.capture.HealthEvidenceLoader;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.CaptureFile;
import dev.lanescope.model.ErrorCounters;
import dev.lanescope.model.WatchRecord;

/**
 * {@code collect.sh --watch N} run for real over a made-up sysfs tree (LANESCOPE_SYSFS): a GPU below a root port,
 * each with its AER counters, laid out as sysfs lays devices out (links into the device hierarchy).
 */
class CollectWatchTest {

    @TempDir
    Path tmp;

    static void file(Path dir, String name, String text) throws Exception {
        Files.writeString(dir.resolve(name), text);
    }

    @Test
    void theWatchAndTheCountersTravelInTheBundle() throws Exception {
        assumeTrue(CollectScriptTest.onPath("sh") != null && CollectScriptTest.onPath("tar") != null,
                "needs sh and tar");
        Path port = Files.createDirectories(tmp.resolve("sys/devices/pci0000:00/0000:00:01.0"));
        Path gpu = Files.createDirectories(port.resolve("0000:01:00.0"));
        file(port, "class", "0x060400\n");
        file(gpu, "class", "0x030000\n");
        for (Path d : List.of(port, gpu)) {
            file(d, "current_link_speed", "2.5 GT/s PCIe\n");
            file(d, "current_link_width", "16\n");
            file(d, "max_link_speed", "16.0 GT/s PCIe\n");
            file(d, "max_link_width", "16\n");
        }
        file(port, "aer_dev_correctable", "RxErr 4\nBadTLP 1\nTOTAL_ERR_COR 5\n");
        file(port, "aer_rootport_total_err_cor", "5\n");
        file(gpu, "aer_dev_fatal", "TOTAL_ERR_FATAL 0\n");
        Path bus = Files.createDirectories(tmp.resolve("sys/bus"));
        Files.createSymbolicLink(bus.resolve("0000:00:01.0"), port);
        Files.createSymbolicLink(bus.resolve("0000:01:00.0"), gpu);
        Path out = tmp.resolve("bundle.tar.gz");
        Path work = Files.createDirectories(tmp.resolve("work"));
        ProcessBuilder pb = new ProcessBuilder("sh", CollectScriptTest.SCRIPT.toString(), "-o", out.toString(),
                "--watch", "1", "--interval", "0.5").redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("LANESCOPE_SYSFS", bus.toString());
        pb.environment().put("TMPDIR", work.toString());
        Process p = pb.start();
        assertThat(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();

        var capture = CaptureLoader.load(List.of(out));
        assertThat(capture.files()).filteredOn(f -> f.name().endsWith("watch.txt")).extracting(CaptureFile::role)
                .containsExactly(CaptureFile.Role.HEALTH_EVIDENCE);
        HealthEvidenceLoader.HealthEvidence h = HealthEvidenceLoader.load(List.of(out));
        assertThat(h.watches()).hasSize(1);
        WatchRecord w = h.watches().get(0);
        assertThat(w.samples().size()).isGreaterThanOrEqualTo(2);
        assertThat(w.intervalSeconds()).isEqualTo(0.5);
        assertThat(w.devices().get(Bdf.parse("0000:01:00.0")).path())
                .containsExactly(Bdf.parse("0000:00:01.0"), Bdf.parse("0000:01:00.0"));
        assertThat(w.samples().get(0).readings().get(Bdf.parse("0000:00:01.0")).errors().correctable()).isEqualTo(5);
        Map<Bdf, ErrorCounters> counters = h.counters();
        assertThat(counters.get(Bdf.parse("0000:00:01.0")).correctable()).isEqualTo(5);
        assertThat(counters.get(Bdf.parse("0000:00:01.0")).rootCorrectable()).isEqualTo(5);
        assertThat(counters.get(Bdf.parse("0000:01:00.0")).fatal()).isZero();
    }
}
