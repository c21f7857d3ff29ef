package dev.lanescope.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import dev.lanescope.model.PciFunction;

/**
 * What a device is and who made it have one home each: {@code model.DeviceKind} and {@code model.Vendor}
 * (docs/RULES.md §8). The rules, the layout and the window never read a function's PCI class code or vendor and device
 * ids themselves; only the readers and writers of the raw record (model, parse, capture, export, fleet) do. The two
 * tables keyed by vendor:device ids (the kernel's peer-to-peer host-bridge list, the cards with published memory
 * figures) match a function through {@code model.PciId}, so no class here is exempt.
 */
class IdentityRulesTest {

    @Test
    void classCodesAndVendorIdsAreReadOnlyInTheirHomes() {
        JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.lanescope.analysis", "dev.lanescope.layout", "dev.lanescope.ui",
                        "dev.lanescope.pipeline", "dev.lanescope.probe", "dev.lanescope.cli");
        noClasses().should().callMethod(PciFunction.class, "classCode")
                .orShould().callMethod(PciFunction.class, "vendorId")
                .orShould().callMethod(PciFunction.class, "deviceId")
                .because("a device's kind and vendor are read in model.DeviceKind and model.Vendor")
                .check(classes);
    }
}
