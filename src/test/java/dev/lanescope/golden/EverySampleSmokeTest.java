package dev.lanescope.golden;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import dev.lanescope.analysis.MoveAdvisor;
import dev.lanescope.export.ReportJson;
import dev.lanescope.model.Bdf;

/**
 * Every bundled sample folder, read whole as {@code lanescope analyze FOLDER} reads it: it loads, it analyses, every
 * GPU gets advice, the JSON is written, and none of the parsers' catch-all messages fires (a parser that threw on a
 * real capture would otherwise hide behind a located problem marked as a fault and stay green).
 */
class EverySampleSmokeTest {

    @TestFactory
    Stream<DynamicTest> everySampleLoadsAndAnalyses() throws IOException {
        List<Path> folders;
        try (Stream<Path> s = Files.list(Path.of("samples"))) {
            folders = s.filter(Files::isDirectory).sorted().toList();
        }
        assertThat(folders).hasSizeGreaterThan(30);
        return folders.stream().map(dir -> DynamicTest.dynamicTest(dir.getFileName().toString(), () -> {
            Sample s = Sample.of(dir.getFileName().toString());
            assertThat(s.topology().functions().size() + s.capture().tree().size() + s.capture().kernelLines().size()
                    + (s.capture().topo() == null ? 0 : 1))
                    .as("something was read").isPositive();
            dev.lanescope.parse.CatchAll.assertNone(s.topology().problems());
            assertThat(s.report().summary()).isNotEmpty().noneMatch(l -> l.contains("null"));
            for (Bdf gpu : s.report().accelerators()) {
                assertThat(MoveAdvisor.advise(s.topology(), gpu).answer()).isNotBlank().doesNotContain("null");
            }
            assertThat(ReportJson.of(s.topology(), s.report()).functions()).isNotNull();
        }));
    }
}
