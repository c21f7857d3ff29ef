package dev.lanescope.ui.main;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import javafx.geometry.Pos;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

import dev.lanescope.ui.common.Windows;

/**
 * The main window's side panel: one tab per page (the selected card's answer, the bandwidth probe, the ceiling
 * chart, and whatever lands next, such as a P2P ladder), each built the first time it is shown and following the
 * main window's selection from then on. A page can be popped out into its own window for a large screen; closing
 * that window puts it back in its tab. Each page keeps its own share of the window: the wide charts take more of it
 * than the card's answer, and a divider the user moved stays where it was put for that page.
 */
public final class SidePanel {

    /**
     * One page: {@code id} (a lookup name, never shown), the tab's title, the popped-out window's size, the share of
     * the main window the side panel takes while it is shown, its shortcut, and how its content is made.
     */
    public record Page(String id, String title, KeyCombination key, double share, double windowWidth,
                       double windowHeight, Supplier<Parent> content) {
    }

    private final TabPane tabs;
    private final SplitPane split;
    private final Supplier<Window> owner;
    private final Map<String, Page> pages = new LinkedHashMap<>();
    private final Map<String, Tab> tabOf = new LinkedHashMap<>();
    private final Map<String, Parent> built = new LinkedHashMap<>();
    private final Map<String, ScrollPane> frames = new LinkedHashMap<>();
    private final Map<String, Stage> windows = new LinkedHashMap<>();
    private final Map<String, Double> shares = new LinkedHashMap<>();
    private String shown;

    /**
     * Hosts pages in {@code tabs}, the right-hand item of {@code split}; {@code owner} is the main window (the owner
     * of popped-out pages).
     */
    public SidePanel(TabPane tabs, SplitPane split, Supplier<Window> owner) {
        this.tabs = tabs;
        this.split = split;
        this.owner = owner;
        tabs.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> selected(b));
    }

    /** Adds a page as the next tab; {@code existing} is a tab already in the pane (from FXML), else null. */
    public Tab add(Page page, Tab existing) {
        Tab tab = existing != null ? existing : new Tab();
        tab.setText(page.title());
        tab.setId("side-" + page.id());
        tab.setClosable(false);
        MenuItem popOut = new MenuItem("Open in its own window");
        popOut.setOnAction(e -> popOut(page.id()));
        tab.setContextMenu(new ContextMenu(popOut));
        if (existing != null && existing.getContent() != null) built.put(page.id(), (Parent) existing.getContent());
        pages.put(page.id(), page);
        tabOf.put(page.id(), tab);
        if (!tabs.getTabs().contains(tab)) tabs.getTabs().add(tab);
        if (tabs.getSelectionModel().getSelectedItem() == tab) selected(tab);
        return tab;
    }

    public List<Page> pages() {
        return new ArrayList<>(pages.values());
    }

    /** Shows a page: brings its window to the front when popped out, else selects its tab. */
    public void show(String id) {
        Stage w = windows.get(id);
        if (w != null) {
            w.show();
            w.toFront();
            return;
        }
        tabs.getSelectionModel().select(tab(id));
        content(id);
    }

    /** The page's content, built now if it was not yet. */
    public Parent content(String id) {
        Page page = page(id);
        Parent p = built.get(id);
        if (p == null) {
            p = page.content().get();
            built.put(id, p);
            // a page wider than the side panel scrolls sideways instead of being cut off at the window's edge
            ScrollPane frame = new ScrollPane();
            frame.setFitToWidth(true);
            frame.setFitToHeight(true);
            frame.getStyleClass().add("side-page-frame");
            frames.put(id, frame);
            if (!windows.containsKey(id)) {
                frame.setContent(p);
                tab(id).setContent(frame);
            }
        }
        return p;
    }

    /** Moves the page into its own window (the tab keeps a note and a button that brings it back). */
    public Stage popOut(String id) {
        Stage existing = windows.get(id);
        if (existing != null) {
            existing.toFront();
            return existing;
        }
        Page page = page(id);
        Parent p = content(id);
        Tab tab = tab(id);
        tab.setContent(null);
        if (frames.containsKey(id)) frames.get(id).setContent(null);
        Button back = new Button("Bring it back here");
        Label note = new Label(page.title() + " is open in its own window.");
        note.setWrapText(true);
        VBox placeholder = new VBox(10, note, back);
        placeholder.setAlignment(Pos.TOP_LEFT);
        placeholder.getStyleClass().add("side-popped-out");
        tab.setContent(placeholder);
        Stage stage = new Stage();
        stage.setTitle("lanescope — " + page.title());
        Window w = owner.get();
        if (w != null) stage.initOwner(w);
        stage.setScene(Windows.sceneFittingScreen(p, page.windowWidth(), page.windowHeight()));
        windows.put(id, stage);
        back.setOnAction(e -> stage.close());
        stage.setOnHidden(e -> bringBack(id));
        stage.show();
        return stage;
    }

    private void bringBack(String id) {
        Stage stage = windows.remove(id);
        if (stage == null) return;
        Parent p = built.get(id);
        // a node belongs to one scene: hand the window an empty root before the tab takes the content back
        stage.getScene().setRoot(new VBox());
        ScrollPane frame = frames.get(id);
        if (frame != null) frame.setContent(p);
        tab(id).setContent(frame != null ? frame : p);
        tabs.getSelectionModel().select(tab(id));
    }

    /** The page in its own window, or null when it sits in its tab. */
    public Stage window(String id) {
        return windows.get(id);
    }

    /** The page whose tab is selected. */
    public String selectedId() {
        return shown;
    }

    /** Pops out the page whose tab is selected. */
    public Stage popOutSelected() {
        return shown == null ? null : popOut(shown);
    }

    private void selected(Tab tab) {
        String id = idOf(tab);
        if (id == null) return;
        if (shown != null && !split.getDividers().isEmpty()) shares.put(shown, 1 - split.getDividerPositions()[0]);
        shown = id;
        content(id);
        if (!split.getDividers().isEmpty()) {
            split.setDividerPositions(1 - shares.getOrDefault(id, page(id).share()));
        }
    }

    private String idOf(Tab tab) {
        for (Map.Entry<String, Tab> e : tabOf.entrySet()) {
            if (e.getValue() == tab) return e.getKey();
        }
        return null;
    }

    private Page page(String id) {
        Page p = pages.get(id);
        if (p == null) throw new IllegalArgumentException("no side panel page " + id);
        return p;
    }

    private Tab tab(String id) {
        return tabOf.get(id);
    }
}
