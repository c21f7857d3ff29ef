package dev.lanescope.ui.session;

/** The windows' colour scheme (View ▸ Dark theme); every window of a session follows the one choice. */
public enum Theme {
    LIGHT, DARK;

    /** The other one (the menu's toggle). */
    public Theme other() {
        return this == LIGHT ? DARK : LIGHT;
    }
}
