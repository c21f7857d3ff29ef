package dev.lanescope.arch;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layer drawing of the README, as rules: who may use whom, no package cycles, and JavaFX only in the
 * window (ui), which also holds the drawing the PNG export reuses.
 */
class LayeringTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importMain() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.lanescope");
    }

    @Test
    void layersUseOnlyTheLayersBelowThem() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("ui").definedBy("dev.lanescope.ui..")
                .layer("cli").definedBy("dev.lanescope.cli..")
                .layer("export").definedBy("dev.lanescope.export..")
                .layer("fleet").definedBy("dev.lanescope.fleet..")
                .layer("pipeline").definedBy("dev.lanescope.pipeline..")
                .layer("probe").definedBy("dev.lanescope.probe..")
                .layer("capture").definedBy("dev.lanescope.capture..")
                .layer("parse").definedBy("dev.lanescope.parse..")
                .layer("analysis").definedBy("dev.lanescope.analysis..")
                .layer("layout").definedBy("dev.lanescope.layout..")
                .layer("model").definedBy("dev.lanescope.model..")
                .whereLayer("ui").mayNotBeAccessedByAnyLayer()
                .whereLayer("cli").mayNotBeAccessedByAnyLayer()
                .whereLayer("export").mayOnlyBeAccessedByLayers("cli", "ui")
                .whereLayer("fleet").mayOnlyBeAccessedByLayers("cli", "ui")
                .whereLayer("pipeline").mayOnlyBeAccessedByLayers("fleet", "cli", "ui")
                .whereLayer("probe").mayOnlyBeAccessedByLayers("pipeline", "cli", "ui")
                .whereLayer("capture").mayOnlyBeAccessedByLayers("pipeline", "fleet", "cli", "ui")
                .whereLayer("parse").mayOnlyBeAccessedByLayers("capture", "probe", "fleet", "export", "cli", "ui")
                .whereLayer("layout").mayOnlyBeAccessedByLayers("export", "ui")
                .whereLayer("analysis").mayOnlyBeAccessedByLayers("probe", "pipeline", "fleet", "export", "cli", "ui")
                .whereLayer("model").mayOnlyBeAccessedByLayers("parse", "capture", "analysis", "layout", "probe",
                        "pipeline", "fleet", "export", "cli", "ui")
                .check(classes);
    }

    @Test
    void noPackageCycles() {
        slices().matching("dev.lanescope.(*)..").should().beFreeOfCycles().check(classes);
    }

    /** The window's rooms form a tree: no two of ui's sub-packages use each other, however indirectly. */
    @Test
    void windowRoomsAreFreeOfCycles() {
        slices().matching("dev.lanescope.ui.(*)..").should().beFreeOfCycles().check(classes);
    }

    /** The analysis's sub-packages (ceiling, ladder, scaling and the rest) do not use each other in a circle. */
    @Test
    void analysisAreasAreFreeOfCycles() {
        slices().matching("dev.lanescope.analysis.(*)..").should().beFreeOfCycles().check(classes);
    }

    /**
     * The session (open capture, selection, evidence, theme) belongs to no one window: it uses no ui package but the
     * shared presentation model and helpers, and only the main window's room and the launcher use the main window.
     */
    @Test
    void theSessionIsOutsideEveryWindow() {
        noClasses().that().resideInAPackage("dev.lanescope.ui.session..")
                .should().dependOnClassesThat(resideInAPackage("dev.lanescope.ui..")
                        .and(not(resideInAnyPackage("dev.lanescope.ui.session..", "dev.lanescope.ui.model..",
                                "dev.lanescope.ui.common.."))))
                .check(classes);
        noClasses().that().resideInAPackage("dev.lanescope.ui.*..")
                .and().resideOutsideOfPackage("dev.lanescope.ui.main..")
                .should().dependOnClassesThat().resideInAPackage("dev.lanescope.ui.main..")
                .check(classes);
    }

    @Test
    void onlyTheWindowUsesJavaFx() {
        noClasses().that().resideInAnyPackage("dev.lanescope.model..", "dev.lanescope.parse..",
                        "dev.lanescope.capture..", "dev.lanescope.analysis..", "dev.lanescope.layout..",
                        "dev.lanescope.probe..", "dev.lanescope.pipeline..", "dev.lanescope.fleet..",
                        "dev.lanescope.export..",
                        "dev.lanescope.cli..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..", "com.sun.javafx..",
                        "com.sun.glass..", "dev.lanescope.ui..")
                .allowEmptyShould(false)
                .check(classes);
    }
}
