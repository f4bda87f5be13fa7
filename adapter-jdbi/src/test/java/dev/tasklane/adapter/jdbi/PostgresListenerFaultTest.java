package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.port.in.EventStreamUseCase.Delivery;
import dev.tasklane.application.port.in.EventStreamUseCase.Event;
import dev.tasklane.application.port.in.EventStreamUseCase;
import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.service.EventBus;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.BoardFixture;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.validation.CompletionMode;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import static dev.tasklane.application.usecase.BoardFixture.id;
import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fault injection on the LISTEN connection: server B's listener backend is terminated with
 * {@code pg_terminate_backend} (found by the application_name the relay sets, so no other backend is touched)
 * and server A commits events at once, whose notifications find no listener of B's. B's bus polls only once an
 * hour here, so B's subscriber can only receive those events if the relay notices the dead connection,
 * reconnects and catches up from the outbox. Checked: every event arrives, in order, exactly once; the listener
 * is a new backend. The seconds to recover are printed (a figure, not a pass/fail condition).
 *
 * <p>The notifications come from the outbox, in the transaction that appends the events (docs/operations.md,
 * "Events: what is guaranteed"): the first events reach B through them alone, and a rolled-back append notifies no one.
 */
@RequiresPostgres
final class PostgresListenerFaultTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void aTerminatedListenerReconnectsAndCatchesUpFromTheOutbox() throws Exception {
        JdbiStores storesA = TestDatabases.postgres();
        BoardFixture serverA = new BoardFixture(set(storesA), CompletionMode.GRACE);
        // server B: stores of its own on the same database, with a relay (server A runs none, so it announces)
        JdbiStores stores = JdbiStores.open(storesA.database().withPoolSize(2));
        PostgresEventRelay[] relay = new PostgresEventRelay[1];
        Tasklane serverB = BoardFixture.builder(set(stores))
                .eventSettings(new EventBus.Settings(1_000, Duration.ofHours(1), 500)).build();
        relay[0] = PostgresEventRelay.start(stores, serverB.eventBus()::committed, Duration.ofMillis(500));
        try (stores; EventStreamUseCase.Subscription subscription = serverB.events().subscribe(serverA.boardId, null)) {
            List<String> written = new ArrayList<>();
            List<String> received = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                written.add(id(serverA.create(serverA.admin, task("notified " + i))));
            }
            receive(subscription, 3, received);

