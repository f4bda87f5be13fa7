package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.in.StoreUnavailableException;
import dev.tasklane.application.port.out.ConcurrentUpdateException;
import org.jdbi.v3.core.ConnectionException;
import org.jdbi.v3.core.JdbiException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How {@link SqlFailures} sorts a failure: "the database cannot be reached" (answered 503) apart from a collision
 * (retried) and from everything else (rethrown as it is), whatever depth of the cause chain says so.
 */
class SqlFailuresUnavailableTest {
    private static JdbiException wrapped(Throwable cause) {
        return new ConnectionException(new IllegalStateException("wrapper", cause));
    }

    @ParameterizedTest(name = "SQLSTATE {0} is unavailability")
    @ValueSource(strings = {"08001", "08003", "08006", "57P01", "57P02", "57P03", "53300", "57014"})
    void connectionShutdownAndTimeoutStatesAreUnavailable(String state) {
        RuntimeException translated = SqlFailures.translate(wrapped(new SQLException("refused\nsecond line", state)));
        StoreUnavailableException unavailable = assertInstanceOf(StoreUnavailableException.class, translated);
        assertTrue(unavailable.reason().contains(state), unavailable.reason());
        assertTrue(!unavailable.reason().contains("second line"), "one line of the driver's message: " + unavailable.reason());
    }

    @Test
    void thePoolsTimeoutAndSocketFailuresAreUnavailable() {
        assertInstanceOf(StoreUnavailableException.class, SqlFailures.translate(wrapped(
                new SQLTransientConnectionException("tasklane-postgres - Connection is not available"))));
        assertInstanceOf(StoreUnavailableException.class, SqlFailures.translate(wrapped(
                new SQLException("I/O", null, new SocketTimeoutException("Read timed out")))));
        assertInstanceOf(StoreUnavailableException.class, SqlFailures.translate(wrapped(
                new ConnectException("Connection refused"))));
    }

    @ParameterizedTest(name = "SQLSTATE {0} is a collision")
    @ValueSource(strings = {"40001", "40P01", "HYT00", "55P03"})
    void collisionsStayCollisions(String state) {
        assertInstanceOf(ConcurrentUpdateException.class, SqlFailures.translate(wrapped(new SQLException("x", state))));
    }

    @Test
    void otherFailuresAreRethrownUnlessTheConnectionWasLost() {
        JdbiException syntax = wrapped(new SQLException("syntax error", "42601"));
        assertSame(syntax, SqlFailures.translate(syntax));
        JdbiException closed = wrapped(new SQLException("Connection is closed"));
        assertSame(closed, SqlFailures.translate(closed, false));
        assertInstanceOf(StoreUnavailableException.class, SqlFailures.translate(closed, true),
                "a failure after which the unit of work's connection was found closed");
    }
}
