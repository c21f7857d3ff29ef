package dev.lanescope.ui.render;

import java.io.IOException;
import java.nio.file.Path;

import dev.lanescope.analysis.Report;
import dev.lanescope.analysis.UnderLoad;
import dev.lanescope.analysis.ceiling.CeilingResult;
import dev.lanescope.analysis.ceiling.CeilingSeries;
import dev.lanescope.analysis.ceiling.EngineShape;
import dev.lanescope.export.PictureRenderer;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Topology;
import dev.lanescope.ui.ceiling.PngCeilingExporter;
import dev.lanescope.ui.model.EdgeColours;
import dev.lanescope.ui.model.InsightsFactory;
import dev.lanescope.ui.png.HeadlessToolkit;
import dev.lanescope.ui.png.PngExporter;

/**
 * The window's drawing behind {@link PictureRenderer}, on JavaFX's headless platform (registered as a service): the
 * topology picture and the ceiling chart, for the command line.
 */
public final class FxPictureRenderer implements PictureRenderer {

    @Override
    public Path topology(Topology topology, Report report, Path out, Bdf selected, boolean atomics, boolean full)
            throws IOException {
        return PngExporter.renderHeadless(InsightsFactory.from(topology, report, UnderLoad.none()), out, selected,
                atomics ? EdgeColours.Mode.ATOMICS : EdgeColours.Mode.VERDICTS, full);
    }

    @Override
    public void warmUp() {
        Thread start = new Thread(() -> {
            try {
                HeadlessToolkit.start();
            } catch (IOException e) {
                // kept by HeadlessToolkit and thrown again by the first picture
            }
        }, "lanescope-toolkit-start");
        start.setDaemon(true);
        start.start();
    }

    @Override
    public Path ceiling(CeilingResult result, CeilingSeries series, EngineShape shape, Path out) throws IOException {
        return PngCeilingExporter.renderHeadless(result, series, shape, out);
    }
}
