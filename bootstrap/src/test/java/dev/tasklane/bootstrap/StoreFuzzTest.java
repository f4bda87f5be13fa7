package dev.tasklane.bootstrap;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.adapter.http.GeneratedFuzz;
import dev.tasklane.adapter.jdbi.Database;
import dev.tasklane.adapter.jdbi.JdbiStores;
import dev.tasklane.adapter.jdbi.testing.TestPostgres;
import dev.tasklane.application.service.Tasklane;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated hostile requests of {@link GeneratedFuzz} over the durable stores, H2 and PostgreSQL (the
 * in-memory run is adapter-http-javalin's {@code FuzzTest}): no 5xx, a refusal always says why, and a refused
 * request changes nothing in the database. Seed printed; replay with {@code -Dtasklane.fuzz.seed=}.
 */
class StoreFuzzTest {
    @Test
    void h2() {
        fuzz("H2", Database.h2Memory("tasklane-fuzz"));
    }

    @Test
    @RequiresPostgres
    void postgres() {
        fuzz("PostgreSQL", TestPostgres.freshSchema("store_fuzz"));
    }

    private static void fuzz(String store, Database database) {
        JdbiStores stores = JdbiStores.open(database);
        try {
            Tasklane tasklane = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions()).build();
            int budget = GeneratedFuzz.budget(GeneratedFuzz.STORE_REQUESTS);

            GeneratedFuzz.Result result = GeneratedFuzz.run(tasklane, GeneratedFuzz.seed(), budget);

            System.out.println(store + " " + result);
            assertEquals(budget, result.sent());
            assertTrue(result.refused() > 0 && result.accepted() > 0, result.toString());
            assertEquals(List.of(), result.failures().subList(0, Math.min(20, result.failures().size())),
                    store + " " + result);
        } finally {
            stores.close();
        }
    }
}
