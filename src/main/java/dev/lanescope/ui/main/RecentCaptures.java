package dev.lanescope.ui.main;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

/**
 * The last opened captures, most recent first, at most {@link #MAX}, kept with {@link java.util.prefs}: one value,
 * one line per entry, the paths of an entry separated by tabs.
 */
public final class RecentCaptures {

    private static final System.Logger LOG = System.getLogger(RecentCaptures.class.getName());

    /**
     * The JDK's preferences store says "Created user preferences directory." at INFO the first time it runs on a
     * machine; that is not news for a user opening the window, so its logger keeps warnings only. Held here so the
     * setting is not collected with the logger.
     */
    private static final java.util.logging.Logger JDK_PREFS_LOG = quiet("java.util.prefs");

    private static java.util.logging.Logger quiet(String name) {
        java.util.logging.Logger l = java.util.logging.Logger.getLogger(name);
        l.setLevel(java.util.logging.Level.WARNING);
        return l;
    }

    static final int MAX = 8;
    private static final String KEY = "recent";
    private final Preferences prefs;

    /** Keeps the list in {@code prefs} (the user's node, or an isolated one in tests). */
    public RecentCaptures(Preferences prefs) {
        this.prefs = Objects.requireNonNull(prefs, "prefs");
    }

    /** The user's node, or a throwaway in-memory list when {@code lanescope.prefs=off} (tests). */
    public static RecentCaptures forUser() {
        if ("off".equals(System.getProperty("lanescope.prefs"))) return inMemory();
        return new RecentCaptures(Preferences.userRoot().node("dev/lanescope/ui"));
    }

    /** A list kept only in memory, for this run. */
    public static RecentCaptures inMemory() {
        return new RecentCaptures(new MemoryPreferences());
    }

    public List<List<Path>> list() {
        List<List<Path>> out = new ArrayList<>();
        for (String entry : prefs.get(KEY, "").split("\n")) {
            if (entry.isBlank()) continue;
            try {
                out.add(Arrays.stream(entry.split("\t")).map(Path::of).toList());
            } catch (InvalidPathException e) {
                // written by another system or edited by hand: skip the entry
            }
        }
        return out;
    }

    /**
     * Puts this capture first (moving it up when it is already listed, also when its files were given in another
     * order) and drops the oldest beyond {@link #MAX}.
     */
    public void add(List<Path> inputs) {
        List<Path> abs = inputs.stream().map(p -> p.toAbsolutePath().normalize()).toList();
        // a name with a tab or newline cannot be stored in this format, nor can an entry longer than a
        // Preferences value: such a capture is opened but not remembered
        if (abs.isEmpty() || encode(List.of(abs)).length() > Preferences.MAX_VALUE_LENGTH
                || abs.stream().map(Path::toString).anyMatch(s -> s.contains("\t") || s.contains("\n"))) return;
        List<List<Path>> all = new ArrayList<>(list());
        Set<Path> same = Set.copyOf(abs);
        all.removeIf(e -> e.size() == abs.size() && same.equals(Set.copyOf(e))); // the same files in another order
        all.add(0, abs);
        store(all);
    }

    /** Forgets an entry (its files were moved or deleted). */
    public void remove(List<Path> entry) {
        List<List<Path>> all = new ArrayList<>(list());
        if (all.remove(entry)) store(all);
    }

    private void store(List<List<Path>> all) {
        while (all.size() > MAX) all.remove(all.size() - 1);
        String text = encode(all);
        while (text.length() > Preferences.MAX_VALUE_LENGTH) {
            all.remove(all.size() - 1);
            text = encode(all);
        }
        prefs.put(KEY, text);
        try {
            prefs.flush();
        } catch (BackingStoreException e) {
            LOG.log(System.Logger.Level.DEBUG,
                    "could not save the recent captures list (a convenience; nothing else is lost)", e);
        }
    }

    private static String encode(List<List<Path>> all) {
        StringBuilder sb = new StringBuilder();
        for (List<Path> e : all) {
            sb.append(String.join("\t", e.stream().map(Path::toString).toList())).append('\n');
        }
        return sb.toString();
    }
}
