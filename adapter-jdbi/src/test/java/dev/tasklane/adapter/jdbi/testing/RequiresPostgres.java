package dev.tasklane.adapter.jdbi.testing;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a test class or method that needs the test PostgreSQL ({@link TestPostgres}). Without a reachable
 * database the class or method is skipped with the reason before any of its set-up runs, so no
 * {@code @BeforeEach}, {@code @BeforeAll} or teardown ever meets half-built fixtures; under {@code CI=true} it
 * fails instead. {@link TestPostgres} refuses to hand out the database to a test that lacks this annotation,
 * so a new PostgreSQL test cannot forget it. Tagged {@code postgres}, so that {@code .ci/run} can run exactly
 * these tests once more against an unreachable database.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Tag("postgres")
@ExtendWith(PostgresCondition.class)
public @interface RequiresPostgres {
}
