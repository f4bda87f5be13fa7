package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tasklane.adapter.jdbi.testing.TcpProxy;
import dev.tasklane.adapter.jdbi.testing.TestPostgres;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Opening the stores waits for PostgreSQL for {@link DatabaseTimeouts#start()}, trying the first connection again
 * after each attempt that missed the (short) connect timeout, instead of failing the start at the first miss; with a
 * wait shorter than one attempt it fails as before. The database is reached through a {@link TcpProxy} held paused,
 * so that attempts time out, until the proxy has seen a second attempt: no sleeping, no timing asserted. A database
 * that answers and refuses (a wrong password) is not waited for: one attempt, then the database's own message.
 */
@RequiresPostgres
class PostgresStartWaitTest {
    private static final Pattern HOST_PORT = Pattern.compile("//([^:/]+)(?::(\\d+))?/");
    private static final Duration CONNECT = Duration.ofSeconds(1);

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aStartWaitsForTheDatabaseBeyondItsFirstMissedConnectTimeout() throws Exception {
        Database direct = TestPostgres.freshSchema("start_wait");
        try (TcpProxy proxy = proxyTo(direct)) {
            proxy.pause();
            DatabaseTimeouts timeouts = waitingUpTo(Duration.ofSeconds(45));
            CompletableFuture<JdbiStores> opening = CompletableFuture.supplyAsync(() -> JdbiStores.open(
                    through(proxy, direct, direct.password()), timeouts));
            while (proxy.accepted() < 2 && !opening.isDone()) {
                Thread.sleep(10); // polling the proxy's count, bounded by the test's timeout
            }
            assertTrue(proxy.accepted() >= 2, "a second attempt after the first missed its connect timeout");
            proxy.resume();
            try (JdbiStores stores = opening.get(50, TimeUnit.SECONDS)) {
                int one = ((JdbiTransactions) stores.transactions())
                        .withHandle(handle -> handle.createQuery("SELECT 1").mapTo(Integer.class).one());
                assertEquals(1, one);
            }
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aWaitShorterThanOneAttemptFailsTheStartAtTheFirstMiss() throws Exception {
        Database direct = TestPostgres.freshSchema("start_wait");
        try (TcpProxy proxy = proxyTo(direct)) {
            proxy.pause();
            DatabaseTimeouts timeouts = waitingUpTo(Duration.ofMillis(1));
            RuntimeException failed = assertThrows(RuntimeException.class, () -> JdbiStores.open(
                    through(proxy, direct, direct.password()), timeouts));
            assertEquals(1, proxy.accepted(), "one attempt: " + failed);
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aDatabaseThatRefusesTheLoginFailsTheStartAtOnceDespiteALongWait() throws Exception {
        Database direct = TestPostgres.freshSchema("start_wait");
        try (TcpProxy proxy = proxyTo(direct)) {
            DatabaseTimeouts timeouts = waitingUpTo(Duration.ofSeconds(45));
            RuntimeException failed = assertThrows(RuntimeException.class, () -> JdbiStores.open(
                    through(proxy, direct, direct.password() + "-wrong"), timeouts));
            assertEquals(1, proxy.accepted(), "one attempt, not a wait of 45 s: " + failed);
            assertTrue(String.valueOf(failed.getMessage()).contains("password"),
                    "the database's own message: " + failed.getMessage());
        }
    }

    /** A short connect timeout, so that a paused proxy makes attempts fail, and the start wait under test. */
    private static DatabaseTimeouts waitingUpTo(Duration start) {
        return new DatabaseTimeouts(CONNECT, Duration.ofSeconds(5), Duration.ofSeconds(1)).withStart(start);
    }

    private static Database through(TcpProxy proxy, Database direct, String password) {
        return new Database(proxy.jdbcUrlThrough(direct.url()), direct.user(), password, 2);
    }

    private static TcpProxy proxyTo(Database direct) throws Exception {
        Matcher address = HOST_PORT.matcher(direct.url());
        assertTrue(address.find(), direct.url());
        return TcpProxy.to(address.group(1), address.group(2) == null ? 5432 : Integer.parseInt(address.group(2)));
    }
}
