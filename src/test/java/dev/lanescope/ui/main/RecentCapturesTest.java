package dev.lanescope.ui.main;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.prefs.Preferences;

import org.junit.jupiter.api.Test;

/** File ▸ Recent captures' list, kept in an isolated in-memory preferences node (never the user's). */
class RecentCapturesTest {

    private final Preferences store = new MemoryPreferences();
    private final RecentCaptures recent = new RecentCaptures(store);

    private static List<Path> capture(int i) {
        return List.of(Path.of("/captures/machine-" + i));
    }

    @Test
    void theMostRecentComesFirstWithoutDuplicatesAndTheOldestFallOff() {
        for (int i = 1; i <= RecentCaptures.MAX + 2; i++) recent.add(capture(i));
        recent.add(capture(5));
        List<List<Path>> list = recent.list();
        assertThat(list).hasSize(RecentCaptures.MAX).doesNotHaveDuplicates();
        assertThat(list.get(0)).isEqualTo(capture(5));
        assertThat(list.get(1)).isEqualTo(capture(RecentCaptures.MAX + 2));
        assertThat(list).doesNotContain(capture(1), capture(2)).contains(capture(3));
    }

    @Test
    void theSameFilesInAnotherOrderAreOneEntryListedInTheLatestOrder() {
        Path vv = Path.of("/captures/box/vv.txt");
        Path tv = Path.of("/captures/box/tv.txt");
        recent.add(List.of(vv, tv));
        recent.add(capture(1));
        recent.add(List.of(tv, vv));
        assertThat(recent.list()).containsExactly(List.of(tv, vv), capture(1));
        recent.add(List.of(tv)); // a subset is another capture
        assertThat(recent.list()).containsExactly(List.of(tv), List.of(tv, vv), capture(1));
    }

    @Test
    void theListLivesInTheStoreItWasGivenAndRelativePathsAreMadeAbsolute() {
        recent.add(List.of(Path.of("vv.txt"), Path.of("tv.txt")));
        List<Path> abs = List.of(Path.of("vv.txt").toAbsolutePath(), Path.of("tv.txt").toAbsolutePath());
        assertThat(new RecentCaptures(store).list()).containsExactly(abs);
        assertThat(store.get("recent", "")).isEqualTo(abs.get(0) + "\t" + abs.get(1) + "\n");
        recent.remove(abs);
        assertThat(new RecentCaptures(store).list()).isEmpty();
    }

    @Test
    void longEntriesNeverOverflowThePreferencesValue() {
        // a drop of many files in a deep folder: each entry is close to the 8192 characters a value may hold
        String deep = "/" + "d".repeat(180) + "/";
        List<List<Path>> entries = new ArrayList<>();
        for (int e = 0; e < 3; e++) {
            List<Path> files = new ArrayList<>();
            for (int f = 0; f < 40; f++) files.add(Path.of(deep + "capture-" + e + "-file-" + f + ".txt"));
            entries.add(files);
            recent.add(files);
        }
        assertThat(recent.list()).first().isEqualTo(entries.get(2));
        assertThat(store.get("recent", "").length()).isLessThanOrEqualTo(Preferences.MAX_VALUE_LENGTH);
        // one entry longer than a value can hold is not remembered, and the others stay
        List<Path> huge = new ArrayList<>();
        for (int f = 0; f < 60; f++) huge.add(Path.of(deep + "huge-" + f + ".txt"));
        recent.add(huge);
        assertThat(recent.list()).first().isEqualTo(entries.get(2));
    }

    @Test
    void aNameWithATabOrNewlineIsNotRememberedRatherThanCorruptingTheList() {
        recent.add(capture(1));
        recent.add(List.of(Path.of("/captures/odd\nname")));
        assertThat(recent.list()).containsExactly(capture(1));
    }
}
