package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.ConcurrentUpdateException;
import dev.tasklane.application.port.in.StoreUnavailableException;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.InvalidInputException;
import org.jdbi.v3.core.JdbiException;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.util.Set;

/**
 * Turns database failures into the errors a caller can act on: "another transaction got in the way" becomes the
 * port's {@link ConcurrentUpdateException}, so that the use-case runner retries the whole use case; "the database
 * cannot be reached" (no pooled connection in time, a lost or refused connection, a server shutting down, a
 * statement timeout) becomes {@link StoreUnavailableException}, which the HTTP edge answers with 503; a unique
 * constraint violation (two requests creating the same name at once) becomes a {@link ConflictException} (409);
 * any other integrity or data failure (a value the column cannot hold) becomes an {@link InvalidInputException}
 * (422), so that no such failure is ever answered as a server error. Anything else is rethrown as it is.
 */
final class SqlFailures {
    /** serialization_failure, deadlock_detected (PostgreSQL), lock timeout (H2), lock_not_available. */
    private static final Set<String> TRANSIENT = Set.of("40001", "40P01", "HYT00", "55P03");
    static final String UNIQUE_VIOLATION = "23505";
    /** Connection exceptions are the SQLSTATE class 08. */
    private static final String CONNECTION_CLASS = "08";
    /**
     * admin_shutdown, crash_shutdown, cannot_connect_now (PostgreSQL restarting), too_many_connections,
     * query_canceled (the statement timeout), database closed (H2).
     */
    private static final Set<String> UNAVAILABLE = Set.of("57P01", "57P02", "57P03", "53300", "57014", "90098");
    /** SQLSTATE classes 22 (data exception: too long, out of range) and 23 (integrity constraint violation). */
    private static final Set<String> REFUSED_CLASSES = Set.of("22", "23");

    private SqlFailures() {
    }

    static RuntimeException translate(JdbiException failure) {
        return translate(failure, false);
    }

    /**
     * @param connectionLost the unit of work's connection was found closed after the failure: the database went
     *                       away, whatever the failure says
     */
    static RuntimeException translate(JdbiException failure, boolean connectionLost) {
        String state = sqlState(failure);
        if (state != null && TRANSIENT.contains(state)) {
            return new ConcurrentUpdateException("database state " + state);
        }
        String unavailable = unavailability(failure);
        if (unavailable != null) {
            return new StoreUnavailableException(unavailable);
        }
        if (connectionLost) {
            return new StoreUnavailableException("the connection was lost: " + reason(failure));
        }
        if (state == null) {
            return failure;
        }
        if (UNIQUE_VIOLATION.equals(state)) {
            return new ConflictException("conflict", "Another request created the same thing at the same time ("
                    + "database state " + state + "); read the current state and retry if it is still needed.");
        }
        if (state.length() == 5 && REFUSED_CLASSES.contains(state.substring(0, 2))) {
            return new InvalidInputException("invalid_value", "The store refused a value of the request (database state "
                    + state + "); see docs/api.md for the length limits of each field.", new ErrorDetails.SqlState(state));
        }
        return failure;
    }

    /** Why the database is unreachable, when {@code failure} says it is; null for any other failure. */
    static String unavailability(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLTransientConnectionException || cause instanceof SQLNonTransientConnectionException
                    || cause instanceof ConnectException || cause instanceof SocketTimeoutException) {
                return reason(cause);
            }
            if (cause instanceof SQLException sql && sql.getSQLState() != null
                    && (sql.getSQLState().startsWith(CONNECTION_CLASS) || UNAVAILABLE.contains(sql.getSQLState()))) {
                return reason(sql) + ", state " + sql.getSQLState();
            }
        }
        return null;
    }

    private static String reason(Throwable cause) {
        String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        // the driver's first line says what failed; later lines may carry the server's details
        int end = message.indexOf('\n');
        return end < 0 ? message : message.substring(0, end);
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
