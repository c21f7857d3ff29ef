package dev.lanescope.ui.fleet;

import java.nio.file.Path;

import javafx.beans.value.ChangeListener;

import dev.lanescope.ui.session.OpenCapture;
import dev.lanescope.ui.session.Session;

/**
 * The window's fleet arguments, as read by {@code StartupOptions}: {@code --compare A B} (open A, then compare it
 * with B) and {@code --scan DIR} (open the fleet table over DIR); either may be null.
 */
public record FleetStartup(Path compareWith, Path scanDir) {

    /** Opens what was asked for: the compare view once the first capture has loaded, the fleet table at once. */
    public void apply(Session vm, FleetActions fleet) {
        if (scanDir != null) fleet.scan(scanDir);
        if (compareWith == null) return;
        if (vm.capture() != null && !vm.loadingProperty().get()) {
            fleet.compare(compareWith);
            return;
        }
        vm.captureProperty().addListener(new ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends OpenCapture> o,
                                OpenCapture a, OpenCapture b) {
                if (b == null) return;
                vm.captureProperty().removeListener(this);
                fleet.compare(compareWith);
            }
        });
    }
}
