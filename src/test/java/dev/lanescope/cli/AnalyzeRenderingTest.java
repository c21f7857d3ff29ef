package dev.lanescope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * What {@code lanescope analyze SAMPLE} prints, committed beside every sample as
 * {@code lanescope-expected/expected-analyze.txt} (as
 * hwloc keeps a console rendering per test machine): any change in what users read shows in review as a change to
 * these files. After a deliberate change, write them again with
 * {@code mvn -q test -Dtest=AnalyzeRenderingTest -Dlanescope.regenerate=true} and read the diff before committing.
 */
class AnalyzeRenderingTest {

    private static final Path SAMPLES = Path.of("samples");
    private static final String RENDERING = "lanescope-expected/expected-analyze.txt";
    private static final boolean REGENERATE = Boolean.getBoolean("lanescope.regenerate");

    @TestFactory
    Stream<DynamicTest> everySampleReadsAsCommitted() throws IOException {
        return folders().stream().map(folder -> DynamicTest.dynamicTest(folder.getFileName().toString(), () -> {
            // the relative path, as a user in a fresh clone types it: nothing of this machine gets into the text
            String printed = rendering(SAMPLES.resolve(folder.getFileName()));
            Path expected = folder.resolve(RENDERING);
            if (REGENERATE) {
                Files.createDirectories(expected.getParent());
                Files.writeString(expected, printed, StandardCharsets.UTF_8);
                return;
            }
            assertThat(expected).as("the committed rendering (write it with -Dlanescope.regenerate=true)").exists();
            String want = Files.readString(expected, StandardCharsets.UTF_8);
            if (!want.equals(printed)) {
                throw new AssertionError("analyze " + folder.getFileName() + " prints something else than "
                        + expected + ":\n" + hunk(want, printed)
                        + "\nIf the change is meant, write the renderings again with"
                        + " -Dlanescope.regenerate=true and commit them.");
            }
        }));
    }

    @Test
    void theRenderingsHoldNothingOfTheMachineTheyWereWrittenOn() throws IOException {
        String here = Path.of("").toAbsolutePath().toString();
        for (Path folder : folders()) {
            Path rendering = folder.resolve(RENDERING);
            if (!Files.exists(rendering)) continue;
            assertThat(Files.readString(rendering, StandardCharsets.UTF_8)).as(rendering.toString())
                    .doesNotContain(here).doesNotContain(System.getProperty("user.home") + "/");
        }
    }

    @Test
    void aRenderingBesideACaptureIsNotReadAsPartOfIt() {
        CliRun run = CliRun.of("analyze", "samples/dell-optiplex-xe3-i7-8700-quadro-p2000");
        assertThat(run.out()).contains("read dell-optiplex-xe3-i7-8700-quadro-p2000/vv.txt")
                .doesNotContain("lanescope-expected");
    }

    /** What analyze prints; for a folder it cannot use, the exit status and what it says on stderr instead. */
    private static String rendering(Path folder) {
        CliRun run = CliRun.of("analyze", folder.toString());
        return run.exit() == 0 ? run.out() : run.out() + "(exit status " + run.exit() + ")\n" + run.err();
    }

    private static List<Path> folders() throws IOException {
        try (Stream<Path> s = Files.list(SAMPLES)) {
            return s.filter(Files::isDirectory).sorted().toList();
        }
    }

    /** The lines that differ, between the first and the last difference, each side numbered. */
    static String hunk(String want, String got) {
        List<String> a = want.lines().toList();
        List<String> b = got.lines().toList();
        int top = 0;
        while (top < a.size() && top < b.size() && a.get(top).equals(b.get(top))) top++;
        int endA = a.size();
        int endB = b.size();
        while (endA > top && endB > top && a.get(endA - 1).equals(b.get(endB - 1))) {
            endA--;
            endB--;
        }
        StringBuilder s = new StringBuilder();
        s.append("@@ expected lines ").append(top + 1).append('-').append(endA).append(", printed lines ")
                .append(top + 1).append('-').append(endB).append(" @@\n");
        for (int i = top; i < endA; i++) s.append("- ").append(a.get(i)).append('\n');
        for (int i = top; i < endB; i++) s.append("+ ").append(b.get(i)).append('\n');
        if (want.endsWith("\n") != got.endsWith("\n")) s.append("(one of them lacks the last line break)\n");
        return s.toString();
    }
}
