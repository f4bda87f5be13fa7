package dev.tasklane.adapter.jdbi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.pool.HikariPool;
import java.net.ConnectException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Which failures {@link StartWait} waits out (the database is not reachable yet) and which it does not. */
class StartWaitTest {

    @Test
    void connectionExceptionsAreWaitedForAndRefusalsAreNot() {
        assertTrue(StartWait.unreachable(wrapped(new SQLException("Connection refused", "08001"))));
        assertTrue(StartWait.unreachable(wrapped(new SQLException("The connection attempt failed.", "08006"))));
        assertTrue(StartWait.unreachable(new RuntimeException(new ConnectException("Connection refused"))));
        assertFalse(StartWait.unreachable(wrapped(new SQLException("password authentication failed", "28P01"))));
        assertFalse(StartWait.unreachable(wrapped(new SQLException("database \"x\" does not exist", "3D000"))));
        assertFalse(StartWait.unreachable(new IllegalStateException("no cause")));
    }

    @Test
    void aRefusalIsThrownAfterOneAttemptAndAnUnreachableDatabaseIsTriedAgainUntilTheWaitEnds() {
        AtomicInteger attempts = new AtomicInteger();
        RuntimeException refusal = wrapped(new SQLException("password authentication failed", "28P01"));
        RuntimeException thrown = assertThrows(RuntimeException.class, () -> StartWait.open(new HikariConfig(),
                Duration.ofSeconds(30), config -> {
                    attempts.incrementAndGet();
                    throw refusal;
                }));
        assertSame(refusal, thrown);
        assertEquals(1, attempts.get());

        attempts.set(0);
        RuntimeException unreachable = wrapped(new SQLException("Connection refused", "08001"));
        assertThrows(RuntimeException.class, () -> StartWait.open(new HikariConfig(), Duration.ofMillis(1500),
                config -> {
                    attempts.incrementAndGet();
                    throw unreachable;
                }));
        assertTrue(attempts.get() >= 2, "tried again within the wait: " + attempts.get());
    }

    @Test
    void eachPoolMakesOneAttemptSoThatTheWaitingIsStartWaitsOwn() {
        HikariConfig config = new HikariConfig();
        config.setInitializationFailTimeout(60_000);
        assertThrows(RuntimeException.class, () -> StartWait.open(config, Duration.ZERO, c -> {
            throw wrapped(new SQLException("refused", "08001"));
        }));
        assertEquals(1, config.getInitializationFailTimeout());
    }

    private static RuntimeException wrapped(SQLException cause) {
        return new HikariPool.PoolInitializationException(cause);
    }
}
