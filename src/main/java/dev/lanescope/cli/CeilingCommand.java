package dev.lanescope.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import dev.lanescope.analysis.ceiling.Ceiling;
import dev.lanescope.analysis.ceiling.ByteCount;
import dev.lanescope.analysis.ceiling.CeilingInputException;
import dev.lanescope.analysis.ceiling.CeilingInputs;
import dev.lanescope.analysis.ceiling.CeilingResult;
import dev.lanescope.analysis.ceiling.CeilingSeries;
import dev.lanescope.analysis.ceiling.EngineShape;
import dev.lanescope.analysis.ceiling.H2dRate;
import dev.lanescope.analysis.ceiling.HostMemoryPreset;
import dev.lanescope.analysis.ceiling.MoePreset;
import dev.lanescope.analysis.ceiling.TransferSample;
import dev.lanescope.export.CeilingCsv;
import dev.lanescope.export.CeilingJson;
import dev.lanescope.export.MissingSystemLibrary;
import dev.lanescope.export.PictureRenderer;
import dev.lanescope.model.LinkState;
import dev.lanescope.parse.Jackson;
import dev.lanescope.probe.H2dReceipt;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code lanescope ceiling}: does the link even matter for this engine? The streaming ceiling against the
 * compute-in-RAM ceiling (docs/RULES.md §11), the verdict first.
 */
@Command(name = "ceiling", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Streaming weights over PCIe vs computing them in host RAM: tokens/s ceilings and a verdict.",
                "Give the H2D rate as --h2d, --receipt (a native-probes receipt) or --link (trained link x "
                        + "--achievable), and the expert bytes per token as --active-bytes or --model."})
final class CeilingCommand implements Callable<Integer> {

    @Option(names = "--h2d", paramLabel = "GBPS", description = "Measured host-to-device rate, GB/s (bulk).")
    Double h2d;

    @Option(names = "--receipt", paramLabel = "FILE",
            description = "run_receipt.sh receipt or pcie_bw JSON lines: rate at the size nearest --slab, overhead.")
    Path receipt;

    @Option(names = "--batched",
            description = "With --receipt: use its batched rate (the same bytes issued together), what the engine"
                    + " could get by batching its copies, instead of copies issued one by one.")
    boolean batched;

    @Option(names = "--link", paramLabel = "LINK",
            description = "The link the card's path is capable of, e.g. gen4x4 or '16GT/s x4' (LnkCap, not an idle"
                    + " trained reading).")
    String link;

    @Option(names = "--achievable", paramLabel = "F", defaultValue = "0.85",
            description = "Share of usable bandwidth copies reach with --link (default ${DEFAULT-VALUE}; an "
                    + "assumption, not a register fact).")
    double achievable;

    @Option(names = "--ram", paramLabel = "GBPS", description = "Host RAM bandwidth, GB/s.")
    Double ram;

    @Option(names = "--ram-preset", paramLabel = "NAME",
            description = "Desktop: ddr4-3200 (51.2), ddr5-6000 (96); laptop: lpddr5x-8533-128 (136.5),"
                    + " lpddr5x-8000-256 (256); one server socket: ddr4-2400-4ch (76.8), ddr4-2933-6ch (140.8),"
                    + " ddr4-3200-8ch (204.8), ddr5-4800-8ch (307.2), ddr5-4800-12ch (460.8), ddr5-6400-12ch (614.4);"
                    + " HBM: hbm2e-xeon-max (1638.4 GB/s). Peak figures from each part's specifications.")
    String ramPreset;

    @Option(names = "--active-bytes", paramLabel = "N",
            description = "Active expert bytes per token (K/M/G = KiB/MiB/GiB; 1e9 allowed).")
    String activeBytes;

    @Option(names = "--model", paramLabel = "NAME",
            description = "Model preset: mixtral-8x7b, qwen3-30b-a3b, gpt-oss-120b, deepseek-v3.")
    String model;

    @Option(names = "--bits", paramLabel = "B", description = "Bits per weight with --model (default: the preset's).")
    Double bits;

