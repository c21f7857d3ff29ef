package dev.lanescope.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lanescope.model.Bdf;
import dev.lanescope.ui.session.Theme;

/** The window's command line: {@code --ceiling} beside the paths and the other options, in any order. */
class StartupOptionsTest {

    @Test
    void ceilingIsOffUnlessAsked() {
        assertThat(StartupOptions.parse(List.of()).ceiling()).isFalse();
        assertThat(StartupOptions.parse(List.of("capture/", "--select", "01:00.0")).ceiling()).isFalse();
    }

    @Test
    void ceilingTakesNoValueAndLeavesTheOtherArgumentsAlone() {
        StartupOptions o = StartupOptions.parse(List.of("--ceiling", "capture/", "--select", "01:00.0",
                "--receipt", "r.json"));
        assertThat(o.ceiling()).isTrue();
        assertThat(o.inputs()).containsExactly(Path.of("capture/"));
        assertThat(o.select()).isEqualTo(Bdf.parse("0000:01:00.0"));
        assertThat(o.receipt()).isEqualTo(Path.of("r.json"));
        assertThat(StartupOptions.parse(List.of("capture/", "--ceiling")).ceiling()).isTrue();
    }

    @Test
    void anUnknownOptionNamesCeilingAmongTheKnownOnes() {
        assertThatThrownBy(() -> StartupOptions.parse(List.of("--celing")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Unknown option: '--celing'")
                .hasMessageContaining("--ceiling");
    }

    @Test
    void compareOpensTheFirstCaptureAndKeepsTheSecondForTheComparison() {
        StartupOptions o = StartupOptions.parse(List.of("--compare", "a/", "b.tar.gz", "--scan", "fleet/"));
        assertThat(o.inputs()).containsExactly(Path.of("a/"));
        assertThat(o.fleet().compareWith()).isEqualTo(Path.of("b.tar.gz"));
        assertThat(o.fleet().scanDir()).isEqualTo(Path.of("fleet/"));
        assertThatThrownBy(() -> StartupOptions.parse(List.of("--compare", "a/")))
                .hasMessageContaining("--compare");
    }

    @Test
    void watchAndHistoryOpenTheirWindowsAndHistoryWantsItsFolder() {
        StartupOptions o = StartupOptions.parse(List.of("bundle.tar.gz", "--watch", "--history", "boots/"));
        assertThat(o.watch()).isTrue();
        assertThat(o.history()).isEqualTo(Path.of("boots/"));
        assertThat(o.inputs()).containsExactly(Path.of("bundle.tar.gz"));
        StartupOptions plain = StartupOptions.parse(List.of("bundle.tar.gz"));
        assertThat(plain.watch()).isFalse();
        assertThat(plain.history()).isNull();
        assertThatThrownBy(() -> StartupOptions.parse(List.of("--history"))).hasMessageContaining("--history");
    }

    @Test
    void modeAndThemeTakeTheirWordsAndRefuseOthersByName() {
        StartupOptions o = StartupOptions.parse(List.of("--mode", "atomics", "--theme", "DARK", "", "--device", "01:00.0"));
        assertThat(o.mode()).isEqualTo(dev.lanescope.ui.model.EdgeColours.Mode.ATOMICS);
        assertThat(o.theme()).isEqualTo(dev.lanescope.ui.session.Theme.DARK);
        assertThat(o.inputs()).isEmpty();
        assertThatThrownBy(() -> StartupOptions.parse(List.of("--mode", "pretty")))
                .hasMessageContaining("--mode").hasMessageContaining("pretty");
        assertThatThrownBy(() -> StartupOptions.parse(List.of("--select", "not-a-bdf")))
                .hasMessageContaining("--select");
    }

    @Test
    void helpIsTheUsageNotAnError() {
        assertThatThrownBy(() -> StartupOptions.parse(List.of("--help")))
                .isInstanceOfSatisfying(StartupOptions.BadArguments.class, e -> assertThat(e.help()).isTrue())
                .hasMessageContaining("--receipt=FILE").hasMessageContaining("--ceiling");
    }

    /** The collector bundle of the VM: lspci-vv.txt / lspci-tv.txt are read, their non-root alternates are not. */
    @org.junit.jupiter.api.Test
    void aCollectorSampleOpensItsMainFilesNotTheNonRootAlternates() throws Exception {
        java.util.List<String> names = StartupOptions.sampleInputs(java.nio.file.Path.of("samples",
                "cloud-vm-h200-passthrough-virtio")).stream().map(p -> p.getFileName().toString()).toList();
        org.assertj.core.api.Assertions.assertThat(names).contains("lspci-vv.txt", "lspci-tv.txt", "sysfs-links.txt")
                .doesNotContain("vv_nonroot.txt", "tv_nonroot.txt", "source.txt");
    }
}
