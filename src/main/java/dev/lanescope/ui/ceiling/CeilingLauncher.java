package dev.lanescope.ui.ceiling;

import java.util.Arrays;

import dev.lanescope.ui.Launcher;

/**
 * Starts the explorer window with the "Does the link matter?" window open on top: the same as
 * {@link Launcher} with {@code --ceiling} added to the arguments (paths, {@code --select BDF}, ...), e.g.
 * {@code java -cp ... dev.lanescope.ui.ceiling.CeilingLauncher --select 0000:01:00.0}.
 */
public final class CeilingLauncher {

    private CeilingLauncher() {
    }

    public static void main(String[] args) {
        String[] withCeiling = Arrays.copyOf(args, args.length + 1);
        withCeiling[args.length] = "--ceiling";
        Launcher.main(withCeiling);
    }
}
