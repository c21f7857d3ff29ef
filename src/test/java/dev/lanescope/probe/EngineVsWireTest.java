package dev.lanescope.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lanescope.probe.EngineVsWire.Claim;
import dev.lanescope.probe.EngineVsWire.Limit;

/** Engine against wire at the same transfer size (the ~40 % rule of docs/RULES.md §7), and reading what the user typed. */
class EngineVsWireTest {

    private static final long SEED_SIZE = 2_459_136; // 2.345 MiB

    /** Seed 000's link: ~28 µs per copy on a 31.5 GB/s wire, one-by-one copies only (no batched modes). */
    private static BatchReading seedProbe() {
        return BatchReading.of(TransferCostTest.series("h2d_async", 28, 31.5));
    }

    /** The H200 at 460,800 B and 1 GiB, with the batched modes as measured (GB/s). */
    private static BatchReading h200() {
        List<ProbeResult> r = new ArrayList<>();
        r.add(res("h2d_async", 460_800, 42.60, "cudaMemcpyAsync"));
        r.add(res("h2d_batch", 460_800, 52.51, "cudaMemcpyBatchAsync"));
        r.add(res("h2d_graph", 460_800, 42.57, "cudaGraphLaunch"));
        r.add(res("h2d_coalesced", 460_800, 55.41, "cudaMemcpyAsync"));
        r.add(res("h2d_async", 1L << 30, 55.45, "cudaMemcpyAsync"));
        r.add(res("h2d_batch", 1L << 30, 55.47, "cudaMemcpyBatchAsync"));
        r.add(res("h2d_coalesced", 1L << 30, 55.43, "cudaMemcpyAsync"));
        return BatchReading.of(r);
    }

    private static ProbeResult res(String mode, long bytes, double gbps, String api) {
        double ms = bytes / gbps / 1e6;
        return new ProbeResult("pcie_bw", 0, null, null, "pinned", mode, "h2d", api, bytes, 100, 9, ms, ms, ms, gbps,
                gbps, -1, -1, null);
    }

    @Test
    void engineAtFortyPercentOfTheLinkIsTheEngine() {
        BatchReading p = seedProbe();
        double link = p.at(SEED_SIZE).orElseThrow().oneByOne(); // ~23.2 GB/s: 106 µs per copy
        assertThat(link).isCloseTo(2_459_136 / 106e3, within(0.3));
        EngineVsWire r = EngineVsWire.of(new Claim(0.40 * link, SEED_SIZE), p, 31.5);
        assertThat(r.limit()).isEqualTo(Limit.ENGINE);
        assertThat(r.measured()).isTrue();
        assertThat(r.sentence()).startsWith("The engine is the limit").contains("40 %")
                .contains("no hardware change will help");
    }

    @Test
    void engineAtTheOneByOneRateOfTheSeedIsThePerTransferOverhead() {
        // 106 µs per 2.345 MiB copy against 78 µs at the wire: batching recovers it, a faster link does not
        EngineVsWire r = EngineVsWire.of(new Claim(23.0, SEED_SIZE), seedProbe(), 31.5);
        assertThat(r.limit()).isEqualTo(Limit.PER_TRANSFER);
        assertThat(r.sentence()).startsWith("The per-transfer overhead is the limit")
                .contains("a faster link would not help");
    }

    @Test
    void sizeOutsideTheSweepUsesTheFit() {
        // 1 MiB was not swept: 28 µs + 33.3 µs = 61.3 µs per copy, 17.1 GB/s
        EngineVsWire r = EngineVsWire.of(new Claim(6.8, 1L << 20), seedProbe(), 31.5);
        assertThat(r.measured()).isFalse();
        assertThat(r.oneByOne()).isCloseTo(17.1, within(0.3));
        assertThat(r.limit()).isEqualTo(Limit.ENGINE);
        assertThat(r.sentence()).contains("fitted from the sweep");
    }

    @Test
    void h200SmallCopiesOneAtATimeLoseToBatching() {
        EngineVsWire r = EngineVsWire.of(EngineVsWire.parse("42.1 GB/s at 460800 B"), h200(), 55.45);
        assertThat(r.limit()).isEqualTo(Limit.PER_TRANSFER);
        assertThat(r.batched()).isCloseTo(55.41, within(0.01));
        assertThat(r.sentence()).contains("55.41 GB/s").contains("measured at that size");
    }

    @Test
    void bulkCopiesAtTheLinkRateAreTheWire() {
        EngineVsWire r = EngineVsWire.of(new Claim(54.8, 1L << 30), h200(), 55.45);
        assertThat(r.limit()).isEqualTo(Limit.WIRE);
        assertThat(r.sentence()).startsWith("The wire is the limit").contains("faster or wider link");
    }

    @Test
    void moreThanTheLinkGaveIsQuestionedNotJudged() {
        EngineVsWire r = EngineVsWire.of(new Claim(80, 1L << 30), h200(), 55.45);
        assertThat(r.limit()).isEqualTo(Limit.UNKNOWN);
        assertThat(r.sentence()).contains("check the units");
    }

    @Test
    void noProbeAtAllSaysWhatToRun() {
        EngineVsWire r = EngineVsWire.of(new Claim(10, 3L << 20), BatchReading.of(List.of()), Double.NaN);
        assertThat(r.limit()).isEqualTo(Limit.UNKNOWN);
        assertThat(r.sentence()).contains("pcie_bw --sizes 3145728");
    }

    @Test
    void readsTypedClaimsAndLogLines() {
        assertThat(EngineVsWire.parse("17.7 GB/s at 460800 B")).isEqualTo(new Claim(17.7, 460_800));
        assertThat(EngineVsWire.parse("3 MiB slabs: 12.5 GB/s")).isEqualTo(new Claim(12.5, 3L << 20));
        Claim log = EngineVsWire.parse("[expert] gather 460,800 bytes in 26.1 us");
        assertThat(log.bytes()).isEqualTo(460_800);
        assertThat(log.gbps()).isCloseTo(17.66, within(0.01));
        assertThat(EngineVsWire.parse("2.345 MiB @ 10 GiB/s").gbps()).isCloseTo(10.737, within(0.001));
        assertThat(EngineVsWire.parse("2.345 MiB @ 10 GiB/s").bytes()).isEqualTo(2_458_911);
    }

    @Test
    void claimsMissingAPartSayWhich() {
        assertThatThrownBy(() -> EngineVsWire.parse("12 GB/s")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("No transfer size");
        assertThatThrownBy(() -> EngineVsWire.parse("3 MiB")).hasMessageContaining("No rate");
        assertThatThrownBy(() -> EngineVsWire.parse(" ")).hasMessageContaining("e.g.");
    }
}
