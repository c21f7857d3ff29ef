package dev.lanescope.ui.png;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;

import org.junit.jupiter.api.Test;

import dev.lanescope.export.MissingSystemLibrary;

/**
 * A machine without the libraries JavaFX lays text out with (a fresh Debian minbase has no Pango): the failure is
 * simulated where the toolkit starts and where the first text is drawn, and comes out naming the package to install.
 */
class HeadlessToolkitTest {

    @Test
    void pangoMissingAtTheStartNamesItsPackage() {
        assertThatThrownBy(() -> HeadlessToolkit.start(() -> {
            throw new UnsatisfiedLinkError("no javafx_font_pango in java.library.path: /usr/java/packages/lib");
        })).isInstanceOfSatisfying(MissingSystemLibrary.class, e -> {
            assertThat(e.debianPackage()).isEqualTo("libpangoft2-1.0-0");
            assertThat(e.library()).isEqualTo("libpangoft2-1.0.so.0");
            assertThat(e.getMessage()).contains("sudo apt-get install libpangoft2-1.0-0").doesNotContain("\n");
        });
    }

    @Test
    void theTextLayoutFailingOnTheFxThreadNamesPango() {
        // what Java 17 says for every picture after the first failed to load Pango
        assertThatThrownBy(() -> HeadlessToolkit.onFxThread("the picture", () -> {
            throw new NoClassDefFoundError("Could not initialize class com.sun.javafx.text.GlyphLayout");
        })).isInstanceOfSatisfying(MissingSystemLibrary.class,
                e -> assertThat(e.debianPackage()).isEqualTo("libpangoft2-1.0-0"));
    }

    @Test
    void eachLibraryOfTheTextPathHasItsPackage() {
        assertThat(packageFor(new UnsatisfiedLinkError("/root/.openjfx/cache/21.0.11+4/amd64/libjavafx_font_freetype.so:"
                + " libfreetype.so.6: cannot open shared object file: No such file or directory"))).isEqualTo("libfreetype6");
        assertThat(packageFor(new UnsatisfiedLinkError("libfontconfig.so.1: cannot open shared object file")))
                .isEqualTo("libfontconfig1");
        assertThat(packageFor(new ExceptionInInitializerError(new UnsatisfiedLinkError(
                "libglib-2.0.so.0: cannot open shared object file")))).startsWith("libglib2.0-0");
    }

    @Test
    void anUnknownSharedObjectIsNamedWithoutGuessingItsPackage() {
        Throwable t = new UnsatisfiedLinkError("libharfbuzz.so.0: cannot open shared object file: No such file");
        assertThat(HeadlessToolkit.missing(t)).get().isInstanceOfSatisfying(MissingSystemLibrary.class, e -> {
            assertThat(e.library()).isEqualTo("libharfbuzz.so.0");
            assertThat(e.debianPackage()).isNull();
            assertThat(e.getMessage()).contains("apt-file search libharfbuzz.so.0");
        });
    }

    @Test
    void otherFailuresAreNotCalledAMissingLibrary() {
        assertThat(HeadlessToolkit.missing(new IllegalStateException("libfreetype.so.6 is fine"))).isEmpty();
        assertThat(HeadlessToolkit.missing(new UnsatisfiedLinkError("no prism_sw in java.library.path"))).isEmpty();
        assertThatThrownBy(() -> HeadlessToolkit.start(() -> {
            throw new IllegalStateException("Toolkit not initialized");
        })).isExactlyInstanceOf(IOException.class).hasMessageContaining("Toolkit not initialized");
    }

    private static String packageFor(Throwable t) {
        return HeadlessToolkit.missing(t).map(e -> ((MissingSystemLibrary) e).debianPackage()).orElse("none");
    }
}
