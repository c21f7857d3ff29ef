package dev.lanescope.parse.p2p;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lanescope.model.Severity;
import dev.lanescope.model.p2p.CollectiveOp;
import dev.lanescope.model.p2p.P2pEvidence;
import dev.lanescope.parse.ParseResult;

/** Every real evidence file is recognised by what it holds, whatever its name. */
class P2pEvidenceReaderTest {

    static P2pEvidence read(String resource) {
        ParseResult<P2pEvidence> r = P2pEvidenceReader.read("evidence.txt", P2pFixtures.lines(resource));
        assertThat(r.problems()).isEmpty();
        return r.value();
    }

    @Test
    void eachKindIsRecognised() {
        assertThat(read("p2p_bw-h200x2.jsonl").copies().tool()).isEqualTo("p2p_bw");
        assertThat(read("collective-gloo-ok.jsonl").probe().backend()).isEqualTo("gloo");
        assertThat(read("transferbench-p2p-8x-mi300x-4M.txt").copies().tool()).isEqualTo("TransferBench");
        assertThat(read("transferbench-config-pr50.txt").copies().copies()).hasSize(1);
        assertThat(read("sendrecv-old-2x-gtx1080-issue104.txt").tables()).singleElement()
                .satisfies(t -> assertThat(t.op()).isEqualTo(CollectiveOp.SENDRECV));
        assertThat(read("rccl-mi250x-issue1026.log").log().channels()).hasSize(9);
    }

    @Test
    void aTestRunWithNcclDebugInfoGivesItsTableAndItsChannels() {
        List<String> lines = new ArrayList<>(P2pFixtures.lines("nccl-shm-h800-issue1609.log"));
        lines.addAll(P2pFixtures.lines("all_gather-2gpu-bf16-issue1435.txt"));
        P2pEvidence e = P2pEvidenceReader.read("run.log", lines).value();
        assertThat(e.log().channels()).hasSize(12);
        assertThat(e.tables()).singleElement().satisfies(t -> assertThat(t.rows()).hasSize(7));
        assertThat(e.copies()).isNull();
    }

    @Test
    void somethingElseSaysWhatEachKindLooksLike() {
        ParseResult<P2pEvidence> r = P2pEvidenceReader.read("notes.md", List.of("# my notes", "P2P works, I think"));
        assertThat(r.value().empty()).isTrue();
        assertThat(r.problems()).singleElement().satisfies(p -> {
            assertThat(p.severity()).isEqualTo(Severity.ERROR);
            assertThat(p.message()).contains("p2p_bw").contains("TransferBench").contains("NCCL_DEBUG=INFO");
        });
    }
}
