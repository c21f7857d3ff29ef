package dev.lanescope.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layer rule of the README: model, parse, capture, analysis, layout and probe never touch JavaFX or the
 * window; only ui (and the PNG part of export) may.
 */
class LayeringTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importMain() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.lanescope");
    }

    @Test
    void coreLayersDoNotUseJavaFx() {
        noClasses().that().resideInAnyPackage("dev.lanescope.model..", "dev.lanescope.parse..",
                        "dev.lanescope.capture..", "dev.lanescope.analysis..", "dev.lanescope.layout..",
                        "dev.lanescope.probe..", "dev.lanescope.cli..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..", "dev.lanescope.ui..")
                .allowEmptyShould(false)
                .check(classes);
    }

    @Test
    void modelDependsOnNoOtherLayer() {
        noClasses().that().resideInAPackage("dev.lanescope.model..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.lanescope.parse..", "dev.lanescope.capture..",
                        "dev.lanescope.analysis..", "dev.lanescope.layout..", "dev.lanescope.probe..",
                        "dev.lanescope.export..", "dev.lanescope.cli..", "dev.lanescope.ui..")
                .allowEmptyShould(false)
                .check(classes);
    }

    @Test
    void onlyThePngPartOfExportUsesJavaFx() {
        noClasses().that().resideInAPackage("dev.lanescope.export..")
                .and().haveSimpleNameNotStartingWith("Png")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..")
                .allowEmptyShould(true)
                .check(classes);
    }
}
