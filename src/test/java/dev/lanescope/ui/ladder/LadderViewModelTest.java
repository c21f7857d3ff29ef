package dev.lanescope.ui.ladder;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lanescope.analysis.ladder.Ladder;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.p2p.RungStatus;
import dev.lanescope.ui.common.FxTasks;
import dev.lanescope.ui.session.OpenCaptures;
import dev.lanescope.ui.session.Session;

/**
 * The P2P ladder tab's state without the toolkit, on the reconstructed X99 box with two Radeon cards: what the admin
 * reads in the tab (the pair, the answer, each rung's status and which rows open) and how the evidence files move it.
 */
class LadderViewModelTest {

    private static final Path CAPTURE = Path.of("src/test/resources/ladder/x99-two-r9700-reconstructed");
    private static final Path EVIDENCE = Path.of("src/test/resources/ladder/x99-two-r9700-evidence");
    private static final Bdf A = Bdf.parse("0000:03:00.0");
    private static final Bdf B = Bdf.parse("0000:04:00.0");

    @Test
    void theSelectedGpuAndItsPeerGetTheirLadderWithTheLowestFailedRungFirst() {
        Session session = OpenCaptures.sessionOn(CAPTURE);
        LadderViewModel vm = new LadderViewModel(session, FxTasks.HERE);
        session.select(A);

        assertThat(vm.gpuProperty().get()).isEqualTo(A);
        assertThat(vm.peers()).containsExactly(B);
        assertThat(vm.peerProperty().get()).isEqualTo(B);
        assertThat(vm.gpuLabelProperty().get()).startsWith("03:00.0");
        assertThat(session.pairPeerProperty().get()).as("the peer's path is lit in the picture").isEqualTo(B);
        assertThat(vm.headlineProperty().get())
                .startsWith("Direct P2P between 03:00.0 and 04:00.0 fails at rung 3 (DMA addressability)");
        Ladder l = vm.ladderProperty().get();
        assertThat(l.rung(1).status()).isEqualTo(RungStatus.PASS);
        assertThat(vm.startsOpen(l.rung(1))).isFalse();
        assertThat(l.rung(3).status()).isEqualTo(RungStatus.FAIL);
        assertThat(vm.startsOpen(l.rung(3))).as("the lowest failed rung opens to its evidence").isTrue();
        assertThat(l.rung(6).status()).isEqualTo(RungStatus.NOT_PROVEN);
        assertThat(vm.statusProperty().get()).isEmpty();
        assertThat(vm.evidenceSummaryProperty().get()).isEqualTo("or drop logs and probe outputs here");
    }

    @Test
    void measuredEvidenceMovesTheMeasuredRungsButNeverTheBarPlacement() {
        Session session = OpenCaptures.sessionOn(CAPTURE);
        LadderViewModel vm = new LadderViewModel(session, FxTasks.HERE);
        vm.addEvidence(List.of(EVIDENCE.resolve("p2p_bw-x99.jsonl"), EVIDENCE.resolve("sendrecv_perf-patched.txt"),
                EVIDENCE.resolve("rccl-patched.log")));

        assertThat(vm.evidenceSummaryProperty().get()).isEqualTo("3 evidence file(s)");
        Ladder l = vm.ladderProperty().get();
        assertThat(l.rung(6).status()).isEqualTo(RungStatus.PASS);
        assertThat(l.rung(7).status()).isEqualTo(RungStatus.PASS);
        assertThat(l.rung(3).status()).isEqualTo(RungStatus.FAIL);
    }

    @Test
    void selectingTheOtherCardSwapsThePairAndAPeerNotInTheCaptureIsIgnored() {
        Session session = OpenCaptures.sessionOn(CAPTURE);
        LadderViewModel vm = new LadderViewModel(session, FxTasks.HERE);
        session.select(B);
        assertThat(vm.gpuProperty().get()).isEqualTo(B);
        assertThat(vm.peerProperty().get()).isEqualTo(A);
        vm.choosePeer(Bdf.parse("0000:7f:00.0"));
        assertThat(vm.peerProperty().get()).isEqualTo(A);
        assertThat(vm.headlineProperty().get()).startsWith("Direct P2P between 04:00.0 and 03:00.0");
    }

    @Test
    void withoutACaptureTheTabSaysWhatToOpen() {
        LadderViewModel vm = new LadderViewModel(new Session(), FxTasks.HERE);
        assertThat(vm.ladderProperty().get()).isNull();
        assertThat(vm.headlineProperty().get()).isEmpty();
        assertThat(vm.statusProperty().get()).isEqualTo("Open a capture to see its P2P ladder.");
    }
}
