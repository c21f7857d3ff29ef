package dev.lanescope.ui.main;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lanescope.model.Bdf;
import dev.lanescope.model.Severity;
import dev.lanescope.ui.common.FxTasks;
import dev.lanescope.ui.model.EdgeColours;
import dev.lanescope.ui.session.Session;

/**
 * The explorer window's state without the toolkit: a capture from the test resources opened as File ▸ Open does, and
 * what the user then reads: the status line, the header, the selected card's answer, the filter, the recent list.
 */
class MainViewModelTest {

    /** Two H200s in a cloud VM, joined by NVLink (an edited copy of a bundled sample; see its source.txt). */
    private static final Path TWO_H200 = Path.of("src/test/resources/fixtures/synthetic-vm-two-h200");
    private static final Bdf FIRST = Bdf.parse("0000:00:06.0");
    private static final Bdf SECOND = Bdf.parse("0000:00:07.0");

    private final Session session = new Session();
    private final RecentCaptures recent = RecentCaptures.inMemory();
    private final MainViewModel vm = new MainViewModel(session, recent, null, FxTasks.HERE);

    @Test
    void anOpenedCaptureIsCountedOnTheStatusLineAndKeptInRecentCaptures() {
        vm.open(List.of(TWO_H200), null);

        assertThat(vm.loadingProperty().get()).isFalse();
        assertThat(vm.getLoaded()).isNotNull();
        assertThat(vm.statusProperty().get()).matches("\\d+ functions, \\d+ links, 2 GPUs");
        assertThat(vm.gpus()).containsExactly(FIRST, SECOND);
        assertThat(vm.captureInfoProperty().get()).startsWith(vm.getLoaded().label());
        assertThat(vm.sampleBannerProperty().get()).isEmpty();
        assertThat(vm.recentCaptures()).containsExactly(List.of(TWO_H200.toAbsolutePath()));
        assertThat(vm.problems()).allMatch(p -> p.severity() == Severity.INFO);
    }

    @Test
    void selectingACardShowsItsAnswerAndLightsItsPath() {
        vm.open(List.of(TWO_H200), null);
        assertThat(vm.adviceProperty().get()).isNull();
        assertThat(vm.marks().highlighted()).isEmpty();

        vm.select(FIRST);

        var advice = vm.adviceProperty().get();
        assertThat(advice.card()).isEqualTo(FIRST);
        assertThat(advice.title()).contains("00:06.0").contains("H200");
        // a passed-through card in a VM: the host's path is hidden, the card's own link is what the capture shows
        assertThat(advice.answer()).startsWith("Cannot say from this capture: 0000:00:06.0 sits directly on a root bus")
                .contains("32.0 GT/s PCIe x16 link").contains("a probe under load is the proof");
        assertThat(vm.marks().highlighted()).contains(vm.getLoaded().picture().nodeOf(FIRST).id());
        assertThat(session.adviceProperty().get()).as("the side panel reads the same answer").isSameAs(advice);

        vm.select(null);
        assertThat(vm.adviceProperty().get()).isNull();
    }

    @Test
    void selectAfterLoadPicksTheCardAndAnAddressNotInTheCaptureIsSaidOnTheStatusLine() {
        vm.selectAfterLoad(SECOND);
        vm.open(List.of(TWO_H200), null);
        assertThat(session.selected()).isEqualTo(SECOND);

        vm.selectAfterLoad(Bdf.parse("0000:7f:00.0"));
        vm.open(List.of(TWO_H200), null);
        assertThat(session.selected()).isNull();
        assertThat(vm.statusProperty().get()).isEqualTo("--select 0000:7f:00.0: no such function in this capture");
    }

    @Test
    void theFilterDimsEverythingButTheMatchingBoxes() {
        vm.open(List.of(TWO_H200), null);
        int all = vm.marks().matches().size();
        vm.setSearch("00:07.0");
        assertThat(vm.marks().matches()).containsExactly(vm.getLoaded().picture().nodeOf(SECOND).id());
        vm.setSearch("");
        assertThat(vm.marks().matches()).hasSize(all);
    }

    @Test
    void theColourModeAndThemeToggle() {
        assertThat(vm.modeProperty().get()).isEqualTo(EdgeColours.Mode.VERDICTS);
        vm.toggleMode();
        assertThat(vm.modeProperty().get()).isEqualTo(EdgeColours.Mode.ATOMICS);
        vm.toggleTheme();
        assertThat(session.theme()).isEqualTo(dev.lanescope.ui.session.Theme.DARK);
    }

    @Test
    void aFileWithoutPcieFunctionsDoesNotReplaceTheOpenCapture(@TempDir Path dir) throws IOException {
        vm.open(List.of(TWO_H200), null);
        var shown = vm.getLoaded();
        Path notes = Files.writeString(dir.resolve("notes.txt"), "nothing about PCIe here\n");

        vm.open(List.of(notes), null);

        assertThat(vm.getLoaded()).isSameAs(shown);
        assertThat(vm.statusProperty().get()).startsWith("Nothing readable in notes.txt")
                .endsWith("still showing " + shown.label());
        assertThat(vm.problems()).isNotEmpty();
        assertThat(vm.recentCaptures()).containsExactly(List.of(TWO_H200.toAbsolutePath()));
    }

    @Test
    void aRecentEntryWhoseFilesAreGoneIsRemovedAndSaid(@TempDir Path dir) {
        Path gone = dir.resolve("moved-away");
        recent.add(List.of(gone));
        MainViewModel fresh = new MainViewModel(session, recent, null, FxTasks.HERE);
        assertThat(fresh.recentCaptures()).containsExactly(List.of(gone));

        fresh.openRecent(List.of(gone));

        assertThat(fresh.recentCaptures()).isEmpty();
        assertThat(fresh.statusProperty().get()).isEqualTo(gone + " no longer exists (moved or deleted): removed it "
                + "from File ▸ Recent captures");
    }
}
