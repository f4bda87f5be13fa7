package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.adapter.jdbi.testing.TcpProxy;
import dev.tasklane.adapter.jdbi.testing.TestPostgres;
import dev.tasklane.application.port.in.StoreUnavailableException;
import dev.tasklane.application.port.out.ConcurrentUpdateException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JDBI stores on PostgreSQL when the database misbehaves, through a {@link TcpProxy} that can stall the network:
 * a stall fails a unit of work with {@link StoreUnavailableException} within the timeouts instead of hanging, the
 * same stores work again once the network flows (no restart, no new pool), a statement past
 * {@code statement_timeout} is "unavailable" too, and a lock not granted within {@code lock_timeout} is a collision
 * ({@link ConcurrentUpdateException}) that the use-case runner retries. Durations are printed, and only a generous
 * bound is asserted. The tests share one pool: each leaves the network flowing and the pool usable.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@RequiresPostgres
class PostgresOutageTest {
    private static final DatabaseTimeouts SHORT =
            new DatabaseTimeouts(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(1));
    private static final Duration GENEROUS = Duration.ofSeconds(30);
    private static final Pattern HOST_PORT = Pattern.compile("//([^:/]+)(?::(\\d+))?/");

    private Database direct;
    private TcpProxy proxy;
    private JdbiStores stores;

    @BeforeAll
    void openThroughAProxy() throws Exception {
        direct = TestPostgres.freshSchema("outage_store");
        Matcher address = HOST_PORT.matcher(direct.url());
        assertTrue(address.find(), direct.url());
        proxy = TcpProxy.to(address.group(1), address.group(2) == null ? 5432 : Integer.parseInt(address.group(2)));
        stores = JdbiStores.open(new Database(proxy.jdbcUrlThrough(direct.url()), direct.user(), direct.password(), 4),
                SHORT);
    }

    @AfterAll
    void close() {
        if (stores != null) {
            stores.close();
        }
        if (proxy != null) {
            proxy.close();
        }
    }

    private JdbiTransactions transactions() {
        return (JdbiTransactions) stores.transactions();
    }

    private int ping() {
        return transactions().withHandle(handle -> handle.createQuery("SELECT 1").mapTo(Integer.class).one());
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void aNetworkStallFailsFastAsUnavailableAndTheSameStoresRecover() throws Exception {
        assertEquals(1, ping());
        proxy.pause();
        long slowest = 0;
        for (int attempt = 0; attempt < 3; attempt++) {
            long started = System.nanoTime();
            StoreUnavailableException refused = assertThrows(StoreUnavailableException.class, this::ping);
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            slowest = Math.max(slowest, millis);
            System.out.println("PostgresOutageTest: stalled unit of work " + attempt + " failed after " + millis
                    + " ms: " + refused.reason());
        }
        assertTrue(slowest < GENEROUS.toMillis(), "failed within " + GENEROUS + ", slowest " + slowest + " ms");

        proxy.resume();
        long resumed = System.nanoTime();
        Integer answer = null;
        while (answer == null && System.nanoTime() - resumed < GENEROUS.toNanos()) {
            try {
                answer = ping();
            } catch (StoreUnavailableException stillRecovering) {
                Thread.sleep(100); // polling, with the deadline above
            }
        }
        long recovered = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - resumed);
        System.out.println("PostgresOutageTest: the same stores answered " + recovered + " ms after the stall ended");
        assertEquals(1, answer, "the stores recovered within " + GENEROUS);
    }

    @Test
    void aStatementPastItsTimeoutIsUnavailable() {
        StoreUnavailableException refused = assertThrows(StoreUnavailableException.class, () -> transactions()
                .withHandle(handle -> handle.createQuery("SELECT pg_sleep(30)").mapTo(String.class).one()));
        assertTrue(refused.reason().contains("57014"), refused.reason());
        assertEquals(1, ping(), "the connection is usable again");
    }

    @Test
    void aLockNotGrantedWithinTheLockTimeoutIsACollision() throws Exception {
        try (Connection holder = DriverManager.getConnection(direct.url(), direct.user(), direct.password());
             Statement statement = holder.createStatement()) {
            holder.setAutoCommit(false);
            statement.execute("LOCK TABLE boards IN ACCESS EXCLUSIVE MODE");
            ConcurrentUpdateException collided = assertThrows(ConcurrentUpdateException.class, () -> transactions()
                    .withHandle(handle -> handle.createQuery("SELECT count(*) FROM boards").mapTo(Long.class).one()));
            assertTrue(collided.getMessage().contains("55P03"), collided.getMessage());
            holder.rollback();
        }
        assertEquals(1, ping());
    }
}
