package dev.lanescope.ui.main;

import java.util.function.Function;

import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ListChangeListener;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TitledPane;

import dev.lanescope.model.Problem;

/** The explorer's list of reading problems: shown only when there are some, open when one is more than a note. */
final class ProblemsTable {

    private ProblemsTable() {
    }

    static void bind(MainViewModel vm, TitledPane pane, TableView<Problem> table, TableColumn<Problem, String> file,
                     TableColumn<Problem, Integer> line, TableColumn<Problem, String> severity,
                     TableColumn<Problem, String> message) {
        column(file, Problem::file);
        column(line, Problem::line);
        column(severity, p -> p.severity().token());
        column(message, Problem::message);
        table.setItems(vm.problems());
        table.setPlaceholder(new Label("No reading problems."));
        var hasProblems = Bindings.isNotEmpty(vm.problems());
        pane.visibleProperty().bind(hasProblems);
        pane.managedProperty().bind(hasProblems);
        pane.textProperty().bind(vm.problemsTitleProperty());
        vm.problems().addListener((ListChangeListener<Problem>) c -> pane.setExpanded(vm.hasSeriousProblems()));
    }

    private static <T> void column(TableColumn<Problem, T> col, Function<Problem, T> f) {
        col.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(f.apply(c.getValue())));
    }
}
