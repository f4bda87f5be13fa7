package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.ConcurrentUpdateException;
import org.jdbi.v3.core.JdbiException;

import java.sql.SQLException;
import java.util.Set;

/**
 * Turns the database's "another transaction got in the way" failures into the port's
 * {@link ConcurrentUpdateException}, so that the use-case runner retries the whole use case; anything else is
 * rethrown as it is.
 */
final class SqlFailures {
    /** serialization_failure, deadlock_detected (PostgreSQL), lock timeout (H2), lock_not_available. */
    private static final Set<String> TRANSIENT = Set.of("40001", "40P01", "HYT00", "55P03");
    static final String UNIQUE_VIOLATION = "23505";

    private SqlFailures() {
    }

    static RuntimeException translate(JdbiException failure) {
        String state = sqlState(failure);
        if (state != null && TRANSIENT.contains(state)) {
            return new ConcurrentUpdateException("database state " + state);
        }
        return failure;
    }

    static String sqlState(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql && sql.getSQLState() != null) {
                return sql.getSQLState();
            }
        }
        return null;
    }
}
