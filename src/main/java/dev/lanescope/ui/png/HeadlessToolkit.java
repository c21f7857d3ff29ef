package dev.lanescope.ui.png;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javafx.application.Platform;

import dev.lanescope.export.MissingSystemLibrary;

/**
 * JavaFX without a display, for pictures drawn by the command line: Monocle's headless platform with software
 * rendering, started once per process and kept for every later picture (a batch pays for one start). JavaFX is
 * loaded from the all-in-one jar's class path here, where it logs "Unsupported JavaFX configuration" as it starts;
 * that one record is dropped (a filter on JavaFX's own "javafx" logger, installed before the start), so the command
 * prints nothing but its result without starting a second JVM. A system library the drawing needs and this
 * machine lacks (Pango, FreeType, fontconfig, GLib: the text layout) is reported as {@link MissingSystemLibrary},
 * naming the package to install.
 */
public final class HeadlessToolkit {

    /** JavaFX's logger for the start-up check; held here, since java.util.logging keeps loggers only weakly. */
    private static final Logger JAVAFX = Logger.getLogger("javafx");
    private static final String CLASS_PATH_WARNING = "Unsupported JavaFX configuration";

    /** A clue in an error (a JavaFX library, a shared object, a class) → the library missing and its package. */
    private record Needed(String clue, String library, String debianPackage) {
    }

    private static final String PANGO = "libpangoft2-1.0-0";
    private static final String GLIB = "libglib2.0-0 (libglib2.0-0t64 on newer releases)";
    private static final List<Needed> NEEDED = List.of(
            new Needed("javafx_font_pango", "libpangoft2-1.0.so.0", PANGO),
            new Needed("libpangoft2-1.0.so", "libpangoft2-1.0.so.0", PANGO),
            new Needed("OSPango", "libpangoft2-1.0.so.0", PANGO),
            // Java 17 says only this when the text layout's first use failed loading Pango
            new Needed("com.sun.javafx.text.GlyphLayout", "libpangoft2-1.0.so.0", PANGO),
            new Needed("libpango-1.0.so", "libpango-1.0.so.0", "libpango-1.0-0"),
            new Needed("javafx_font_freetype", "libfreetype.so.6", "libfreetype6"),
            new Needed("libfreetype.so", "libfreetype.so.6", "libfreetype6"),
            new Needed("OSFreetype", "libfreetype.so.6", "libfreetype6"),
            new Needed("libfontconfig.so", "libfontconfig.so.1", "libfontconfig1"),
            new Needed("FontConfigManager", "libfontconfig.so.1", "libfontconfig1"),
            new Needed("libgobject-2.0.so", "libgobject-2.0.so.0", GLIB),
            new Needed("libglib-2.0.so", "libglib-2.0.so.0", GLIB));
    private static final Pattern SHARED_OBJECT = Pattern.compile("(lib[\\w.+-]+\\.so[\\w.]*): cannot open shared object");

    /** How the toolkit is started; tests replace it to simulate a machine without a library. */
    interface Start {
        void run() throws Exception;
    }

    private static boolean started;
    private static IOException failed;

    private HeadlessToolkit() {
    }

    /** Starts the toolkit on Monocle headless unless it already runs; the properties must precede the start. */
    public static synchronized void start() throws IOException {
        if (failed != null) throw failed;
        if (started) return;
        try {
            start(HeadlessToolkit::startPlatform);
        } catch (IOException e) {
            failed = e; // the toolkit cannot be started twice: every later picture says the same
            throw e;
        }
    }

    /** Starts the toolkit {@code how}; what a missing system library makes it throw names the package. */
    static synchronized void start(Start how) throws IOException {
        try {
            how.run();
            started = true;
        } catch (LinkageError | Exception e) {
            throw missing(e).orElseGet(() -> new IOException("could not start JavaFX without a display: " + e, e));
        }
    }

    private static void startPlatform() throws InterruptedException {
        setIfAbsent("glass.platform", "Monocle");
        setIfAbsent("monocle.platform", "Headless");
        setIfAbsent("prism.order", "sw");
        setIfAbsent("prism.text", "t2k");
        setIfAbsent("java.awt.headless", "true");
        if (Platform.class.getModule().getName() == null) {
            JAVAFX.setFilter(r -> r.getMessage() == null || !r.getMessage().startsWith(CLASS_PATH_WARNING));
        }
        CountDownLatch running = new CountDownLatch(1);
        try {
            Platform.startup(running::countDown);
            Platform.setImplicitExit(false);
        } catch (IllegalStateException alreadyRunning) {
            running.countDown();
        }
        if (!running.await(2, TimeUnit.MINUTES)) throw new IllegalStateException("JavaFX did not start in 2 minutes");
    }

    /**
     * Runs {@code draw} on the FX thread (the toolkit started first) and returns what it made; a failure there is an
     * IOException naming {@code what}, or {@link MissingSystemLibrary} when a system library was missing.
     */
    public static <T> T onFxThread(String what, Supplier<T> draw) throws IOException {
        start();
        CompletableFuture<T> made = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                made.complete(draw.get());
            } catch (Throwable t) {
                made.completeExceptionally(t);
            }
        });
        try {
            return made.get(2, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while drawing " + what, e);
        } catch (ExecutionException e) {
            throw missing(e.getCause()).orElseGet(() -> new IOException("could not draw " + what + ": " + e.getCause(), e));
        } catch (TimeoutException e) {
            throw new IOException("drawing " + what + " took more than 2 minutes", e);
        }
    }

    /** The missing system library behind {@code failure} (any cause in its chain), when it is one we can name. */
    static Optional<IOException> missing(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (!(t instanceof LinkageError)) continue;
            String text = String.valueOf(t.getMessage());
            for (Needed n : NEEDED) {
                if (text.contains(n.clue())) {
                    return Optional.of(new MissingSystemLibrary(n.library(), n.debianPackage(), failure));
                }
            }
            Matcher so = SHARED_OBJECT.matcher(text);
            if (so.find()) return Optional.of(new MissingSystemLibrary(so.group(1), null, failure));
        }
        return Optional.empty();
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) System.setProperty(key, value);
    }
}
