package dev.lanescope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import dev.lanescope.model.Bdf;
import picocli.CommandLine.TypeConversionException;

/** The shared options and converters: a bad address is refused in words before anything is read. */
class OptionsTest {

    private static final String SAMPLE = "samples/dell-optiplex-xe3-i7-8700-quadro-p2000";

    @Test
    void anAddressIsReadWithOrWithoutItsDomain() {
        assertThat(new Options.BdfConverter().convert("01:00.0")).isEqualTo(Bdf.tryParse("0000:01:00.0"));
        assertThat(new Options.BdfConverter().convert(" 0001:3b:00.1 ")).isEqualTo(Bdf.tryParse("0001:3b:00.1"));
        assertThatThrownBy(() -> new Options.BdfConverter().convert("gpu0")).isInstanceOf(TypeConversionException.class)
                .hasMessageContaining("'gpu0' is not a PCI address");
    }

    @Test
    void aPairIsTwoAddressesAndNothingElse() {
        Options.BdfPair p = new Options.BdfPairConverter().convert("03:00.0, 0000:04:00.0");
        assertThat(p.a()).hasToString("0000:03:00.0");
        assertThat(p.b()).hasToString("0000:04:00.0");
        for (String bad : new String[] {"03:00.0", "03:00.0,04:00.0,05:00.0", "03:00.0,", "a,b"}) {
            assertThatThrownBy(() -> new Options.BdfPairConverter().convert(bad)).as(bad)
                    .hasMessageContaining("is not two PCI addresses");
        }
    }

    @Test
    void adviseTakesTheCardByEitherNameAndRefusesABadOne() {
        CliRun card = CliRun.of("advise", SAMPLE, "--card", "01:00.0", "--json");
        CliRun device = CliRun.of("advise", SAMPLE, "--device", "01:00.0", "--json");
        assertThat(card.exit()).isZero();
        assertThat(card.out()).contains("\"device\" : \"0000:01:00.0\"").isEqualTo(device.out());
        CliRun bad = CliRun.of("advise", SAMPLE, "--card", "slot3");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("'slot3' is not a PCI address");
        assertThat(bad.out()).isEmpty();
    }

    @Test
    void theSharedOptionsKeepTheirWordsInEveryCommand() {
        for (String command : new String[] {"analyze", "advise"}) {
            assertThat(CliRun.of(command, "--help").out()).as(command).contains("CAPTURE...")
                    .contains("--under-load").contains("The capture's nvidia-smi PCIe query was");
        }
        for (String command : new String[] {"history", "scan"}) {
            assertThat(CliRun.of(command, "--help").out()).as(command).contains("--threads=N")
                    .contains("Captures read at once");
        }
    }
}
