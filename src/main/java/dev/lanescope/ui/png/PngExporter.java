package dev.lanescope.ui.png;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.SnapshotParameters;
import javafx.scene.control.Label;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.transform.Transform;

import dev.lanescope.export.AtomicFiles;
import dev.lanescope.export.PngEncoder;
import dev.lanescope.layout.TopologyLayouts;
import dev.lanescope.model.Bdf;
import dev.lanescope.model.Topology;
import dev.lanescope.ui.model.CardAdvice;
import dev.lanescope.ui.model.EdgeColours;
import dev.lanescope.ui.model.InsightsFactory;
import dev.lanescope.ui.model.PictureFocus;
import dev.lanescope.ui.session.OpenCapture;
import dev.lanescope.ui.session.Theme;
import dev.lanescope.ui.theme.Themes;
import dev.lanescope.ui.topology.LegendView;
import dev.lanescope.ui.topology.TopologyView;

/**
 * PNG of the topology picture at 2× scale with the header (host, capture, time), the selected card's answer,
 * its candidate slots and the legend of the colours used. By default it is the decision picture: the selected
 * card's path, its candidate slots and the other GPUs' paths, everything else folded, at most
 * {@link #DECISION_WIDTH} pixels wide; the whole machine on request. The snapshot is taken on the FX thread; pixels are encoded and written off it, atomically
 * (temporary file in the target folder, then a rename). {@link #renderHeadless} does the same without a
 * display, on Monocle's headless platform, for the command line and CI.
 */
public final class PngExporter {

    /** Pixel scale of the export. */
    public static final double SCALE = 2.0;
    /** Largest side in pixels; bigger pictures are scaled down to fit. */
    public static final int MAX_SIDE = 12000;
    /** Widest decision picture in pixels: it goes into an email or a ticket and is read at half size. */
    public static final int DECISION_WIDTH = 2400;

    private PngExporter() {
    }

    /**
     * The text above the picture: title line (capture, host, time), the selected card (may be null), its plain
     * answer (may be null), its candidate slots with their predicted ceilings, and a note on what is folded.
     */
    public record Header(String title, String card, String answer, List<String> candidates, String note) {
        public Header {
            candidates = candidates == null ? List.of() : List.copyOf(candidates);
        }

        public Header(String title, String card, String answer) {
            this(title, card, answer, List.of(), null);
        }

        /** The header of the decision picture for one card (its advice may be null). */
        public static Header of(String title, CardAdvice advice, TopologyLayouts.Picture picture) {
            List<String> slots = new java.util.ArrayList<>(advice == null ? List.of()
                    : PictureFocus.shownCandidates(advice).stream().map(c -> c.rank() + ". " + c.text()).toList());
            int more = advice == null ? 0 : advice.candidates().size() - slots.size();
            if (more > 0) {
                slots.add("… and " + more + " more candidate slot" + (more == 1 ? "" : "s") + " (all of them: lanescope"
                        + " advise CAPTURE --device " + advice.card() + ")");
            }
            long folded = picture.nodes().values().stream().filter(n -> n.kind() == TopologyLayouts.Kind.FOLD)
                    .mapToInt(TopologyLayouts.NodeView::count).sum();
            String note = folded == 0 ? null : folded + " functions off these paths are folded into dashed boxes"
                    + " (the whole machine: lanescope export --png FILE --full).";
            return new Header(title, advice == null ? null : advice.title(), advice == null ? null : advice.answer(),
                    slots, note);
        }
    }

