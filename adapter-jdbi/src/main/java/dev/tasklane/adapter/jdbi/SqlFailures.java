package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.ConcurrentUpdateException;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.InvalidInputException;
import org.jdbi.v3.core.JdbiException;

import java.sql.SQLException;
import java.util.Map;
import java.util.Set;

/**
 * Turns database failures into the errors a caller can act on: "another transaction got in the way" becomes the
 * port's {@link ConcurrentUpdateException}, so that the use-case runner retries the whole use case; a unique
 * constraint violation (two requests creating the same name at once) becomes a {@link ConflictException} (409);
 * any other integrity or data failure (a value the column cannot hold) becomes an {@link InvalidInputException}
 * (422), so that no such failure is ever answered as a server error. Anything else is rethrown as it is.
 */
final class SqlFailures {
    /** serialization_failure, deadlock_detected (PostgreSQL), lock timeout (H2), lock_not_available. */
    private static final Set<String> TRANSIENT = Set.of("40001", "40P01", "HYT00", "55P03");
    static final String UNIQUE_VIOLATION = "23505";
    /** SQLSTATE classes 22 (data exception: too long, out of range) and 23 (integrity constraint violation). */
    private static final Set<String> REFUSED_CLASSES = Set.of("22", "23");

    private SqlFailures() {
    }

    static RuntimeException translate(JdbiException failure) {
        String state = sqlState(failure);
        if (state == null) {
            return failure;
        }
        if (TRANSIENT.contains(state)) {
            return new ConcurrentUpdateException("database state " + state);
        }
        if (UNIQUE_VIOLATION.equals(state)) {
            return new ConflictException("conflict", "Another request created the same thing at the same time ("
                    + "database state " + state + "); read the current state and retry if it is still needed.");
        }
        if (state.length() == 5 && REFUSED_CLASSES.contains(state.substring(0, 2))) {
            return new InvalidInputException("invalid_value", "The store refused a value of the request (database state "
                    + state + "); see docs/api.md for the length limits of each field.", Map.of("sqlstate", state));
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
