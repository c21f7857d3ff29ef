package dev.lanescope.ui.ceiling;

import java.util.function.Function;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;

import dev.lanescope.analysis.ceiling.EngineShape;

/** The ceiling panel's table of engine shapes: the chosen one marked {@code :current}; a click chooses a row's. */
final class ShapeTable {

    private ShapeTable() {
    }

    static void bind(TableView<EngineShape.Row> shapes, TableColumn<EngineShape.Row, String> engine,
                     TableColumn<EngineShape.Row, String> crossesPcie, TableColumn<EngineShape.Row, String> linkMatters,
                     ObjectProperty<EngineShape> chosen) {
        shapes.getItems().setAll(EngineShape.table());
        column(engine, EngineShape.Row::engine);
        column(crossesPcie, EngineShape.Row::crossesPcie);
        column(linkMatters, EngineShape.Row::linkMatters);
        shapes.setRowFactory(tv -> new TableRow<>() {
            @Override
            protected void updateItem(EngineShape.Row r, boolean empty) {
                super.updateItem(r, empty);
                pseudoClassStateChanged(CeilingController.CURRENT, !empty && r != null && r.shape() == chosen.get());
            }
        });
        shapes.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (b != null) chosen.set(b.shape());
        });
        chosen.addListener((o, a, b) -> shapes.refresh());
    }

    /** A column whose cells wrap their text to the column's width, so nothing is cut to "...". */
    private static void column(TableColumn<EngineShape.Row, String> col, Function<EngineShape.Row, String> f) {
        col.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(f.apply(c.getValue())));
        col.setCellFactory(c -> new TableCell<>() {
            private final Text text = new Text();

            {
                text.getStyleClass().add("shape-text");
                text.wrappingWidthProperty().bind(col.widthProperty().subtract(12));
                setGraphic(text);
                setPrefHeight(USE_COMPUTED_SIZE);
            }

            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                text.setText(empty || item == null ? "" : item);
            }
        });
    }
}
