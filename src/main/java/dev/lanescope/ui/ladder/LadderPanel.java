package dev.lanescope.ui.ladder;

import java.util.Map;
import java.util.function.Supplier;

import javafx.beans.value.ObservableValue;
import javafx.scene.Parent;

import dev.lanescope.ui.common.Views;
import dev.lanescope.ui.session.Theme;
import dev.lanescope.ui.theme.Themes;

/**
 * The "P2P ladder" side-panel tab ({@code Ladder.fxml} with its {@link LadderController}): the selected GPU and a
 * peer chooser, the answer first, then one row per rung (coloured by its status) that opens to its finding, the lines
 * it rests on, the rule and the next step. Evidence files (logs, probe outputs, nvidia-smi or rocm-smi output) are
 * added with the button or dropped on the tab.
 */
public final class LadderPanel {

    private final LadderViewModel vm;
    private final LadderController controller;
    private final Parent root;

    /** The panel over {@code vm}, styled in {@code theme} (null: light) and following it. */
    public LadderPanel(LadderViewModel vm, ObservableValue<Theme> theme) {
        this.vm = vm;
        LadderController[] made = new LadderController[1];
        Map<Class<?>, Supplier<?>> controllers = Map.of(LadderController.class,
                () -> made[0] = new LadderController(vm));
        root = new Views(controllers).load(LadderController.class);
        controller = made[0];
        Themes.follow(root, theme, "css/ladder.css");
    }

    public Parent root() {
        return root;
    }

    public LadderViewModel viewModel() {
        return vm;
    }

    public LadderController controller() {
        return controller;
    }
}
