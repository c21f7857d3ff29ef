package dev.lanescope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lanescope ceiling} as a user or a script runs it. */
class CeilingCliTest {



    @Test
    void seedExamplePrintsTheVerdictFirst() {
        CliRun r = CliRun.of("ceiling", "--h2d", "7.877", "--ram-preset", "lpddr5x-8000-256", "--active-bytes", "10G");
        assertThat(r.exit()).isZero();
        String firstLines = r.out().lines().limit(2).reduce("", String::concat);
        assertThat(firstLines).contains("32.5x slower", "streaming loses by construction",
                "Doubling the link only doubles a losing number");
        assertThat(r.out()).contains("memory : link       32.5x", "streaming ceiling   0.734 tokens/s",
                "Gen4 x4     7.877 GB/s", "What crosses PCIe per token", "activations only");
    }

    @Test
    void jsonHasTheContractKeys() throws Exception {
        CliRun r = CliRun.of("ceiling", "--json", "--h2d", "7.877", "--ram", "256", "--active-bytes", "10737418240");
        assertThat(r.exit()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("linkTimePerTokenMs").asDouble()).isCloseTo(1363.1, within(0.5));
        assertThat(j.get("streamingTokensPerS").asDouble()).isCloseTo(0.734, within(0.001));
        assertThat(j.get("computeTokensPerS").asDouble()).isCloseTo(23.84, within(0.01));
        assertThat(j.get("memoryToLinkRatio").asDouble()).isBetween(31.0, 33.0);
        assertThat(j.get("verdict").asText()).contains("streaming loses by construction");
        assertThat(j.get("verdictKind").asText()).isEqualTo("LOSES_BY_CONSTRUCTION");
        assertThat(j.get("markers")).hasSize(9);
        assertThat(j.get("engineShapes")).hasSize(3);
    }

