package dev.lanescope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lanescope.analysis.Report;
import dev.lanescope.analysis.ceiling.CeilingResult;
import dev.lanescope.analysis.ceiling.CeilingSeries;
import dev.lanescope.analysis.ceiling.EngineShape;
import dev.lanescope.export.MissingSystemLibrary;
import dev.lanescope.export.PictureRenderer;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Topology;
import picocli.CommandLine;

/** Many captures in one process: {@code export ... --png FOLDER} and {@code analyze --each}; and the picture's errors. */
class BatchCliTest {

    private static final String HP = "samples/hp-laptop-coffeelake-gtx1650-titanridge";
    private static final String DELL = "samples/dell-optiplex-xe3-i7-8700-quadro-p2000";

    @Test
    void exportIntoAFolderDrawsEveryCaptureNamedAfterIt(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("pictures");
        CliRun r = CliRun.of("export", HP, DELL + "/", "--png", out + "/", "--device", "dell-optiplex-xe3-i7-8700-quadro-p2000=01:00.0");
        assertThat(r.exit()).as(r.err()).isZero();
        Path hp = out.resolve("hp-laptop-coffeelake-gtx1650-titanridge.png");
        Path dell = out.resolve("dell-optiplex-xe3-i7-8700-quadro-p2000.png");
        assertThat(r.out().lines()).containsExactly("wrote " + hp, "wrote " + dell);
        assertThat(javax.imageio.ImageIO.read(hp.toFile()).getWidth()).isBetween(1200, 2400);
        assertThat(javax.imageio.ImageIO.read(dell.toFile()).getWidth()).isBetween(1200, 2400);
    }

    @Test
    void aBatchDrawsWhatItCanAndNamesWhatItCouldNot(@TempDir Path dir) throws Exception {
        Path empty = Files.createDirectory(dir.resolve("empty-capture"));
        CliRun r = CliRun.of("export", empty.toString(), DELL, "--png", dir.toString(), "--device", "01:00.0");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("empty-capture").doesNotContain("internal error");
        assertThat(dir.resolve("dell-optiplex-xe3-i7-8700-quadro-p2000.png")).exists();
        assertThat(dir.resolve("empty-capture.png")).doesNotExist();
    }

    @Test
    void aDeviceForACaptureNotGivenIsRefusedBeforeAnythingIsDrawn(@TempDir Path dir) {
        CliRun r = CliRun.of("export", DELL, "--png", dir.toString(), "--device", "other-host=01:00.0");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("other-host is none of the captures given");
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void twoCapturesOfTheSameNameGetTwoPictures() {
        Set<String> taken = new HashSet<>();
        assertThat(ExportCommand.pictureName(Path.of("a/host7"), taken)).isEqualTo("host7.png");
        assertThat(ExportCommand.pictureName(Path.of("b/host7.tar.gz"), taken)).isEqualTo("host7-2.png");
        assertThat(ExportCommand.pictureName(Path.of("c/.hidden"), taken)).isEqualTo("capture.hidden.png");
    }

    @Test
    void analyzeEachWritesOneJsonLinePerCapture(@TempDir Path dir) throws Exception {
        Path empty = Files.createDirectory(dir.resolve("nothing"));
        CliRun r = CliRun.of("analyze", "--json", "--each", HP, empty.toString(), DELL);
        assertThat(r.exit()).isEqualTo(2);
        List<String> lines = r.out().lines().toList();
        assertThat(lines).hasSize(3);
        ObjectMapper json = new ObjectMapper();
        JsonNode first = json.readTree(lines.get(0));
        assertThat(first.get("input").asText()).isEqualTo(HP);
        assertThat(first.get("functions").size()).isGreaterThan(5);
        assertThat(json.readTree(lines.get(1)).get("input").asText()).isEqualTo(empty.toString());
        assertThat(json.readTree(lines.get(1)).get("problems").size()).isPositive();
        assertThat(json.readTree(lines.get(2)).get("capture").asText()).isEqualTo("dell-optiplex-xe3-i7-8700-quadro-p2000");
    }

    @Test
    void aMissingSystemLibraryIsOneLineNamingThePackage(@TempDir Path dir) {
        ExportCommand export = new ExportCommand();
        export.renderer = new PictureRenderer() {
            @Override
            public Path topology(Topology t, Report report, Path out, Bdf selected, boolean atomics, boolean full)
                    throws IOException {
                throw new MissingSystemLibrary("libpangoft2-1.0.so.0", "libpangoft2-1.0-0",
                        new UnsatisfiedLinkError("no javafx_font_pango in java.library.path"));
            }

            @Override
            public Path ceiling(CeilingResult result, CeilingSeries series, EngineShape shape, Path out) {
                throw new AssertionError("not asked for");
            }
        };
        for (String png : List.of(dir.resolve("one.png").toString(), dir + "/")) {
            StringWriter err = new StringWriter();
            CommandLine cl = new CommandLine(export);
            cl.setErr(new PrintWriter(err));
            cl.setOut(new PrintWriter(new StringWriter()));
            assertThat(cl.execute(HP, DELL, "--png", png)).isEqualTo(ExportCommand.EXIT_MISSING_LIBRARY);
            assertThat(err.toString().lines()).containsExactly("lanescope export: PNG output needs the system library"
                    + " libpangoft2-1.0.so.0, which is not installed: sudo apt-get install libpangoft2-1.0-0");
        }
        assertThat(dir).isEmptyDirectory();
    }

    /**
     * The whole command, as {@code java -jar} runs it: JavaFX on the class path, one JVM, and nothing printed but the
     * result (JavaFX's "Unsupported JavaFX configuration" warning is not shown).
     */
    @Test
    void aPictureIsDrawnInThisProcessSayingNothingButItsResult(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("hp.png");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"), "-Xshare:off",
                Main.class.getName(), "export", HP, "--png", out.toString()));
        pb.environment().remove("DISPLAY");
        pb.redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile());
        Process p = pb.start();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("export --png did not finish in 300 s");
        }
        String err = Files.readString(dir.resolve("err.txt"));
        assertThat(p.exitValue()).as(err).isZero();
        assertThat(err).isEmpty();
        assertThat(Files.readString(dir.resolve("out.txt"))).isEqualTo("wrote " + out + System.lineSeparator());
        assertThat(out).exists();
    }
}
