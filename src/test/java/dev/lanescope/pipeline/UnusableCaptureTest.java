package dev.lanescope.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Inputs from which no tree can be built still hold facts: what is said about them names those facts, once, and how
 * to get what is missing.
 */
class UnusableCaptureTest {

    @Test
    void aKernelLogAloneHasItsLinkNoticesQuotedWithTheirLines() {
        CaptureAnalysis a = CaptureAnalysis.load(Path.of("samples", "dell-poweredge-r7625-epyc-genoa-2s-dmesg"));
        assertThat(a.usable()).isFalse();
        List<String> lines = a.unusableLines();
        assertThat(lines.get(0)).contains("error: unusable capture: no PCI functions and no lspci tree were found");
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("dmesg.txt:585:")
                .contains("limited by 5.0 GT/s PCIe x1 link at 0000:60:05.3"));
        assertThat(lines).filteredOn(l -> l.contains("available PCIe bandwidth")).hasSize(3);
        assertThat(lines.get(lines.size() - 1)).contains("capture `sudo lspci -vv` and `lspci -tv`");
        assertThat(String.join("\n", lines).split("no PCI functions", -1)).hasSize(2);
    }

    @Test
    void anNvidiaSmiMatrixAloneIsNamedForWhatItCanAndCannotTell() {
        CaptureAnalysis a = CaptureAnalysis.load(Path.of("samples", "nvidia-hgx-a100-8gpu-node-topo"));
        assertThat(a.usable()).isFalse();
        assertThat(a.unusableLines()).anySatisfy(l -> assertThat(l).contains("topo.txt:1 is an nvidia-smi topo -m matrix (8 GPUs")
                .contains("names no PCI address"));
    }
}
