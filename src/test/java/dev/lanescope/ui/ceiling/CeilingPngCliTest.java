package dev.lanescope.ui.ceiling;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;


/** {@code lanescope ceiling ... --png out.png} renders headless: a 2x picture, written atomically, exit 0. */
class CeilingPngCliTest {

    @Test
    void thePngOptionWritesTheChartsWithoutADisplay(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("ceiling.png");
        int rc = dev.lanescope.cli.Main.run("ceiling", "--h2d", "7.877", "--ram", "256", "--active-bytes", "1G",
                "--png", out.toString());
        assertThat(rc).isZero();
        try (var files = Files.list(dir)) {
            assertThat(files.toList()).containsExactly(out);
        }
        BufferedImage img = ImageIO.read(out.toFile());
        assertThat(img.getWidth()).isEqualTo((int) (2 * (PngCeilingExporter.CHART_WIDTH + 32)));
        assertThat(img.getHeight()).isGreaterThan((int) (4 * PngCeilingExporter.CHART_HEIGHT));
        // the headline's bar on the left is red: streaming loses by construction (32.5x)
        int red = 0;
        for (int y = 60; y < 260; y++) {
            int argb = img.getRGB(36, y);
            if (((argb >> 16) & 0xff) > 170 && ((argb >> 8) & 0xff) < 90 && (argb & 0xff) < 90) red++;
        }
        assertThat(red).isGreaterThan(20);
    }

    @Test
    void aRefusedInputWritesNoPng(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("ceiling.png");
        int rc = dev.lanescope.cli.Main.run("ceiling", "--h2d", "-1", "--ram", "256", "--active-bytes", "1G",
                "--png", out.toString());
        assertThat(rc).isNotZero();
        assertThat(Files.exists(out)).isFalse();
    }
}
