package dev.lanescope.ui.fleet;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javafx.beans.value.ChangeListener;

import dev.lanescope.ui.main.MainViewModel;

/**
 * The window's fleet arguments: {@code --compare A B} (open A, then compare it with B) and {@code --scan DIR}
 * (open the fleet table over DIR). Everything else is handed on, untouched, to the main window's options.
 */
public record FleetStartup(Path compareWith, Path scanDir, List<String> rest) {

    public static FleetStartup parse(List<String> args) {
        List<String> rest = new ArrayList<>();
        Path compare = null;
        Path scan = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--compare" -> {
                    if (i + 2 >= args.size()) {
                        throw new IllegalArgumentException("--compare needs two captures: --compare A B");
                    }
                    rest.add(args.get(++i));
                    compare = Path.of(args.get(++i));
                }
                case "--scan" -> {
                    if (i + 1 >= args.size()) throw new IllegalArgumentException("--scan needs a folder: --scan DIR");
                    scan = Path.of(args.get(++i));
                }
                default -> rest.add(a);
            }
        }
        return new FleetStartup(compare, scan, List.copyOf(rest));
    }

    /** Opens what was asked for: the compare view once the first capture has loaded, the fleet table at once. */
    public void apply(MainViewModel vm, FleetActions fleet) {
        if (scanDir != null) fleet.scan(scanDir);
        if (compareWith == null) return;
        if (vm.getLoaded() != null && !vm.loadingProperty().get()) {
            fleet.compare(compareWith);
            return;
        }
        vm.loadedProperty().addListener(new ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends MainViewModel.Loaded> o,
                                MainViewModel.Loaded a, MainViewModel.Loaded b) {
                if (b == null) return;
                vm.loadedProperty().removeListener(this);
                fleet.compare(compareWith);
            }
        });
    }
}
