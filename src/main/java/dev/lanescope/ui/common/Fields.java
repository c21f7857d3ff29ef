package dev.lanescope.ui.common;

import javafx.scene.control.TextField;
import javafx.scene.control.ToolBar;

import org.controlsfx.control.textfield.TextFields;

/** Text fields the FXML cannot declare. */
public final class Fields {

    private Fields() {
    }

    /**
     * ControlsFX's clearable text field (a cross appears once something is typed) in place of the plain one from
     * the FXML in {@code bar}, with the same id, prompt and width.
     */
    public static TextField clearable(TextField plain, ToolBar bar) {
        TextField f = TextFields.createClearableTextField();
        f.setId(plain.getId());
        f.setPromptText(plain.getPromptText());
        f.setPrefColumnCount(plain.getPrefColumnCount());
        var items = bar.getItems();
        items.set(items.indexOf(plain), f);
        return f;
    }
}
