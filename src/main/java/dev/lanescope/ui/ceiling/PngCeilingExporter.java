package dev.lanescope.ui.ceiling;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;

import dev.lanescope.analysis.ceiling.CeilingInputs;
import dev.lanescope.analysis.ceiling.CeilingResult;
import dev.lanescope.analysis.ceiling.CeilingSeries;
import dev.lanescope.analysis.ceiling.EngineShape;
import dev.lanescope.ui.png.HeadlessToolkit;
import dev.lanescope.ui.png.PngExporter;
import dev.lanescope.ui.session.Theme;
import dev.lanescope.ui.theme.Themes;

/**
 * PNG of the ceiling: the headline and verdict first, the numbers, both charts and the inputs they assume, at the
 * same 2x scale and under the same rules as the topology export ({@link PngExporter}): snapshot on the FX thread,
 * encode and write off it, atomically. {@link #renderHeadless} does it without a display for the command line.
 */
public final class PngCeilingExporter {

    /** Size of each chart in the export, in layout pixels (the PNG is twice that). */
    public static final double CHART_WIDTH = 1000;
    public static final double CHART_HEIGHT = 430;

    private PngCeilingExporter() {
    }

    /** A fresh, passive picture of {@code r} and {@code s}. FX thread. */
    public static Parent compose(CeilingResult r, CeilingSeries s, EngineShape shape, Theme theme) {
        VBox root = new VBox(8);
        root.getStyleClass().addAll("export-root", "main", "ceiling-panel");
        root.setMaxWidth(CHART_WIDTH + 32);
        root.setPrefWidth(CHART_WIDTH + 32);
        Label title = new Label("lanescope · Does the link matter? Streaming weights over PCIe vs computing in host RAM");
        title.getStyleClass().add("export-title");
        Label headline = wrapped(Headlines.headline(shape, r), "headline");
        CeilingController.markVerdict(headline, shape, r);
        Label verdict = wrapped(Headlines.verdict(shape, r), "verdict");
        Label numbers = wrapped(numbers(r), "export-numbers");
        root.getChildren().addAll(title, headline, verdict, numbers);
        for (CeilingChart.View v : CeilingChart.View.values()) {
            CeilingChart c = CeilingChart.of(v);
            c.setMinSize(CHART_WIDTH, CHART_HEIGHT);
            c.setPrefSize(CHART_WIDTH, CHART_HEIGHT);
            c.setMaxSize(CHART_WIDTH, CHART_HEIGHT);
            c.show(s, r);
            root.getChildren().add(c);
        }
        root.getChildren().add(wrapped(inputs(r.inputs()), "export-inputs"));
        if (!r.notes().isEmpty()) root.getChildren().add(wrapped(String.join(" ", r.notes()), "notes"));
        Themes.apply(root, theme);
        root.getStylesheets().add(CeilingWindow.stylesheet());
        return root;
    }

    private static Label wrapped(String text, String style) {
        Label l = new Label(text);
        l.getStyleClass().add(style);
        l.setWrapText(true);
        l.setMaxWidth(CHART_WIDTH);
        return l;
    }

    static String numbers(CeilingResult r) {
        return String.format(Locale.ROOT, "Link time per token %s · streaming ceiling %s · compute-in-RAM ceiling %s "
                        + "tokens/s · host memory ÷ link %s · break-even link %s · break-even hit rate %s",
                r.missedBytesPerToken() > 0 ? String.format(Locale.ROOT, "%.3g ms", r.linkTimePerTokenMs()) : "none",
                r.streamingTokensPerS().isPresent()
                        ? Headlines.tokens(r.streamingTokensPerS().getAsDouble()) + " tokens/s" : "none",
                Headlines.tokens(r.computeTokensPerS()), Headlines.times(r.memoryToLinkRatio()),
                r.crossoverLinkGbPerS().isPresent() ? Headlines.gbps(r.crossoverLinkGbPerS().getAsDouble()) : "none",
                r.crossoverHitRate().isPresent()
                        ? String.format(Locale.ROOT, "%.3f", r.crossoverHitRate().getAsDouble()) : "none");
    }

    static String inputs(CeilingInputs in) {
        return String.format(Locale.ROOT, "Inputs: %.3f GB active expert bytes per token · LRU hit rate %.3f · bulk "
                        + "H2D %.3f GB/s · %.1f us per transfer · slab %,d B · host RAM %.1f GB/s · %.3f GB read "
                        + "in RAM per token", in.activeExpertBytesPerToken() / 1e9, in.hitRate(), in.h2dGbPerS(),
                in.overheadUs(), in.slabBytes(), in.ramGbPerS(), in.ramBytesPerToken() / 1e9);
    }

    /** Snapshots {@code composed} on the FX thread and writes it off it; completes with the path written. */
    public static CompletableFuture<Path> export(Parent composed, Path out) {
        return PngExporter.export(composed, out);
    }

    /** Renders without a display (Monocle headless), blocking until the PNG is written. */
    public static Path renderHeadless(CeilingResult r, CeilingSeries s, EngineShape shape, Path out)
            throws IOException {
        return PngExporter.write(HeadlessToolkit.onFxThread("the ceiling chart",
                () -> PngExporter.snapshot(compose(r, s, shape, Theme.LIGHT))), out);
    }
}
