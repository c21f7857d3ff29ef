package dev.lanescope.ui.main;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

/** The last opened captures, kept with {@link java.util.prefs}; one entry is a list of paths. */
public final class RecentCaptures {

    private static final int MAX = 8;
    private static final String KEY = "recent";
    private final Preferences prefs;

    public RecentCaptures(Preferences prefs) {
        this.prefs = prefs;
    }

    /** The user's node, or a throwaway in-memory list when {@code lanescope.prefs=off} (tests). */
    public static RecentCaptures forUser() {
        if ("off".equals(System.getProperty("lanescope.prefs"))) return new RecentCaptures(null);
        return new RecentCaptures(Preferences.userRoot().node("dev/lanescope/ui"));
    }

    private final List<List<Path>> memory = new ArrayList<>();

    public List<List<Path>> list() {
        if (prefs == null) return List.copyOf(memory);
        List<List<Path>> out = new ArrayList<>();
        String raw = prefs.get(KEY, "");
        for (String entry : raw.split("\n")) {
            if (entry.isBlank()) continue;
            out.add(Arrays.stream(entry.split("\t")).map(Path::of).toList());
        }
        return out;
    }

    public void add(List<Path> inputs) {
        List<Path> abs = inputs.stream().map(p -> p.toAbsolutePath().normalize()).toList();
        List<List<Path>> all = new ArrayList<>(list());
        all.remove(abs);
        all.add(0, abs);
        while (all.size() > MAX) all.remove(all.size() - 1);
        if (prefs == null) {
            memory.clear();
            memory.addAll(all);
            return;
        }
        StringBuilder sb = new StringBuilder();
        for (List<Path> e : all) {
            sb.append(String.join("\t", e.stream().map(Path::toString).toList())).append('\n');
        }
        prefs.put(KEY, sb.toString());
        try {
            prefs.flush();
        } catch (BackingStoreException e) {
            // the list is a convenience; losing it is harmless
        }
    }
}
