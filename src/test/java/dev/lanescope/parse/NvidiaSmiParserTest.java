package dev.lanescope.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.NvidiaSmiLink;
import dev.lanescope.model.Severity;
import dev.lanescope.model.TopoMatrix;

class NvidiaSmiParserTest {

    /**
     * Rows built from the real values listed in docs/lspci-formats.md §7.2 (H200 VM row with hostmax [N/A],
     * idle RTX 4080 SUPER row at Gen1); bus ids other than the H200's are made up for the fixture.
     */
    private static final List<String> CSV = List.of(
            "index, pci.bus_id, name, pcie.link.gen.current, pcie.link.gen.max, pcie.link.gen.gpumax, "
                    + "pcie.link.gen.hostmax, pcie.link.width.current, pcie.link.width.max",
            "0, 00000000:83:00.0, NVIDIA H200, 5, 5, 5, [N/A], 16, 16",
            "1, 00000000:01:00.0, NVIDIA GeForce RTX 4080 SUPER, 1, 4, 4, 5, 16, 16");

    @Test
    void csvWithHeaderMapsEveryColumn() {
        var r = NvidiaSmiParser.parseCsv("smi.csv", CSV);
        assertThat(r.problems()).isEmpty();
        NvidiaSmiLink h200 = r.value().get(0);
        assertThat(h200.busId()).isEqualTo(Bdf.parse("0000:83:00.0"));
        assertThat(h200.name()).isEqualTo("NVIDIA H200");
        assertThat(h200.genCurrent()).isEqualTo(5);
        assertThat(h200.genHostMax()).isEqualTo(-1);
        assertThat(h200.widthMax()).isEqualTo(16);
        NvidiaSmiLink rtx = r.value().get(1);
        assertThat(rtx.index()).isEqualTo(1);
        assertThat(rtx.genCurrent()).isEqualTo(1);
        assertThat(rtx.genMax()).isEqualTo(4);
        assertThat(rtx.genHostMax()).isEqualTo(5);
        assertThat(rtx.source().line()).isEqualTo(3);
    }

    @Test
    void csvSubsetInAnotherOrder() {
        // the §7.2 H200 values, columns reordered and without index/name
        var r = NvidiaSmiParser.parseCsv("smi.csv", List.of(
                "pcie.link.width.current, pci.bus_id, pcie.link.gen.gpumax",
                "16, 00000000:83:00.0, 5"));
        NvidiaSmiLink l = r.value().get(0);
        assertThat(l.widthCurrent()).isEqualTo(16);
        assertThat(l.genGpuMax()).isEqualTo(5);
        assertThat(l.index()).isEqualTo(-1);
        assertThat(l.genCurrent()).isEqualTo(-1);
    }

    @Test
    void csvWithoutHeaderCannotBeMapped() {
        var r = NvidiaSmiParser.parseCsv("smi.csv", CSV.subList(1, 3));
        assertThat(r.value()).isEmpty();
        assertThat(r.problems()).singleElement().satisfies(p -> {
            assertThat(p.severity()).isEqualTo(Severity.WARNING);
            assertThat(p.line()).isEqualTo(1);
            assertThat(p.message()).contains("noheader");
        });
    }

    @Test
    void hgxA100TopoReSpacedWithNvLinks() {
        String rel = "nvidia-hgx-a100-8gpu-node-topo/topo.txt";
        var r = NvidiaSmiParser.parseTopo(rel, Samples.lines(rel));
        assertThat(r.problems()).isEmpty();
        TopoMatrix m = r.value();
        assertThat(m.labels()).containsExactly("GPU0", "GPU1", "GPU2", "GPU3", "GPU4", "GPU5", "GPU6", "GPU7");
        assertThat(m.cells().get("GPU0").get("GPU0")).isEqualTo("X");
        assertThat(m.cells().get("GPU3").get("GPU6")).isEqualTo("NV12");
        assertThat(m.numaAffinity()).containsEntry("GPU0", "0").containsEntry("GPU7", "1");
    }

    @Test
    void pugetTopoWithNicLegend() {
        String rel = "puget-wrx90-threadripper-pro-rtx6000ada-cx7/topo.txt";
        var r = NvidiaSmiParser.parseTopo(rel, Samples.lines(rel));
        assertThat(r.problems()).isEmpty();
        TopoMatrix m = r.value();
        assertThat(m.labels()).containsExactly("GPU0", "GPU1", "NIC0", "NIC1");
        assertThat(m.cells().get("GPU0").get("GPU1")).isEqualTo("PHB");
        assertThat(m.cells().get("NIC1").get("NIC0")).isEqualTo("PIX");
        assertThat(m.cells().get("GPU1").get("NIC0")).isEqualTo("NODE");
        assertThat(m.nicLegend()).containsEntry("NIC0", "mlx5_0").containsEntry("NIC1", "mlx5_1");
        assertThat(m.numaAffinity()).containsEntry("GPU1", "0").doesNotContainKey("NIC0");
    }

    @Test
    void tabSeparatedTopoWithAnsiHeaderAndOldSocLegend() {
        List<String> lines = List.of(
                "\u001b[4m\tGPU0\tGPU1\tmlx5_0\tCPU Affinity\u001b[0m",
                "GPU0\t X \tSOC\tPHB\t0-11",
                "GPU1\tSOC\t X \tSOC\t12-23",
                "mlx5_0\tPHB\tSOC\t X \t",
                "",
                "Legend:",
                "",
                "  X   = Self",
                "  SOC  = Connection traversing PCIe as well as the SMP link between CPU sockets(e.g. QPI)");
        var r = NvidiaSmiParser.parseTopo("topo.txt", lines);
        assertThat(r.problems()).isEmpty();
        TopoMatrix m = r.value();
        assertThat(m.labels()).containsExactly("GPU0", "GPU1", "mlx5_0");
        assertThat(m.cells().get("GPU0").get("GPU1")).isEqualTo("SYS");
        assertThat(m.cells().get("mlx5_0").get("GPU0")).isEqualTo("PHB");
        assertThat(m.numaAffinity()).isEmpty();
    }
}
