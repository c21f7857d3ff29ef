package dev.lanescope.ui.ceiling;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import javafx.scene.Parent;
import javafx.stage.Stage;
import javafx.stage.Window;

import dev.lanescope.analysis.ceiling.CapableLink;
import dev.lanescope.model.Bdf;
import dev.lanescope.ui.common.Views;
import dev.lanescope.ui.common.Windows;
import dev.lanescope.ui.session.OpenCapture;
import dev.lanescope.ui.session.Session;
import dev.lanescope.ui.session.Theme;
import dev.lanescope.ui.theme.Themes;

/**
 * The "Does the link matter?" window, opened from the main window. It follows the main window's selected card (or
 * its first GPU when none is selected): the link that card's path is capable of (never its trained link, which an
 * idle GPU drops), times the achievable factor, is the assumed rate until a receipt is opened or a rate typed.
 */
public final class CeilingWindow {

    private final CeilingViewModel vm;
    private final CeilingController controller;
    private final Parent root;
    private Stage stage;

    private CeilingWindow(Session session) {
        vm = new CeilingViewModel();
        Theme theme = session == null ? Theme.LIGHT : session.theme();
        CeilingController[] made = new CeilingController[1];
        Map<Class<?>, Supplier<?>> controllers = Map.of(CeilingController.class,
                () -> made[0] = new CeilingController(vm, theme));
        root = new Views(controllers).load(CeilingController.class);
        controller = made[0];
        Themes.follow(root, session == null ? null : session.themeProperty(), STYLESHEET);
        if (session != null) {
            Runnable follow = () -> vm.cardLinkProperty().set(cardLink(session).orElse(null));
            session.selectedProperty().addListener((o, a, b) -> follow.run());
            session.captureProperty().addListener((o, a, b) -> follow.run());
            follow.run();
        }
    }

    /** Opens (and shows) the panel in a window of its own; {@code session} may be null (no capture). */
    public static CeilingWindow open(Window owner, Session session) {
        CeilingWindow w = new CeilingWindow(session);
        w.stage = new Stage();
        w.stage.initOwner(owner);
        w.stage.setTitle("lanescope — Does the link matter?");
        w.stage.setScene(Windows.sceneFittingScreen(w.root, 1440, 940));
        w.stage.show();
        return w;
    }

    /** The panel without a window, for the main window's side panel; it follows the session's selected card. */
    public static CeilingWindow panel(Session session) {
        return new CeilingWindow(session);
    }

    public Parent root() {
        return root;
    }

    /** The panel's own window, or null when it is hosted in the main window's side panel. */
    public Stage stage() {
        return stage;
    }

    public CeilingViewModel viewModel() {
        return vm;
    }

    public CeilingController controller() {
        return controller;
    }

    /** The panel's own rules (colours through the palette's -ls-* variables), on the class path. */
    public static final String STYLESHEET = "css/ceiling.css";

    /** The URL of {@link #STYLESHEET}. */
    public static String stylesheet() {
        return Themes.url(STYLESHEET);
    }

    /**
     * The selected card's capable link, else the first GPU's: the narrowest capability on its path to the root
     * complex (the hop that caps host-to-device copies on a healthy boot), named after the card.
     */
    static Optional<CeilingViewModel.CardLink> cardLink(Session main) {
        OpenCapture l = main.capture();
        if (l == null) return Optional.empty();
        Bdf selected = main.selected();
        // an integrated GPU (on the root complex, no link) is skipped in favour of the first one behind a link
        for (Bdf card : selected != null ? List.of(selected) : main.gpus()) {
            Optional<CeilingViewModel.CardLink> c = cardLink(l, card);
            if (c.isPresent()) return c;
        }
        return Optional.empty();
    }

    private static Optional<CeilingViewModel.CardLink> cardLink(OpenCapture l, Bdf card) {
        Optional<CapableLink> c = CapableLink.of(l.topology(), card);
        if (c.isEmpty()) return Optional.empty();
        var f = l.topology().node(card).orElseThrow().function();
        String name = f.vendorDeviceName() == null ? "" : " " + shortName(f.vendorDeviceName());
        CapableLink k = c.get();
        String what = k.tunnel() == null ? k.capable().genText() : "the Thunderbolt/USB4 tunnel's PCIe budget";
        return Optional.of(new CeilingViewModel.CardLink(card + name, k.capable(), k.describe(), k.usableMbps(), what));
    }

    /** {@code NVIDIA Corporation TU117M [GeForce GTX 1650 Mobile]} → {@code GeForce GTX 1650 Mobile}. */
    static String shortName(String vendorDevice) {
        int a = vendorDevice.lastIndexOf('[');
        int b = vendorDevice.lastIndexOf(']');
        return a >= 0 && b > a ? vendorDevice.substring(a + 1, b) : vendorDevice;
    }
}
