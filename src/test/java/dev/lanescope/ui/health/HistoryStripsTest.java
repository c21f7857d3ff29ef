package dev.lanescope.ui.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lanescope.fleet.HostHistory;

/** The History window's strips, without the toolkit: one cell per boot, in time order, and the command line's words. */
class HistoryStripsTest {

    @TempDir
    Path tmp;

    @Test
    void aRootPortLowOnTwoOfSixBootsHasTwoRedCellsWhereTheyWere() throws Exception {
        HealthFixtures.boots(tmp, 6, Set.of(2, 3));
        HistoryStrips s = HistoryStrips.of(tmp, HostHistory.load(tmp, 2));
        assertThat(s.notes()).isEmpty();
        assertThat(s.hosts()).hasSize(1);
        assertThat(s.hosts().get(0).line()).isEqualTo("xe3: 6 boot(s) from 6 capture(s), 2026-11-01T08:00:00Z to"
                + " 2026-11-06T08:00:00Z");
        HistoryStrips.Hop hop = s.hosts().get(0).hops().get(0);
        assertThat(hop.sentence()).startsWith("0000:00:01.0 trained low on 2 of 6 boot(s) (2.5 GT/s; 8 GT/s on the others)")
                .contains("full speed on the last 3 boot(s), since 2026-11-04T08:00:00Z: the fix holds so far");
        assertThat(hop.cells()).extracting(HistoryStrips.Cell::trained).containsExactly(HistoryStrips.Trained.FULL,
                HistoryStrips.Trained.LOW, HistoryStrips.Trained.LOW, HistoryStrips.Trained.FULL,
                HistoryStrips.Trained.FULL, HistoryStrips.Trained.FULL);
        assertThat(hop.cells().get(1).tooltip()).contains("Boot boot-2").contains("2026-11-02T08:00:00Z")
                .contains("Trained low: 2.5 GT/s x16 of 8 GT/s x16");
    }

    @Test
    void anUnreadableCaptureAndASecondHostGetTheCommandLinesMessages() throws Exception {
        HealthFixtures.boots(tmp, 2, Set.of());
        Path other = Files.createDirectories(tmp.resolve("other-host"));
        Files.copy(HealthFixtures.OPTIPLEX.resolve("vv.txt"), other.resolve("vv.txt"));
        Files.writeString(other.resolve("hostname"), "lab-2\n");
        Path junk = Files.createDirectories(tmp.resolve("junk"));
        Files.writeString(junk.resolve("notes.txt"), "a shopping list\nmilk\n");
        HistoryStrips s = HistoryStrips.of(tmp, HostHistory.load(tmp, 2));
        assertThat(s.notes()).anySatisfy(n -> assertThat(n).startsWith("skipped junk"));
        assertThat(s.notes()).contains("2 hosts under " + tmp + " (history is per host; each follows):");
        assertThat(s.hosts()).extracting(HistoryStrips.Host::line).anySatisfy(l -> assertThat(l).startsWith("lab-2: 1 boot(s)"));
    }

    @Test
    void aFolderWithNothingReadableSaysSo() throws Exception {
        Files.writeString(tmp.resolve("readme.txt"), "nothing here\n");
        HistoryStrips s = HistoryStrips.of(tmp, HostHistory.load(tmp, 1));
        assertThat(s.hosts()).isEmpty();
        assertThat(s.notes()).contains("no usable capture under " + tmp);
    }
}