    /** Builds the picture to export (a fresh, passive view of the same state as the window). FX thread. */
    public static Parent compose(TopologyLayouts.Picture picture, Map<String, String> edgeKeys, String selectedId,
                                 Set<String> path, Set<String> candidate, Set<String> breaks, EdgeColours.Mode mode,
                                 Header header,
                                 Theme theme) {
        VBox root = new VBox(10);
        root.getStyleClass().addAll("export-root", "main");
        Label title = new Label(header.title());
        title.getStyleClass().add("export-title");
        root.getChildren().add(title);
        if (header.answer() != null) {
            Label card = new Label(header.card() == null ? "" : header.card());
            card.getStyleClass().add("details-title");
            Label answer = new Label(header.answer());
            answer.getStyleClass().add("answer");
            answer.setWrapText(true);
            answer.setMaxWidth(textWidth(picture));
            root.getChildren().addAll(card, answer);
        }
        if (!header.candidates().isEmpty()) {
            Label head = new Label("Places it can go, best first (predicted ceiling):");
            head.getStyleClass().add("export-subtitle");
            root.getChildren().add(head);
            for (String c : header.candidates()) {
                Label l = new Label(c);
                l.getStyleClass().add("export-candidate");
                l.setWrapText(true);
                l.setMaxWidth(textWidth(picture));
                root.getChildren().add(l);
            }
        }
        if (header.note() != null) {
            Label note = new Label(header.note());
            note.getStyleClass().add("export-note");
            note.setWrapText(true);
            note.setMaxWidth(textWidth(picture));
            root.getChildren().add(note);
        }
        TopologyView view = new TopologyView();
        view.setPicture(picture);
        view.applyState(edgeKeys, selectedId, path, candidate, allIds(picture), breaks);
        double w = picture.layout().width();
        double h = picture.layout().height();
        view.setMinSize(w, h);
        view.setPrefSize(w, h);
        view.setMaxSize(w, h);
        root.getChildren().add(view);
        LegendView legend = new LegendView();
        legend.show(mode, edgeKeys.values(), !path.isEmpty(), !candidate.isEmpty(), picture.folded());
        legend.setMaxWidth(Math.max(700, w));
        root.getChildren().add(legend);
        Themes.apply(root, theme);
        return root;
    }

    /**
     * The picture for a card (FX thread): unless {@code full}, the decision picture (its paths, candidate slots
     * with their ceilings, the other GPUs, the rest folded); else the whole machine with the card's answer.
     * {@code selected} may be null: the first fault's device, else the first GPU.
     */
    public static Parent composeFor(InsightsFactory.Analysed analysed, Bdf selected, EdgeColours.Mode mode,
                                    boolean full, String title, Theme theme) {
        Topology topology = analysed.topology();
        Bdf subject = selected != null ? selected : full ? null : PictureFocus.subject(analysed, null);
        TopologyLayouts.Picture picture = full ? TopologyLayouts.of(topology, Set.of())
                : TopologyLayouts.of(topology, Set.of(), PictureFocus.of(analysed, subject));
        CardAdvice advice = subject == null || topology.node(subject).isEmpty() ? null
                : InsightsFactory.advise(analysed, subject);
        Map<String, String> keys = EdgeColours.of(picture, topology, analysed.insights(), mode);
        Set<String> breaks = advice == null || mode != EdgeColours.Mode.ATOMICS ? Set.of()
                : EdgeColours.breakIds(picture, analysed.insights(), subject);
        String selId = advice == null || picture.nodeOf(subject) == null ? null : picture.nodeOf(subject).id();
        Set<String> path = advice == null ? Set.of() : EdgeColours.pathIds(picture, topology, subject);
        Set<String> candidates = new java.util.HashSet<>();
        if (advice != null && !full) {
            for (CardAdvice.Candidate c : PictureFocus.shownCandidates(advice)) {
                if (c.port() != null) candidates.addAll(EdgeColours.pathIds(picture, topology, c.port()));
            }
            candidates.removeAll(path);
        }
        Header header = full ? new Header(title, advice == null ? null : advice.title(),
                advice == null ? null : advice.answer()) : Header.of(title, advice, picture);
        return compose(picture, keys, selId, path, candidates, breaks, mode, header, theme);
    }

    private static double textWidth(TopologyLayouts.Picture p) {
        return Math.min(DECISION_WIDTH / SCALE - 24, Math.max(600, p.layout().width()));
    }

    private static Set<String> allIds(TopologyLayouts.Picture p) {
        return p.nodes().keySet();
    }

    /**
     * Snapshots {@code composed} (call on the FX thread) and writes it as PNG off the FX thread.
     * The future completes with the absolute path written.
     */
    public static CompletableFuture<Path> export(Parent composed, Path out) {
        return export(composed, out, MAX_SIDE);
    }

    /** {@link #export(Parent, Path)} scaled down where needed so the image is at most {@code maxWidth} pixels wide. */
    public static CompletableFuture<Path> export(Parent composed, Path out, int maxWidth) {
        if (!Platform.isFxApplicationThread()) throw new IllegalStateException("call export on the FX thread");
        Pixels px = snapshot(composed, maxWidth);
        return CompletableFuture.supplyAsync(() -> {
            try {
                return write(px, out);
            } catch (IOException e) {
                throw new CompletionException(e);
            }
        });
    }

