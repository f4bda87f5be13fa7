package dev.tasklane.adapter.jdbi.testing;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A test that reaches for the test PostgreSQL without {@link RequiresPostgres} is refused, with or without a
 * database: the annotation is what skips it before its set-up runs on a machine without one.
 */
class RequiresPostgresTest {
    @Test
    void aTestWithoutTheAnnotationIsNotHandedTheDatabase() {
        IllegalStateException refused = assertThrows(IllegalStateException.class, TestPostgres::database);
        assertTrue(refused.getMessage().contains("@RequiresPostgres"), refused.getMessage());
        assertThrows(IllegalStateException.class, TestPostgres::reachable);
        assertThrows(IllegalStateException.class, () -> TestPostgres.freshSchema("not_granted"));
    }
}
