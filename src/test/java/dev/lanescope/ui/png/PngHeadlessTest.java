package dev.lanescope.ui.png;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PngExporter#renderHeadless} in a fresh JVM with no display and no toolkit running: the way the
 * command line and CI use it.
 */
class PngHeadlessTest {

    @Test
    void rendersTheSampleWithoutADisplay(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("sub").resolve("topology.png");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                "-Xmx512m", HeadlessRenderMain.class.getName(),
                "samples/hp-laptop-coffeelake-gtx1650-titanridge", out.toString(), "0000:6e:00.0"));
        pb.environment().remove("DISPLAY");
        pb.redirectErrorStream(true);
        Path log = dir.resolve("log.txt");
        pb.redirectOutput(log.toFile());
        Process p = pb.start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("renderHeadless did not finish in 180 s: " + Files.readString(log));
        }
        assertThat(p.exitValue()).as(Files.readString(log)).isZero();
        BufferedImage img = ImageIO.read(out.toFile());
        // the decision picture at 2x: wide enough to read at half size, never wider than 2400 px
        assertThat(img.getWidth()).isBetween(1200, 2400);
        assertThat(img.getHeight()).isGreaterThan(600);
        // the decision picture shows the selected NVMe drive's path, whose hop lost a lane: drawn in the degraded colour
        int red = 0;
        for (int y = 0; y < img.getHeight(); y += 2) {
            for (int x = 0; x < img.getWidth(); x += 2) {
                int rgb = img.getRGB(x, y);
                if ((rgb >> 16 & 0xff) > 190 && (rgb >> 8 & 0xff) < 70 && (rgb & 0xff) < 70) red++;
            }
        }
        assertThat(red).isGreaterThan(50);
        try (var files = Files.list(out.getParent())) {
            assertThat(files.toList()).containsExactly(out);
        }
    }
}