    /**
     * ARGB pixels copied out of a snapshot, safe to hand to another thread: premultiplied by alpha, as the snapshot
     * keeps them (a plain copy; for the opaque pictures drawn here the same numbers as straight ARGB).
     */
    public record Pixels(int width, int height, int[] argbPremultiplied) {
    }

    public static Pixels snapshot(Parent composed) {
        return snapshot(composed, MAX_SIDE);
    }

    static Pixels snapshot(Parent composed, int maxWidth) {
        if (composed.getScene() == null) new Scene(composed); // CSS and layout need a scene
        composed.applyCss();
        composed.autosize(); // its preferred size, as the snapshot's own layout pass would size a window-less root
        composed.layout();
        Bounds drawn = composed.getBoundsInParent(); // what the snapshot covers, shadows included
        double w = drawn.getWidth();
        double h = drawn.getHeight();
        double s = Math.min(Math.min(SCALE, MAX_SIDE / Math.max(1, Math.max(w, h))), maxWidth / Math.max(1, w));
        SnapshotParameters sp = new SnapshotParameters();
        sp.setTransform(Transform.scale(s, s));
        sp.setFill(background(composed));
        WritableImage img = composed.snapshot(sp, null);
        if (img.getWidth() > maxWidth + 0.5) { // what is drawn can reach past the layout bounds (shadows, wrapping)
            s *= maxWidth / img.getWidth();
            sp.setTransform(Transform.scale(s, s));
            img = composed.snapshot(sp, null);
        }
        int iw = (int) img.getWidth();
        int ih = (int) img.getHeight();
        int[] argb = new int[iw * ih];
        img.getPixelReader().getPixels(0, 0, iw, ih, PixelFormat.getIntArgbPreInstance(), argb, 0, iw);
        return new Pixels(iw, ih, argb);
    }

    private static Color background(Parent composed) {
        if (composed instanceof javafx.scene.layout.Region r && r.getBackground() != null
                && !r.getBackground().getFills().isEmpty()
                && r.getBackground().getFills().get(0).getFill() instanceof Color c) {
            return c;
        }
        return Color.WHITE;
    }

    public static Path write(Pixels px, Path out) throws IOException {
        return AtomicFiles.write(out, tmp -> {
            try (OutputStream file = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
                PngEncoder.write(px.argbPremultiplied(), px.width(), px.height(), true, file);
            }
        });
    }

    /** The decision picture ({@link #renderHeadless(Topology, Path, Bdf, EdgeColours.Mode, boolean)}) in link-verdict mode. */
    public static Path renderHeadless(Topology topology, Path out, Bdf selected) throws IOException {
        return renderHeadless(topology, out, selected, EdgeColours.Mode.VERDICTS, false);
    }

    /**
     * Renders the picture without a display: starts JavaFX on Monocle's headless platform (software
     * rendering) when it is not running yet, analyses and lays out the topology, and writes the PNG.
     * {@code selected} (may be null: then the first fault's device, else the first GPU) is the card whose answer
     * and path are drawn. Unless {@code full}, only the paths that matter are drawn (the decision picture, at most
     * {@link #DECISION_WIDTH} pixels wide). Blocks until written.
     */
    public static Path renderHeadless(Topology topology, Path out, Bdf selected, EdgeColours.Mode mode, boolean full)
            throws IOException {
        return renderHeadless(InsightsFactory.analyse(topology), out, selected, mode, full);
    }

    /** As {@link #renderHeadless(Topology, Path, Bdf, EdgeColours.Mode, boolean)}, for a topology already analysed. */
    public static Path renderHeadless(InsightsFactory.Analysed analysed, Path out, Bdf selected, EdgeColours.Mode mode,
                                      boolean full) throws IOException {
        Topology topology = analysed.topology();
        String title = "lanescope · " + OpenCapture.captureLine(topology.capture().label(), topology);
        Pixels px = HeadlessToolkit.onFxThread("the picture", () -> snapshot(
                composeFor(analysed, selected, mode, full, title, Theme.LIGHT),
                full ? MAX_SIDE : DECISION_WIDTH));
        return write(px, out);
    }
}
