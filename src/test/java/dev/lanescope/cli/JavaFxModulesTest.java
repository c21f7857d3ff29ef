package dev.lanescope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When {@code java -jar lanescope.jar ... --png} runs again with JavaFX on the module path (so JavaFX starts without
 * its "Unsupported JavaFX configuration" warning), and when it must not.
 */
class JavaFxModulesTest {

    @TempDir
    Path tmp;

    private Path jarWithJavaFxBeside() throws Exception {
        Files.createDirectories(tmp.resolve("javafx"));
        Files.writeString(tmp.resolve("javafx/javafx-graphics-21.0.11-linux.jar"), "");
        return Files.writeString(tmp.resolve("lanescope.jar"), "");
    }

    @Test
    void aPictureFromTheJarRunsAgainWithJavaFxOnTheModulePathAndTheSameOptions() throws Exception {
        Path jar = jarWithJavaFxBeside();
        String[] args = {"export", "samples/x", "--png", "out.png"};
        List<String> cmd = JavaFxModules.relaunchCommand(args, jar, false, Path.of("/jdk/bin/java"), List.of("-Xmx2g"))
                .orElseThrow();
        // the same java and heap, JavaFX's folder beside the jar as the module path, the jar itself, the same words
        assertThat(cmd).containsExactly("/jdk/bin/java", "-Xmx2g", "--module-path", tmp.resolve("javafx").toString(),
                "--add-modules", "javafx.controls,javafx.fxml", "-jar", jar.toString(),
                "export", "samples/x", "--png", "out.png");
    }

    @Test
    void theEqualsFormOfPngCountsToo() throws Exception {
        assertThat(JavaFxModules.relaunchCommand(new String[] {"ceiling", "--png=c.png"}, jarWithJavaFxBeside(), false,
                Path.of("java"), List.of())).isPresent();
    }

    @Test
    void nothingRunsTwiceWithoutAPictureWithJavaFxAlreadyNamedOrWithoutItsFolder() throws Exception {
        Path jar = jarWithJavaFxBeside();
        String[] analyse = {"analyze", "--json", "samples/x"};
        String[] png = {"export", "samples/x", "--png", "out.png"};
        // text output never needs JavaFX: no second JVM
        assertThat(JavaFxModules.relaunchCommand(analyse, jar, false, Path.of("java"), List.of())).isEmpty();
        // the installed app (JavaFX in its runtime) or scripts that set the module path: already as JavaFX wants
        assertThat(JavaFxModules.relaunchCommand(png, jar, true, Path.of("java"), List.of())).isEmpty();
        // a jar copied alone, or classes run from a folder (tests, an IDE): draw in this JVM
        Path alone = Files.writeString(Files.createDirectories(tmp.resolve("alone")).resolve("lanescope.jar"), "");
        assertThat(JavaFxModules.relaunchCommand(png, alone, false, Path.of("java"), List.of())).isEmpty();
        assertThat(JavaFxModules.relaunchCommand(png, tmp, false, Path.of("java"), List.of())).isEmpty();
    }
}
