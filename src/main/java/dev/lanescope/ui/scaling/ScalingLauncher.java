package dev.lanescope.ui.scaling;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javafx.application.Application;
import javafx.beans.property.SimpleObjectProperty;
import javafx.stage.Stage;

import dev.lanescope.analysis.scaling.CaptureGpus;
import dev.lanescope.pipeline.CaptureAnalysis;
import dev.lanescope.ui.session.Theme;

/**
 * Opens "Would adding a card help?" alone: {@code ScalingLauncher [CAPTURE...] [--model M] [--gpu G]
 * [--measured LIST] [--split S] [--dark]} (the same words as {@code lanescope scaling}).
 */
public final class ScalingLauncher {

    private ScalingLauncher() {
    }

    public static void main(String[] args) {
        // a main class that is not an Application, so JavaFX starts from the class path (as dev.lanescope.ui.Launcher)
        Application.launch(App.class, args);
    }

    /** The JavaFX application behind {@link #main}. */
    public static final class App extends Application {

    @Override
    public void start(Stage primary) {
        List<String> a = getParameters().getRaw();
        List<Path> inputs = new ArrayList<>();
        String model = null;
        String gpu = null;
        String measured = null;
        String split = null;
        boolean dark = false;
        for (int i = 0; i < a.size(); i++) {
            switch (a.get(i)) {
                case "--model" -> model = a.get(++i);
                case "--gpu" -> gpu = a.get(++i);
                case "--measured" -> measured = a.get(++i);
                case "--split" -> split = a.get(++i);
                case "--dark" -> dark = true;
                default -> inputs.add(Path.of(a.get(i)));
            }
        }
        SimpleObjectProperty<CaptureGpus> capture = new SimpleObjectProperty<>();
        if (!inputs.isEmpty()) {
            CaptureAnalysis c = CaptureAnalysis.load(inputs);
            if (c.usable()) capture.set(CaptureGpus.of(c.topology(), c.report()));
        }
        ScalingWindow w = ScalingWindow.open(null, capture, dark ? Theme.DARK : Theme.LIGHT);
        ScalingViewModel vm = w.viewModel();
        if (model != null) vm.modelProperty().set(dev.lanescope.analysis.ceiling.MoePreset.byKey(model));
        if (gpu != null) vm.cardProperty().set(dev.lanescope.analysis.scaling.GpuPreset.byKey(gpu).label());
        if (measured != null) vm.measuredProperty().set(measured);
        if (split != null) {
            String key = split;
            ScalingViewModel.SPLITS.forEach((words, k) -> {
                if (k.equals(key)) vm.splitProperty().set(words);
            });
        }
    }
    }
}
