package dev.tasklane.adapter.http;

import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.application.service.Tasklane;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link GeneratedFuzz} over the in-memory store: {@value GeneratedFuzz#CI_REQUESTS} generated requests (override
 * with {@code -Dtasklane.fuzz.requests}), seed printed, replay with {@code -Dtasklane.fuzz.seed}. The JDBI stores
 * run the same generator from bootstrap's {@code StoreFuzzTest}.
 */
class FuzzTest {
    @Test
    void generatedHostileBodiesNeverFailTheServerNorChangeTheBoardWhenRefused() {
        InMemoryStores stores = InMemoryStores.create();
        Tasklane tasklane = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions()).build();
        int budget = GeneratedFuzz.budget(GeneratedFuzz.CI_REQUESTS);

        GeneratedFuzz.Result result = GeneratedFuzz.run(tasklane, GeneratedFuzz.seed(), budget);

        System.out.println("in-memory " + result);
        report("in-memory " + result);
        assertEquals(budget, result.sent());
        assertTrue(result.refused() > 0 && result.accepted() > 0, result.toString());
        assertEquals(List.of(), result.failures().subList(0, Math.min(20, result.failures().size())), result.toString());
    }

    private static void report(String line) {
        try {
            java.nio.file.Files.writeString(java.nio.file.Path.of("target", "fuzz-report.txt"), line + System.lineSeparator());
        } catch (java.io.IOException unwritable) {
            throw new java.io.UncheckedIOException(unwritable);
        }
    }
}