    @Test
    void hitRateOneGivesNullStreamingNotInfinity() throws Exception {
        CliRun r = CliRun.of("ceiling", "--json", "--h2d", "7", "--ram", "96", "--active-bytes", "1G", "--hit-rate", "1");
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("streamingTokensPerS").isNull()).isTrue();
        assertThat(r.out()).doesNotContain("Infinity", "NaN");
        assertThat(j.get("verdict").asText()).startsWith("Nothing crosses the link");
    }

    @Test
    void receiptGivesTheRateAtTheSlabSizeAndTheOverhead() throws Exception {
        CliRun r = CliRun.of("ceiling", "--json", "--receipt", "src/test/resources/ceiling/receipt-gen4x4.json",
                "--ram", "256", "--model", "mixtral-8x7b", "--slab", "460800");
        assertThat(r.exit()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("effectiveLinkGbPerS").asDouble()).isCloseTo(6.472, within(0.001));
        assertThat(j.get("inputs").get("h2dGbPerS").asDouble()).isCloseTo(6.820, within(0.001));
        assertThat(j.get("inputs").get("overheadUs").asDouble()).isCloseTo(3.6, within(0.05));
        assertThat(j.get("inputs").get("activeExpertBytesPerToken").asLong()).isEqualTo(6_341_787_648L);
        assertThat(j.get("h2dSource").get("note").asText()).contains("pinned h2d_async", "Gen4 x4 at 0000:00:01.1");
    }

    @Test
    void batchedRateOfAReceiptIsWhatTheEngineCouldGet() throws Exception {
        // the H200 receipt of probe 1.1.0: one by one 42.42 GB/s at 460,800 B, batched 55.41 (coalesced)
        String h200 = "docs/bench/h200-probe-1.1.0/receipt.json";
        JsonNode one = new ObjectMapper().readTree(CliRun.of("ceiling", "--json", "--receipt", h200, "--ram", "256",
                "--active-bytes", "1G", "--slab", "460800").out());
        CliRun b = CliRun.of("ceiling", "--json", "--receipt", h200, "--batched", "--ram", "256", "--active-bytes",
                "1G", "--slab", "460800");
        assertThat(b.exit()).isZero();
        JsonNode bat = new ObjectMapper().readTree(b.out());
        assertThat(one.get("inputs").get("overheadUs").asDouble()).isCloseTo(2.6, within(0.3));
        assertThat(bat.get("inputs").get("overheadUs").asDouble()).isLessThan(0.2);
        assertThat(bat.get("effectiveLinkGbPerS").asDouble()).isGreaterThan(1.25 * one.get("effectiveLinkGbPerS")
                .asDouble());
        assertThat(bat.get("h2dSource").get("note").asText()).contains("batched (fastest way per size)");
        assertRefused(CliRun.of("ceiling", "--receipt", "src/test/resources/ceiling/receipt-gen4x4.json", "--batched",
                "--ram", "96", "--active-bytes", "1G"), "has no batched copies");
        assertRefused(CliRun.of("ceiling", "--h2d", "7", "--batched", "--ram", "96", "--active-bytes", "1G"),
                "--batched (batched): --batched reads the batched rate");
    }

    @Test
    void trainedLinkEstimateShowsTheFactor() {
        CliRun r = CliRun.of("ceiling", "--link", "gen4x4", "--ram", "96", "--model", "qwen3-30b-a3b");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("6.695 GB/s bulk", "achievable factor 0.85", "not a register fact");
        CliRun half = CliRun.of("ceiling", "--link", "16GT/s x4", "--achievable", "0.5", "--ram", "96", "--active-bytes", "1G");
        assertThat(half.out()).contains("3.938 GB/s bulk");
    }

    @Test
    void badInputExitsTwoNamingTheOption() {
        assertRefused(CliRun.of("ceiling", "--h2d", "-3", "--ram", "256", "--active-bytes", "1G"),
                "--h2d (h2dGbPerS): must be greater than 0 GB/s");
        assertRefused(CliRun.of("ceiling", "--h2d", "7", "--ram", "256", "--active-bytes", "1G", "--hit-rate", "1.2"),
                "--hit-rate (hitRate): must be between 0 and 1");
        assertRefused(CliRun.of("ceiling", "--h2d", "7", "--ram", "0", "--active-bytes", "1G"), "--ram (ramGbPerS)");
        assertRefused(CliRun.of("ceiling", "--h2d", "7", "--ram", "96", "--active-bytes", "lots"),
                "--active-bytes (activeExpertBytesPerToken): 'lots' is not a byte count");
        assertRefused(CliRun.of("ceiling", "--h2d", "7", "--ram", "96", "--active-bytes", "1e14"),
                "--active-bytes (activeExpertBytesPerToken): must be at most 10000000000000 bytes");
        assertRefused(CliRun.of("ceiling", "--h2d", "7", "--ram", "96", "--active-bytes", "1e20"),
                "--active-bytes (activeExpertBytesPerToken): '1e20' bytes is absurd");
        assertRefused(CliRun.of("ceiling", "--h2d", "7", "--ram", "96", "--active-bytes", "1G", "--slab", "0"),
                "--slab (slabBytes): must be greater than 0");
        assertRefused(CliRun.of("ceiling", "--ram", "96", "--active-bytes", "1G"), "--h2d GBPS, --receipt FILE or --link");
        assertRefused(CliRun.of("ceiling", "--h2d", "7", "--active-bytes", "1G"), "--ram GBPS and --ram-preset");
        assertRefused(CliRun.of("ceiling", "--h2d", "7", "--ram", "96", "--model", "gpt-5"), "--model (model): unknown");
        assertRefused(CliRun.of("ceiling", "--link", "gen4x0", "--ram", "96", "--active-bytes", "1G"), "--link (link)");
        assertRefused(CliRun.of("ceiling", "--receipt", "no/such/file.json", "--ram", "96", "--active-bytes", "1G"),
                "no/such/file.json");
        assertThat(CliRun.of("ceiling", "--h2d", "abc", "--ram", "96", "--active-bytes", "1G").exit()).isEqualTo(2);
    }

    private static void assertRefused(CliRun r, String message) {
        assertThat(r.exit()).as(r.err()).isEqualTo(Main.EXIT_UNUSABLE);
        assertThat(r.err()).contains(message);
        assertThat(r.out()).isEmpty();
    }

    @Test
    void csvHoldsTheNumbersAndBothSeries(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("out/ceiling.csv");
        CliRun r = CliRun.of("ceiling", "--h2d", "7.877", "--ram", "256", "--active-bytes", "10G", "--csv", csv.toString());
        assertThat(r.exit()).isZero();
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines.get(0)).isEqualTo("kind,name,x,value,unit");
        assertThat(lines).contains("input,h2dGbPerS,,7.877,GB/s", "output,streamingTokensPerS,,0.733603,tokens/s",
                "output,memoryToLinkRatio,,32.4997,x", "marker,Gen4 x4,7.8765,0.733556,tokens/s",
                "marker,typed,7.877,0.733603,tokens/s", "output,crossoverLinkGbPerS,,256,GB/s");
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("output,verdict,,\"The link (7.877 GB/s"));
        assertThat(lines.stream().filter(l -> l.startsWith("vsLink,streaming,"))).hasSize(61);
        assertThat(lines.stream().filter(l -> l.startsWith("vsHitRate,compute,"))).hasSize(100);
        assertThat(lines).noneMatch(l -> l.contains("NaN") || l.contains("Infinity"));
    }
}
