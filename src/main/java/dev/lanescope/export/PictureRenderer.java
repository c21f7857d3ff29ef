package dev.lanescope.export;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ServiceLoader;

import dev.lanescope.analysis.Report;
import dev.lanescope.analysis.ceiling.CeilingResult;
import dev.lanescope.analysis.ceiling.CeilingSeries;
import dev.lanescope.analysis.ceiling.EngineShape;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Topology;

/**
 * Draws the window's pictures into PNG files without a display. The drawing is the window's own (JavaFX), so
 * it lives with the window and is found here at run time; this package and the command line stay free of
 * JavaFX and never name a window class.
 */
public interface PictureRenderer {

    /**
     * The topology picture. {@code selected} is the card whose answer and path are drawn (null: the first
     * fault's device, else the first GPU). Unless {@code full}, only the paths that matter are drawn: the card's,
     * its candidate slots', the other GPUs'. {@code atomics} colours by AtomicOps routing instead of link verdicts.
     * {@code report} is the topology's analysis, as the caller made it (judged once, with its evidence).
     */
    Path topology(Topology topology, Report report, Path out, Bdf selected, boolean atomics, boolean full)
            throws IOException;

    /** The streaming-vs-compute ceiling chart with its headline and inputs. */
    Path ceiling(CeilingResult result, CeilingSeries series, EngineShape shape, Path out) throws IOException;

    /**
     * Starts, in the background, what drawing needs before the first picture (the toolkit), so that it overlaps
     * reading and judging the capture; a failure there is reported by the first drawing.
     */
    default void warmUp() {
    }

    /** The renderer on the class path (the window's), or an error that says PNG output is not available. */
    static PictureRenderer find() throws IOException {
        return ServiceLoader.load(PictureRenderer.class).findFirst()
                .orElseThrow(() -> new IOException("PNG output needs lanescope's window classes (JavaFX),"
                        + " which this build does not include; DOT, GraphML and JSON still work"));
    }
}
