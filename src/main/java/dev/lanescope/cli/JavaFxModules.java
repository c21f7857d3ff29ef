package dev.lanescope.cli;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * JavaFX expects to be loaded as named modules (from the module path, or from a runtime image such as the installed
 * app's); loaded from the all-in-one jar's class path it draws the same but first logs "Unsupported JavaFX
 * configuration". So a command that draws a PNG ({@code --png}) started as {@code java -jar lanescope.jar} runs once
 * more, in a JVM with JavaFX's own jars on the module path: the {@code javafx/} folder that the build puts beside the
 * jar. The jar's manifest ({@code Add-Exports}) lets the headless platform reach the JavaFX internals it needs there.
 * Without that folder (the jar copied alone) the picture is drawn in this JVM, warning and all.
 */
final class JavaFxModules {

    /** The JavaFX modules the pictures need (the rest come with them). */
    static final String MODULES = "javafx.controls,javafx.fxml";

    private JavaFxModules() {
    }

    /** True when this JVM loaded JavaFX as named modules (or has not got it at all, for nothing to draw). */
    static boolean named() {
        return ModuleLayer.boot().findModule("javafx.graphics").isPresent();
    }

    /** Whether the command line asks for a picture: the {@code --png} option every drawing command shares. */
    static boolean drawsPicture(String... args) {
        return Arrays.stream(args).anyMatch(a -> a.equals("--png") || a.startsWith("--png="));
    }

    /**
     * The command that runs {@code args} again with JavaFX on the module path, when this is a picture drawn from
     * {@code jar} with JavaFX on the class path and {@code jar}'s folder holds {@code javafx/}; else empty.
     */
    static Optional<List<String>> relaunchCommand(String[] args, Path jar, boolean javaFxNamed, Path java,
                                                  List<String> jvmOptions) {
        if (javaFxNamed || jar == null || !drawsPicture(args)) return Optional.empty();
        if (!Files.isRegularFile(jar) || !jar.getFileName().toString().endsWith(".jar")) return Optional.empty();
        Path fx = jar.toAbsolutePath().getParent().resolve("javafx");
        if (!Files.isDirectory(fx)) return Optional.empty();
        List<String> cmd = new ArrayList<>();
        cmd.add(java.toString());
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("--module-path", fx.toString(), "--add-modules", MODULES, "-jar", jar.toAbsolutePath().toString()));
        cmd.addAll(Arrays.asList(args));
        return Optional.of(cmd);
    }

    /**
     * Runs a picture-drawing command in a JVM with JavaFX on the module path (see the class comment) and returns
     * its exit status; empty when this JVM should do the work itself.
     */
    static OptionalInt runWithNamedJavaFx(String[] args) {
        if (named() || !drawsPicture(args)) return OptionalInt.empty();
        Optional<List<String>> cmd = relaunchCommand(args, thisJar(), false,
                Path.of(System.getProperty("java.home"), "bin", "java"),
                ManagementFactory.getRuntimeMXBean().getInputArguments());
        if (cmd.isEmpty()) return OptionalInt.empty();
        try {
            return OptionalInt.of(new ProcessBuilder(cmd.get()).inheritIO().start().waitFor());
        } catch (IOException e) {
            return OptionalInt.empty(); // no second JVM: draw here
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalInt.of(Main.EXIT_INTERNAL);
        }
    }

    private static Path thisJar() {
        CodeSource src = JavaFxModules.class.getProtectionDomain().getCodeSource();
        if (src == null || src.getLocation() == null) return null;
        try {
            return Path.of(src.getLocation().toURI());
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }
}
