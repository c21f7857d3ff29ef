package dev.lanescope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;

/** {@code lanescope ladder} as a script drives it: the JSON keys, the exit status, and located refusals. */
class LadderCommandTest {

    private static final String X99 = "src/test/resources/ladder/x99-two-r9700-reconstructed";

    @Test
    void jsonOfOnePairHasTheDocumentedKeys() throws Exception {
        CliRun run = CliRun.of("ladder", X99, "--pair", "03:00.0,04:00.0", "--json");
        assertThat(run.exit()).isZero();
        @SuppressWarnings("unchecked")
        Map<String, Object> o = new ObjectMapper().readValue(run.out(), Map.class);
        assertThat(o).containsKeys("pair", "headline", "rungs", "lowestNotPassed", "lowestFailed");
        assertThat(o.get("pair")).isEqualTo(List.of("0000:03:00.0", "0000:04:00.0"));
        // BARs at 56 TiB beyond the assumed 44-bit mask (rung 3), host bridge 8086:6f00 unlisted (rung 4)
        assertThat(o.get("lowestFailed")).isEqualTo(3);
        assertThat(o.get("lowestNotPassed")).isEqualTo(3);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rungs = (List<Map<String, Object>>) o.get("rungs");
        assertThat(rungs).hasSize(9);
        assertThat(rungs).extracting(r -> r.get("status")).containsExactly("PASS", "PASS", "FAIL", "FAIL",
                "NOT_PROVEN", "NOT_PROVEN", "NOT_PROVEN", "NOT_PROVEN", "NOT_PROVEN");
        Map<String, Object> r3 = rungs.get(2);
        assertThat(r3).containsKeys("rung", "name", "status", "evidence", "rule", "next");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> ev = (List<Map<String, Object>>) r3.get("evidence");
        assertThat(ev).first().satisfies(e -> {
            assertThat((String) e.get("file")).endsWith("lspci-vv-nn.txt");
            assertThat(e.get("line")).isEqualTo(48);
            assertThat((String) e.get("text")).startsWith("Region 0: Memory at 380000000000");
        });
        assertThat(rungs.get(0).get("next")).isNull();
    }

    @Test
    void withoutPairEveryGpuPairAndTextAnswerFirst() {
        CliRun run = CliRun.of("ladder", X99);
        assertThat(run.exit()).isZero();
        assertThat(run.out()).startsWith("Direct P2P between 03:00.0 and 04:00.0 fails at rung 3");
        assertThat(run.out()).contains("4. Kernel P2PDMA: failed").contains("next: ");
    }

    @Test
    void aBadPairIsRefusedByName() {
        CliRun bad = CliRun.of("ladder", X99, "--pair", "03:00.0");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("'--pair': '03:00.0' is not two PCI addresses");
        CliRun absent = CliRun.of("ladder", X99, "--pair", "03:00.0,05:00.0");
        assertThat(absent.exit()).isEqualTo(2);
        assertThat(absent.err()).contains("0000:05:00.0 is not in").contains("03:00.0, 04:00.0");
    }

    @Test
    void aOneGpuCaptureSaysSoAndHowToNameAPair() {
        CliRun run = CliRun.of("ladder", "samples/dell-optiplex-xe3-i7-8700-quadro-p2000");
        assertThat(run.exit()).isZero();
        assertThat(run.out()).startsWith("No pair of GPUs in").contains("--pair A,B");
    }
}
