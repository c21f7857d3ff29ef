package dev.lanescope.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lanescope.capture.CaptureLoader;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Capture;
import dev.lanescope.model.CaptureFile.Role;
import dev.lanescope.model.PciFunction;
import dev.lanescope.model.Severity;
import dev.lanescope.parse.Samples;

/** The collector's own files in a bundle: MANIFEST, .err, uptime/root, numa_node in the sysfs listing. */
class CollectorBundleTest {

    @TempDir
    Path tmp;

    static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void manifestFailuresErrOutputAndNumaNodesAreRead() throws IOException {
        String top = "lanescope-n7-20261019T061057Z/";
        Map<String, byte[]> m = new LinkedHashMap<>();
        m.put(top + "MANIFEST", b("# lanescope collect.sh 1\n# file<TAB>exit status<TAB>what made it\n"
                + "lspci-vv.txt\t0\tlspci -vv\n"
                + "nvidia-smi-pcie.csv\t124\tnvidia-smi --query-gpu=index,pci.bus_id --format=csv\n"
                + "kernel-journal.raw\t1\tjournalctl -k -b --no-pager\n"));
        m.put(top + "lspci-vv.txt", b(String.join("\n", Samples.lines("radxa-orion-o6-cix-p1-arm64/vv.txt")) + "\n"));
        m.put(top + "kernel-journal.raw.err", b("No journal files were found.\n"));
        m.put(top + "sysfs-links.txt", b("/sys/bus/pci/devices/0000:00:00.0/numa_node:1\n"
                + "/sys/bus/pci/devices/0000:00:00.0/current_link_speed:8.0 GT/s PCIe\n"
                + "/sys/bus/pci/devices/0000:00:00.0/current_link_width:1\n"
                + "/sys/bus/pci/devices/0000:00:00.0/max_link_speed:16.0 GT/s PCIe\n"
                + "/sys/bus/pci/devices/0000:00:00.0/max_link_width:4\n"
                + "/sys/bus/pci/devices/0000:01:00.0/numa_node:-1\n"));
        m.put(top + "uptime", b("152.33\n"));
        m.put(top + "root", b("no\n"));
        m.put(top + "boot_id", b("2222bbbb-0000-4000-8000-000000000002\n"));
        Path tgz = tmp.resolve("n7.tar.gz");
        Bundles.write(tgz, m);
        Capture c = CaptureLoader.load(List.of(tgz));
        assertThat(c.metadata()).containsEntry("collector", "collect.sh 1").containsEntry("uptime", "152.33")
                .containsEntry("root", "no").containsEntry("bootId", "2222bbbb-0000-4000-8000-000000000002");
        assertThat(c.problems()).anySatisfy(p -> {
            assertThat(p.file()).endsWith("!/" + top + "MANIFEST");
            assertThat(p.line()).isEqualTo(4);
            assertThat(p.severity()).isEqualTo(Severity.INFO);
            assertThat(p.message()).contains("nvidia-smi --query-gpu").contains("timed out");
        });
        assertThat(c.problems()).anySatisfy(p -> {
            assertThat(p.file()).endsWith("kernel-journal.raw.err");
            assertThat(p.message()).contains("No journal files were found.");
        });
        assertThat(c.files()).filteredOn(f -> f.name().endsWith("sysfs-links.txt")).singleElement()
                .satisfies(f -> assertThat(f.role()).isEqualTo(Role.SYSFS_LINKS));
        PciFunction rp = c.functions().stream().filter(f -> f.bdf().equals(Bdf.parse("0000:00:00.0"))).findFirst()
                .orElseThrow();
        assertThat(rp.numaNode()).isEqualTo(1);
        assertThat(rp.sysfsLink()).isNotNull();
        assertThat(c.problems()).noneSatisfy(p -> assertThat(p.message()).contains("not recognised"));
    }
}
