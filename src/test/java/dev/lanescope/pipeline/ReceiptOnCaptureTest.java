package dev.lanescope.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lanescope.analysis.LinkVerdict;
import dev.lanescope.probe.ReceiptReader;

/** A receipt's evidence on a capture: the checks the command line and the window share, on real files. */
class ReceiptOnCaptureTest {

    static final Path P2000 = Path.of("samples/dell-optiplex-xe3-i7-8700-quadro-p2000");
    static final Path H200 = Path.of("docs/bench/receipt-h200.json");

    @TempDir
    Path tmp;

    /** The H200 receipt measured GPU 0000:00:06.0 on a VM; the Dell capture has no such function: nothing applies. */
    @Test
    void aGpuTheCaptureLacksChangesNothing() throws Exception {
        CaptureAnalysis dell = CaptureAnalysis.load(P2000);
        ReceiptOnCapture on = ReceiptOnCapture.apply(ReceiptReader.read(H200), dell);
        assertThat(on.status()).isEqualTo(ReceiptOnCapture.Status.GPU_NOT_IN_CAPTURE);
        assertThat(on.why()).contains("0000:00:06.0 is not in the capture");
        assertThat(on.upgraded()).isSameAs(dell);
    }

    /**
     * The same receipt moved onto the Quadro (bus 01:00.0, capable Gen3) with the link sampled at Gen1 x16 under
     * load: the idle-looking hop 00:01.0 -> 01:00.0 stayed low while working, so it becomes speed degraded.
     */
    @Test
    void aReadingUnderLoadDecidesTheIdleHop() throws Exception {
        ObjectNode o = (ObjectNode) new ObjectMapper().readTree(H200.toFile());
        ((ObjectNode) o.get("gpu")).put("pciBusId", "0000:01:00.0");
        ((ObjectNode) o.at("/nvidiaSmiLink/before")).put("pcie.link.gen.max", 3);
        o.putObject("linkDuringLoad").putArray("samples").addObject().put("gen", 1).put("width", 16);
        Path f = tmp.resolve("p2000.json");
        new ObjectMapper().writeValue(f.toFile(), o);

        CaptureAnalysis dell = CaptureAnalysis.load(P2000);
        ReceiptOnCapture on = ReceiptOnCapture.apply(ReceiptReader.read(f), dell);
        assertThat(on.applied()).isTrue();
        assertThat(on.changes()).hasSize(1);
        assertThat(on.changes().get(0).before().verdict()).isEqualTo(LinkVerdict.IDLE_DOWNSHIFT);
        assertThat(on.changes().get(0).after().verdict()).isEqualTo(LinkVerdict.SPEED_DEGRADED);
        assertThat(on.upgraded().evidence().byFunction()).isNotEmpty();
        // the capture as read is left as it was
        assertThat(dell.evidence().byFunction()).isEmpty();
    }

    /** A text file with no PCI function is unusable, and says so with the file named; the topology is empty. */
    @Test
    void unusableInputIsNamed() throws Exception {
        Path notes = Files.writeString(tmp.resolve("notes.txt"), "inventory notes\n");
        CaptureAnalysis a = CaptureAnalysis.load(List.of(notes));
        assertThat(a.usable()).isFalse();
        assertThat(a.topology().functions()).isEmpty();
        assertThat(a.unusableLines().get(0)).contains("no PCI functions and no lspci tree were found");
        assertThat(a.unusableLines().get(a.unusableLines().size() - 1)).contains("capture `sudo lspci -vv`");
    }
}