            int before = relay[0].connections();
            int pid = listenerPid(stores.database(), relay[0].applicationName());
            long terminatedAt = System.nanoTime();
            terminate(stores.database(), pid);
            for (int i = 0; i < 5; i++) {
                written.add(id(serverA.create(serverA.admin, task("unnotified " + i))));
            }
            receive(subscription, 5, received);
            double seconds = (System.nanoTime() - terminatedAt) / 1e9;
            System.out.printf("PostgresListenerFaultTest: listener pid %d terminated; 5 events committed meanwhile delivered "
                    + "%.2f s later after reconnecting; lost 0%n", pid, seconds);
            // the relay wakes its subscribers as soon as it sees the loss, and reconnects right after
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (relay[0].connections() <= before && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(relay[0].connections() > before, "the relay reconnected");
            assertNotEquals(pid, listenerPid(stores.database(), relay[0].applicationName()), "a new listener backend");

            for (int i = 0; i < 2; i++) {
                written.add(id(serverA.create(serverA.admin, task("after recovery " + i))));
            }
            receive(subscription, 2, received);
            assertEquals(written, received, "every event, in order, exactly once");
        } finally {
            relay[0].close();
            serverB.eventBus().close();
            serverA.app.eventBus().close();
        }
    }

    @Test
    void theOutboxNotifiesWithItsCommitOnly() throws Exception {
        JdbiStores stores = TestDatabases.postgres();
        Database database = stores.database();
        try (Connection listener = DriverManager.getConnection(database.url(), database.user(), database.password())) {
            try (Statement listen = listener.createStatement()) {
                listen.execute("LISTEN " + PostgresEventRelay.CHANNEL);
            }
            TaskEvent event = new TaskEvent(0, BoardId.of(1), "task_created", TaskId.of(1), "W1", "OPEN", "Ready", null, "agent", Instant.now());
            assertThrows(IllegalStateException.class, () -> stores.transactions().inTransaction(() -> {
                stores.events().append(List.of(event));
                throw new IllegalStateException("roll back");
            }));
            long last = stores.transactions().inTransaction(() -> stores.events().append(List.of(event, event)))
                    .get(1).sequence();
            PGNotification[] received = listener.unwrap(PGConnection.class).getNotifications((int) WAIT.toMillis());
            assertEquals(1, received.length, "one notification, from the committed append only");
            assertEquals(Long.toString(last), received[0].getParameter(), "it names the last number committed");
        }
    }

    /**
     * A server alone announces nothing: no other listener, so its commits send no {@code NOTIFY}. Once another
     * server's listener connects and announces itself, the first server's commits are announced again, and when that
     * listener is gone, they stop within the check interval. "Nothing was sent" is checked by order, not by waiting:
     * notifications arrive in commit order, so a marker notified after the quiet commit must arrive first.
     */
    @Test
    void aServerAloneAnnouncesNothingUntilAnotherListens() throws Exception {
        JdbiStores stores = TestDatabases.postgres();
        Database database = stores.database();
        TaskEvent event = new TaskEvent(0, BoardId.of(1), "task_created", TaskId.of(1), "W1", "OPEN", "Ready", null, "agent", Instant.now());
        PostgresEventRelay relay = PostgresEventRelay.start(stores, last -> { }, Duration.ofMillis(200));
        try (Connection observer = DriverManager.getConnection(database.url(), database.user(), database.password())) {
            try (Statement listen = observer.createStatement()) {
                listen.execute("LISTEN " + PostgresEventRelay.CHANNEL);
            }
            awaitOthersListening(stores, false);
            stores.transactions().inTransaction(() -> stores.events().append(List.of(event)));
            notifyMarker(database);
            PGNotification[] first = observer.unwrap(PGConnection.class).getNotifications((int) WAIT.toMillis());
            assertEquals("marker", first[0].getParameter(), "the quiet commit sent no notification before the marker");

            Properties named = new Properties();
            named.setProperty("user", database.user());
            named.setProperty("password", database.password());
            named.setProperty("ApplicationName", "tasklane-events-peer");
            try (Connection peer = DriverManager.getConnection(database.url(), named);
                 Statement announce = peer.createStatement()) {
                announce.execute("LISTEN " + PostgresEventRelay.CHANNEL);
                announce.execute("SELECT pg_notify('" + PostgresEventRelay.CHANNEL + "', '0')");
                awaitOthersListening(stores, true);
                long last = stores.transactions().inTransaction(() -> stores.events().append(List.of(event))).get(0).sequence();
                List<String> payloads = new ArrayList<>();
                while (!payloads.contains(Long.toString(last))) {
                    PGNotification[] received = observer.unwrap(PGConnection.class).getNotifications((int) WAIT.toMillis());
                    assertTrue(received != null && received.length > 0, "the commit is announced once another listens");
                    for (PGNotification notification : received) {
                        payloads.add(notification.getParameter());
                    }
                }
            }
            awaitOthersListening(stores, false);
        } finally {
            relay.close();
        }
        assertTrue(stores.othersListening(), "without a relay, the stores announce");
    }

    private static void awaitOthersListening(JdbiStores stores, boolean expected) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (stores.othersListening() != expected && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(expected, stores.othersListening(), "the relay's count of the other listeners");
    }

    private static void notifyMarker(Database database) throws SQLException {
        try (Connection connection = DriverManager.getConnection(database.url(), database.user(), database.password());
             Statement marker = connection.createStatement()) {
            marker.execute("SELECT pg_notify('" + PostgresEventRelay.CHANNEL + "', 'marker')");
        }
    }

    private static StoreSet set(JdbiStores stores) {
        return new StoreSet(stores.tasks(), stores.directory(), stores.transactions(), stores.events());
    }

    private static void receive(EventStreamUseCase.Subscription subscription, int count, List<String> into)
            throws InterruptedException {
        for (int i = 0; i < count; i++) {
            Delivery next = subscription.poll(WAIT);
            TaskEvent event = assertInstanceOf(Event.class, next, "event " + (into.size() + 1) + " arrives").event();
            into.add(event.identifier());
        }
    }

    private static int listenerPid(Database database, String applicationName) throws SQLException, InterruptedException {
        for (int attempt = 0; attempt < 300; attempt++) {
            try (Connection connection = DriverManager.getConnection(database.url(), database.user(), database.password());
                 PreparedStatement query = connection.prepareStatement(
                         "SELECT pid FROM pg_stat_activity WHERE application_name = ?")) {
                query.setString(1, applicationName);
                try (ResultSet rows = query.executeQuery()) {
                    if (rows.next()) {
                        return rows.getInt(1);
                    }
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no backend named " + applicationName);
    }

    private static void terminate(Database database, int pid) throws SQLException {
        try (Connection connection = DriverManager.getConnection(database.url(), database.user(), database.password());
             PreparedStatement kill = connection.prepareStatement("SELECT pg_terminate_backend(?)")) {
            kill.setInt(1, pid);
            try (ResultSet rows = kill.executeQuery()) {
                assertTrue(rows.next() && rows.getBoolean(1), "terminated backend " + pid);
            }
        }
    }
}
