package dev.tasklane.adapter.http;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/** The HTTP adapter drives the application through its inbound ports only. */
class ArchitectureTest {
    private final JavaClasses production = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.tasklane.adapter.http");

    @Test
    void dependsOnPortsAndDomainOnly() {
        noClasses().that().resideInAPackage("dev.tasklane.adapter.http..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.tasklane.application.service..",
                        "dev.tasklane.adapter.inmemory..", "dev.tasklane.adapter.jdbi..", "dev.tasklane.bootstrap..")
                .check(production);
    }

    @Test
    void writesNoConsoleOutput() {
        noClasses().that().resideInAPackage("dev.tasklane.adapter.http..")
                .should().accessField(System.class, "out").orShould().accessField(System.class, "err")
                .check(production);
    }
}