    @Option(names = "--hit-rate", paramLabel = "R", defaultValue = "0", description = "LRU hit rate 0..1 (default 0).")
    double hitRate;

    @Option(names = "--slab", paramLabel = "BYTES", description = "Bytes per transfer (default 3M).")
    String slab;

    @Option(names = "--overhead-us", paramLabel = "US",
            description = "Per-transfer overhead, us (default: from the receipt, else 0).")
    Double overheadUs;

    @Option(names = "--ram-bytes", paramLabel = "N",
            description = "Bytes the compute-in-RAM path reads per token (default: the active expert bytes).")
    String ramBytes;

    @Option(names = "--json", description = "Print JSON instead of text.")
    boolean json;

    @Option(names = "--csv", paramLabel = "FILE", description = "Also write the numbers and chart series as CSV.")
    Path csv;

    @Option(names = "--png", paramLabel = "FILE",
            description = "Also render the verdict and both charts as a PNG (2x, rendered headless; no display needed).")
    Path png;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private static final Map<String, String> OPTION_OF = Map.ofEntries(
            Map.entry("activeExpertBytesPerToken", "--active-bytes"), Map.entry("hitRate", "--hit-rate"),
            Map.entry("h2dGbPerS", "--h2d"), Map.entry("overheadUs", "--overhead-us"), Map.entry("slabBytes", "--slab"),
            Map.entry("ramGbPerS", "--ram"), Map.entry("ramBytesPerToken", "--ram-bytes"),
            Map.entry("ramPreset", "--ram-preset"), Map.entry("model", "--model"), Map.entry("bitsPerWeight", "--bits"),
            Map.entry("achievableFactor", "--achievable"), Map.entry("link", "--link"),
            Map.entry("receipt", "--receipt"), Map.entry("batched", "--batched"));

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            long slabBytes = slab == null ? CeilingInputs.DEFAULT_SLAB_BYTES : ByteCount.parse("slabBytes", slab);
            H2dRate rate = rate(slabBytes);
            double overhead = overheadUs != null ? overheadUs : rate.overheadUs();
            long active = activeBytes();
            double ramRate = ramRate();
            long readPerToken = ramBytes == null ? active : ByteCount.parse("ramBytesPerToken", ramBytes);
            CeilingInputs in = new CeilingInputs(active, hitRate, rate.gbPerS(), overhead, slabBytes, ramRate,
                    readPerToken);
            CeilingResult r = Ceiling.evaluate(in);
            CeilingSeries s = CeilingSeries.of(r, rateLabel(rate));
            if (csv != null) ExportCommand.write(csv, CeilingCsv.of(r, s));
            if (png != null) {
                PictureRenderer.find().ceiling(r, s, EngineShape.STREAMS_WEIGHTS, png);
                if (!json) err.println("lanescope ceiling: wrote " + png.toAbsolutePath());
            }
            if (json) {
                out.println(Jackson.pretty(CeilingJson.of(r, rate, s)));
            } else {
                out.print(CeilingText.render(r, rate, s));
            }
            out.flush();
            return 0;
        } catch (CeilingInputException e) {
            err.println("lanescope ceiling: " + OPTION_OF.getOrDefault(e.field(), e.field()) + " (" + e.field()
                    + "): " + e.getMessage().substring(e.field().length() + 2));
            err.flush();
            return Main.EXIT_UNUSABLE;
        } catch (MissingSystemLibrary e) {
            err.println("lanescope ceiling: " + e.getMessage());
            err.flush();
            return ExportCommand.EXIT_MISSING_LIBRARY;
        } catch (IOException e) {
            err.println("lanescope ceiling: " + e.getMessage());
            err.flush();
            return Main.EXIT_UNUSABLE;
        }
    }

    private H2dRate rate(long slabBytes) throws IOException {
        int given = (h2d != null ? 1 : 0) + (receipt != null ? 1 : 0) + (link != null ? 1 : 0);
        if (given != 1) {
            throw new CeilingInputException("h2dGbPerS", given == 0
                    ? "give the host-to-device rate: --h2d GBPS, --receipt FILE or --link gen4x4"
                    : "give only one of --h2d, --receipt and --link");
        }
        if (batched && receipt == null) {
            throw new CeilingInputException("batched", "--batched reads the batched rate from a receipt: give"
                    + " --receipt FILE too");
        }
        if (h2d != null) return H2dRate.typed(h2d, 0);
        if (link != null) return H2dRate.fromLink(Links.parse(link), achievable, 0);
        H2dReceipt rc = H2dReceipt.read(receipt);
        H2dReceipt.Series series = batched ? rc.batchedSeries().orElseThrow(() -> new CeilingInputException(
                "receipt", receipt.getFileName() + " has no batched copies (a probe older than 1.1.0, or run with"
                        + " --batch off): run the probe again, or leave out --batched")) : rc.h2dSeries();
        List<TransferSample> samples = series.bySize().stream()
                .map(p -> new TransferSample(p.bytes(), p.medianMs())).toList();
        String what = "receipt " + receipt.getFileName() + " (" + series.label()
                + rc.link().map(l -> ", link " + l.genText() + " at " + rc.linkAt()).orElse("") + ")";
        return H2dRate.fromSamples(samples, slabBytes, what);
    }

    private long activeBytes() {
        if ((activeBytes == null) == (model == null)) {
            throw new CeilingInputException("activeExpertBytesPerToken",
                    "give exactly one of --active-bytes N and --model NAME (" + MoePreset.keys() + ")");
        }
        if (activeBytes != null) return ByteCount.parse("activeExpertBytesPerToken", activeBytes);
        var g = MoePreset.byKey(model).geometry();
        return (bits == null ? g : g.withBits(bits)).activeExpertBytesPerToken();
    }

    private double ramRate() {
        if ((ram == null) == (ramPreset == null)) {
            throw new CeilingInputException("ramGbPerS",
                    "give exactly one of --ram GBPS and --ram-preset NAME (" + HostMemoryPreset.keys() + ")");
        }
        return ram != null ? ram : HostMemoryPreset.byKey(ramPreset).gbPerS();
    }

    private String rateLabel(H2dRate rate) {
        return switch (rate.source()) {
            case RECEIPT -> "measured";
            case TYPED -> "typed";
            case LINK_ESTIMATE -> String.format(Locale.ROOT, "link x %.2f", achievable);
        };
    }

    /** {@code gen4x4}, {@code Gen4 x4}, {@code 16GT/s x4}, {@code 16.0 GT/s PCIe x4}. */
    static final class Links {
        private static final java.util.regex.Pattern GEN =
                java.util.regex.Pattern.compile("(?i)gen\\s*([1-6])\\s*x\\s*(\\d{1,2})");
        private static final java.util.regex.Pattern WIDTH = java.util.regex.Pattern.compile("(?i)x\\s*(\\d{1,2})\\s*$");

        static LinkState parse(String text) {
            var g = GEN.matcher(text.trim());
            if (g.matches()) {
                return LinkState.of(dev.lanescope.model.LinkSpeed.ofGeneration(Integer.parseInt(g.group(1))),
                        width(Integer.parseInt(g.group(2))));
            }
            var speed = dev.lanescope.model.LinkSpeed.parse(text);
            var w = WIDTH.matcher(text.trim());
            if (speed == null || !speed.isKnown() || !w.find()) {
                throw new CeilingInputException("link", "'" + text + "' is not a link (want gen4x4 or '16GT/s x4')");
            }
            return LinkState.of(speed, width(Integer.parseInt(w.group(1))));
        }

        /** PCIe link widths: x1, x2, x4, x8, x12, x16, x32. */
        private static int width(int width) {
            if (width < 1 || width > 32 || (width > 2 && width % 4 != 0) || width == 20 || width == 24 || width == 28) {
                throw new CeilingInputException("link", "width x" + width
                        + " does not exist (PCIe links are x1, x2, x4, x8, x12, x16 or x32)");
            }
            return width;
        }
    }
}
