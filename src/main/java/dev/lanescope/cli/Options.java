package dev.lanescope.cli;

import java.nio.file.Path;
import java.util.List;

import dev.lanescope.model.Bdf;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.TypeConversionException;

/**
 * The options several commands share, each declared once as a picocli mixin (its name, words and type), and the
 * converters that turn an argument into a value or refuse it in words.
 */
final class Options {

    private Options() {
    }

    /** The capture a command reads: a folder, an archive or files (merged into one capture). */
    static final class Capture {
        @Parameters(arity = "1..*", paramLabel = "CAPTURE", description = "Folder, .tar.gz, or capture files.")
        List<Path> inputs;
    }

    /** {@code --under-load}: the capture's nvidia-smi rows are under-load evidence. */
    static final class UnderLoad {
        @Option(names = "--under-load", description = "The capture's nvidia-smi PCIe query was sampled while the GPUs"
                + " worked: count its current generation/width as under-load evidence (idle downshift becomes OK or"
                + " degraded).")
        boolean underLoad;
    }

    /** {@code --json} where the command's machine form needs no more words. */
    static final class MachineForm {
        @Option(names = "--json", description = "Print the machine form.")
        boolean json;
    }

    /** {@code --threads}: captures read at once by the commands that read a folder of them. */
    static final class Threads {
        @Option(names = "--threads", paramLabel = "N", description = "Captures read at once (default: CPU cores).")
        int threads = Runtime.getRuntime().availableProcessors();
    }

    /** A PCI address as a user types it: DDDD:BB:DD.F, or BB:DD.F in domain 0000. */
    static final class BdfConverter implements ITypeConverter<Bdf> {
        @Override
        public Bdf convert(String value) {
            Bdf b = Bdf.tryParse(value.trim());
            if (b == null) {
                throw new TypeConversionException("'" + value + "' is not a PCI address (want DDDD:BB:DD.F or BB:DD.F)");
            }
            return b;
        }
    }

    /** Two PCI addresses, comma-separated ({@code A,B}). */
    record BdfPair(Bdf a, Bdf b) {
    }

    /** {@code A,B}: two PCI addresses, each DDDD:BB:DD.F or BB:DD.F. */
    static final class BdfPairConverter implements ITypeConverter<BdfPair> {
        @Override
        public BdfPair convert(String value) {
            String[] parts = value.split(",", -1);
            Bdf a = parts.length == 2 ? Bdf.tryParse(parts[0].trim()) : null;
            Bdf b = parts.length == 2 ? Bdf.tryParse(parts[1].trim()) : null;
            if (a == null || b == null) {
                throw new TypeConversionException("'" + value + "' is not two PCI addresses (want A,B as BB:DD.F or"
                        + " DDDD:BB:DD.F)");
            }
            return new BdfPair(a, b);
        }
    }
}
