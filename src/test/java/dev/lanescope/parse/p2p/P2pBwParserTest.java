package dev.lanescope.parse.p2p;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lanescope.model.Severity;
import dev.lanescope.model.p2p.CopyEngine;
import dev.lanescope.model.p2p.CopyInitiator;
import dev.lanescope.model.p2p.PeerCopy;
import dev.lanescope.model.p2p.PeerCopyRun;
import dev.lanescope.parse.ParseResult;

/** p2p_bw's JSON lines, on the real two-H200 run kept in docs/bench/h200x2 (copied to the test resources). */
class P2pBwParserTest {

    private static final String FILE = "p2p_bw-h200x2.jsonl";

    @Test
    void readsTheTwoGpuRunPairByPairWithBusIdsAndAccess() {
        ParseResult<PeerCopyRun> r = P2pBwParser.parse(FILE, P2pFixtures.lines(FILE));
        assertThat(r.problems()).isEmpty();
        PeerCopyRun run = r.value();
        assertThat(run.version()).isEqualTo("1.0.0");
        // the start line names device 0 at 0000:00:06.0 and device 1 at 0000:00:07.0 (a VM's root bus)
        assertThat(run.busIds()).containsEntry(0, "0000:00:06.0").containsEntry(1, "0000:00:07.0");
        assertThat(run.indexOf("0000:00:07.0")).isEqualTo(1);
        // two peer_access lines (0->1 and 1->0), both granted
        assertThat(run.access()).hasSize(2).allMatch(a -> a.canAccess());
        // 3 sizes x (push and pull in both directions + one both-at-once) = 15 result lines, as the end line says
        assertThat(run.copies()).hasSize(15);
        assertThat(run.ended()).isTrue();
        PeerCopy first = run.copies().get(0);
        // line 5: push_uni 0 -> 1, 16 MiB, 363.281 GB/s; probe 1.0 had no engine key: a runtime copy on the DMA engines
        assertThat(first.at().line()).isEqualTo(5);
        assertThat(first.initiator()).isEqualTo(CopyInitiator.PUSH);
        assertThat(first.engine()).isEqualTo(CopyEngine.DMA);
        assertThat(first.from()).isZero();
        assertThat(first.to()).isEqualTo(1);
        assertThat(first.bytes()).isEqualTo(16L << 20);
        assertThat(first.gbPerS()).isEqualTo(363.281);
        assertThat(first.peerAccess()).isTrue();
        // the both-at-once line at 1 GiB: 783.821 GB/s for the two directions together
        PeerCopy bidi = run.copies().stream().filter(PeerCopy::bidirectional).reduce((a, b) -> b).orElseThrow();
        assertThat(bidi.bytes()).isEqualTo(1L << 30);
        assertThat(bidi.gbPerS()).isEqualTo(783.821);
        assertThat(run.between(1, 0)).hasSize(15);
    }

    @Test
    void aRunCutShortKeepsWhatItMeasuredAndSaysSo() {
        // the real run up to the first verify line (line 10), as a crash after the first size would leave it
        List<String> cut = P2pFixtures.lines(FILE).subList(0, 10);
        ParseResult<PeerCopyRun> r = P2pBwParser.parse("cut.jsonl", cut);
        assertThat(r.value().copies()).hasSize(5);
        assertThat(r.value().ended()).isFalse();
        assertThat(r.problems()).singleElement().satisfies(p -> {
            assertThat(p.severity()).isEqualTo(Severity.WARNING);
            assertThat(p.message()).contains("stopped before its end line").contains("5 copies");
        });
    }

    @Test
    void aDamagedLineIsLocatedAndTheOthersAreRead() {
        List<String> lines = new ArrayList<>(P2pFixtures.lines(FILE));
        lines.set(5, lines.get(5).replace("\"gbPerS\":318.465", "\"gbPerS\":\"fast\"")); // line 6
        lines.set(6, "Segmentation fault (core dumped)"); // line 7
        ParseResult<PeerCopyRun> r = P2pBwParser.parse("d.jsonl", lines);
        assertThat(r.value().copies()).hasSize(13);
        assertThat(r.problems()).extracting(p -> p.line()).containsExactly(6, 7);
        assertThat(r.problems()).allMatch(p -> p.file().equals("d.jsonl"));
    }

    @Test
    void somethingElseIsRefusedWithTheCommandToRun() {
        ParseResult<PeerCopyRun> r = P2pBwParser.parse("x.txt", List.of("hello", "{\"kind\":\"other\"}"));
        assertThat(r.value()).isNull();
        assertThat(r.problems()).anySatisfy(p -> {
            assertThat(p.severity()).isEqualTo(Severity.ERROR);
            assertThat(p.message()).contains("p2p_bw");
        });
    }
}
