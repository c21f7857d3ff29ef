package dev.lanescope.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Random;
import java.util.zip.Adler32;

import javax.imageio.ImageIO;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * The PNG files the pictures are written as: any PNG reader (here Java's own) gets back every pixel as drawn, in one
 * band of rows or many, opaque pictures as RGB and pictures with transparency as RGBA.
 */
class PngEncoderTest {

    /** Flat areas, a gradient, noise and thin lines: what a topology picture holds, and what defeats a lazy writer. */
    private static int[] picture(int w, int h, boolean opaque, long seed) {
        Random r = new Random(seed);
        int[] px = new int[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int rgb = y < h / 3 ? 0xf4f6f8 : y < 2 * h / 3 ? (x * 255 / w) << 16 | (y * 255 / h) << 8 | 0x40
                        : r.nextInt(0x1000000);
                if (x % 37 == 0) rgb = 0x2e7d32;
                int alpha = opaque ? 0xff : (x + y) % 5 == 0 ? 0 : (x * 7 + y) & 0xff;
                px[y * w + x] = alpha << 24 | rgb;
            }
        }
        return px;
    }

    private static byte[] encode(int[] px, int w, int h, int bands) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PngEncoder.write(px, w, h, false, out, bands);
        return out.toByteArray();
    }

    private static void assertSamePixels(byte[] png, int[] px, int w, int h, boolean opaque) throws IOException {
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(png));
        assertThat(img.getWidth()).isEqualTo(w);
        assertThat(img.getHeight()).isEqualTo(h);
        assertThat(img.getColorModel().hasAlpha()).isEqualTo(!opaque);
        int[] back = img.getRGB(0, 0, w, h, null, 0, w);
        for (int i = 0; i < px.length; i++) {
            // a fully transparent pixel has no colour to keep
            int expected = (px[i] >>> 24) == 0 ? 0 : px[i];
            int got = (back[i] >>> 24) == 0 ? 0 : back[i];
            if (got != expected) {
                throw new AssertionError(String.format("pixel (%d, %d): %08x written, %08x read back", i % w, i / w,
                        expected, got));
            }
        }
    }

    @Test
    void anOpaquePictureComesBackPixelForPixelAsRgb() throws IOException {
        int[] px = picture(301, 203, true, 1);
        byte[] png = encode(px, 301, 203, 1);
        assertThat(png[25]).as("colour type in the header").isEqualTo((byte) 2);
        assertSamePixels(png, px, 301, 203, true);
    }

    @Test
    void aPictureWithTransparencyKeepsItsAlpha() throws IOException {
        int[] px = picture(120, 90, false, 2);
        byte[] png = encode(px, 120, 90, 3);
        assertThat(png[25]).as("colour type in the header").isEqualTo((byte) 6);
        assertSamePixels(png, px, 120, 90, false);
    }

    @Test
    void bandsCompressedApartReadAsOnePicture() throws IOException {
        int[] px = picture(640, 517, true, 3);
        for (int bands : new int[] {1, 2, 5, 16, 517, 1000}) {
            assertSamePixels(encode(px, 640, 517, bands), px, 640, 517, true);
        }
    }

    @Test
    void aFlatPictureIsSmall() throws IOException {
        int[] px = new int[2400 * 1400];
        java.util.Arrays.fill(px, 0xffffffff);
        assertThat(encode(px, 2400, 1400, 2).length).isLessThan(40_000);
    }

    @Test
    void premultipliedColoursAreDividedBack() throws IOException {
        int w = 64;
        int h = 8;
        int[] straight = picture(w, h, false, 5);
        int[] pre = new int[straight.length];
        for (int i = 0; i < straight.length; i++) {
            int a = straight[i] >>> 24;
            int r = ((straight[i] >> 16 & 0xff) * a + 127) / 255;
            int g = ((straight[i] >> 8 & 0xff) * a + 127) / 255;
            int b = ((straight[i] & 0xff) * a + 127) / 255;
            pre[i] = a << 24 | r << 16 | g << 8 | b;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PngEncoder.write(pre, w, h, true, out);
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(out.toByteArray()));
        int[] back = img.getRGB(0, 0, w, h, null, 0, w);
        for (int i = 0; i < back.length; i++) {
            int a = straight[i] >>> 24;
            assertThat(back[i] >>> 24).isEqualTo(a);
            if (a < 16) continue; // too little alpha left to carry the colour
            for (int shift = 0; shift <= 16; shift += 8) {
                // premultiplying rounds: dividing back recovers each colour within 255 / alpha
                assertThat(Math.abs((back[i] >> shift & 0xff) - (straight[i] >> shift & 0xff)))
                        .as("pixel %d channel at bit %d, alpha %d", i, shift, a).isLessThanOrEqualTo(255 / a + 1);
            }
        }
    }

    @Test
    void anOpaquePremultipliedPictureIsWrittenAsItIs() throws IOException {
        int[] px = picture(200, 100, true, 6);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PngEncoder.write(px, 200, 100, true, out);
        assertSamePixels(out.toByteArray(), px, 200, 100, true);
    }

    @Test
    void theDefaultSplitOnThisMachineReadsBack() throws IOException {
        int[] px = picture(800, 600, true, 4);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PngEncoder.write(px, 800, 600, out);
        assertSamePixels(out.toByteArray(), px, 800, 600, true);
    }

    @Test
    void sizesThePixelsCannotHoldAreRefused() {
        assertThatThrownBy(() -> encode(new int[10], 4, 3, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("4 x 3");
        assertThatThrownBy(() -> encode(new int[10], 0, 3, 1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Property(tries = 300)
    void twoChecksumsMakeTheChecksumOfBothRuns(@ForAll @Size(max = 70_000) byte[] first,
                                               @ForAll @Size(max = 70_000) byte[] second) {
        Adler32 a = new Adler32();
        a.update(first);
        Adler32 b = new Adler32();
        b.update(second);
        Adler32 both = new Adler32();
        both.update(first);
        both.update(second);
        assertThat(PngEncoder.combineAdler(a.getValue(), b.getValue(), second.length)).isEqualTo(both.getValue());
    }
}
