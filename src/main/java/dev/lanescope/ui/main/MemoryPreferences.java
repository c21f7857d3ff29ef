package dev.lanescope.ui.main;

import java.util.HashMap;
import java.util.Map;
import java.util.prefs.AbstractPreferences;

/** A preferences tree held in memory only: the same rules as the user's store (key and value lengths), no file. */
final class MemoryPreferences extends AbstractPreferences {

    private final Map<String, String> values = new HashMap<>();

    MemoryPreferences() {
        this(null, "");
    }

    private MemoryPreferences(MemoryPreferences parent, String name) {
        super(parent, name);
    }

    @Override
    protected void putSpi(String key, String value) {
        values.put(key, value);
    }

    @Override
    protected String getSpi(String key) {
        return values.get(key);
    }

    @Override
    protected void removeSpi(String key) {
        values.remove(key);
    }

    @Override
    protected void removeNodeSpi() {
        values.clear();
    }

    @Override
    protected String[] keysSpi() {
        return values.keySet().toArray(String[]::new);
    }

    @Override
    protected String[] childrenNamesSpi() {
        return new String[0]; // the children made here are all cached by AbstractPreferences
    }

    @Override
    protected AbstractPreferences childSpi(String name) {
        return new MemoryPreferences(this, name);
    }

    @Override
    protected void syncSpi() {
        // nothing behind it
    }

    @Override
    protected void flushSpi() {
        // nothing behind it
    }
}
