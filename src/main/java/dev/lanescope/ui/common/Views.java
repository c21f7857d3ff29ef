package dev.lanescope.ui.common;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.Map;
import java.util.function.Supplier;

import javafx.fxml.FXMLLoader;
import javafx.scene.Parent;

/**
 * Loads the FXML that belongs to a controller ({@code fxml/<package path>/<Name>.fxml} for {@code NameController})
 * with a controller factory, so controllers take their view-models through the constructor.
 */
public final class Views {

    private final Map<Class<?>, Supplier<?>> controllers;

    public Views(Map<Class<?>, Supplier<?>> controllers) {
        this.controllers = Map.copyOf(controllers);
    }

    /** Loads the view of {@code controllerType} and returns its root; the controller is built by the factory. */
    public Parent load(Class<?> controllerType) {
        String name = controllerType.getSimpleName().replaceFirst("Controller$", "");
        String path = "/" + controllerType.getPackageName().replace('.', '/') + "/" + name + ".fxml";
        URL url = controllerType.getResource(path);
        if (url == null) throw new IllegalStateException("no FXML at " + path + " for " + controllerType.getName());
        FXMLLoader loader = new FXMLLoader(url, null, null, this::construct);
        try {
            return loader.load();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot load " + path, e);
        }
    }

    private Object construct(Class<?> type) {
        Supplier<?> s = controllers.get(type);
        if (s == null) throw new IllegalStateException("no controller factory entry for " + type.getName());
        return s.get();
    }
}
