package dev.tasklane.adapter.jdbi;

import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Objects;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;

/**
 * Wakes the event buses of the Tasklane servers sharing one PostgreSQL, over {@code LISTEN/NOTIFY}. The
 * events themselves are in the outbox ({@code task_events}), which every bus reads after the last number it
 * saw; a notification only says "events up to n were committed", so that other servers read at once instead
 * of at their next poll. The same listener hears the directory's changes ({@code tasklane_directory}: a token
 * revoked, a user disabled, a membership changed) and empties this server's credential cache
 * ({@link JdbiDirectoryStore.DirectoryCache}), and empties it on every (re)connection too, since a change may have been announced
 * while it was not listening. The notifications are sent once the transaction that appended the events committed
 * ({@link EventAnnouncer}). A lost notification (a server that died after its commit, a dropped listener) costs
 * latency, never an event.
 *
 * <p>The listener runs on a connection of its own, named {@code tasklane-events-<id>} in
 * {@code pg_stat_activity} ({@link #applicationName()}). It checks that connection every
 * {@link #DEFAULT_CHECK_INTERVAL} while idle; when the connection is lost it reconnects (after
 * {@link #RECONNECT_DELAY}) and wakes the local bus, which catches up from the outbox.
 *
 * <p>A server alone has no one to wake: its own commits wake its bus directly. The same check counts the other
 * servers' listeners in {@code pg_stat_activity} (by that name, on the same database), and while there are none the
 * outbox sends no {@code NOTIFY} ({@link JdbiStores#othersListening}), which would cost PostgreSQL a signal to this
 * listener and this listener a wake-up at every commit. A listener that (re)connects announces itself with a
 * notification of its own, so the servers already running notify it from then on; one whose commit raced that
 * announcement costs the newcomer a notification, which means latency (its next poll, and {@code next}'s snapshot
 * lifetime), never an event.
 */
public final class PostgresEventRelay implements AutoCloseable {
    /** The notification channel. */
    public static final String CHANNEL = "tasklane_events";
    /** How long the listener waits for notifications before it checks its connection. */
    public static final Duration DEFAULT_CHECK_INTERVAL = Duration.ofSeconds(2);
    /** The pause between reconnection attempts. */
    public static final Duration RECONNECT_DELAY = Duration.ofMillis(500);
    private static final Logger LOG = LoggerFactory.getLogger(PostgresEventRelay.class);
    private static final long START_TIMEOUT_SECONDS = 10;
    private static final int NETWORK_TIMEOUT_MILLIS = 10_000;

    private final Database database;
    private final JdbiStores stores;
    private final String applicationName = "tasklane-events-" + UUID.randomUUID().toString().substring(0, 8);
    private final Duration checkInterval;
    private final Thread listener;
    private final LongConsumer wakeUp;
    private final CountDownLatch listening = new CountDownLatch(1);
    private final AtomicInteger connections = new AtomicInteger();
    private volatile boolean closed;
    /** When the listener last counted the other servers' listeners (System.nanoTime). */
    private long othersCountedAt;

    private PostgresEventRelay(JdbiStores stores, LongConsumer wakeUp, Duration checkInterval) {
        this.wakeUp = wakeUp;
        this.database = stores.database();
        this.stores = stores;
        this.checkInterval = checkInterval;
        this.listener = new Thread(this::listen, "tasklane-event-relay");
        this.listener.setDaemon(true);
    }

    /**
     * Starts relaying for stores on PostgreSQL: a notification from any server calls {@code wakeUp} with the
     * number of the last event it committed. Returns once this server is listening.
     */
    public static PostgresEventRelay start(JdbiStores stores, LongConsumer wakeUp) {
        return start(stores, wakeUp, DEFAULT_CHECK_INTERVAL);
    }

    /** {@link #start(JdbiStores, LongConsumer)} with the interval at which an idle listener checks its connection. */
    public static PostgresEventRelay start(JdbiStores stores, LongConsumer wakeUp, Duration checkInterval) {
        if (stores.database().kind() != Database.Kind.POSTGRES) {
            throw new IllegalArgumentException("the event relay needs PostgreSQL, not " + stores.database().kind().code());
        }
        PostgresEventRelay relay = new PostgresEventRelay(stores, Objects.requireNonNull(wakeUp), checkInterval);
        relay.listener.start();
        try {
            if (!relay.listening.await(START_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                LOG.warn("Event relay is not listening yet; until it is, events of other servers arrive at each poll");
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        return relay;
    }

    /** The {@code application_name} of the listener's connection, to find it in {@code pg_stat_activity}. */
    public String applicationName() {
        return applicationName;
    }

    /** How many times the listener connected (1 after start, one more per reconnection). */
    public int connections() {
        return connections.get();
    }

    /** The listener thread: LISTEN on a connection of its own, wake the bus, reconnect after a failure. */
    private void listen() {
        while (!closed) {
            try (Connection connection = connect()) {
                try (Statement statement = connection.createStatement()) {
                    statement.execute("LISTEN " + CHANNEL);
                    statement.execute("LISTEN " + JdbiDirectoryStore.CHANNEL);
                    // the servers already running hear that one more listens, and announce their commits from now on
                    statement.execute(ANNOUNCE);
                }
                int self = connection.unwrap(PGConnection.class).getBackendPID();
                countOthers(connection);
                // a change to the directory or the tasks may have been announced while no one listened
                stores.directoryChanged();
                stores.othersChanged();
                if (connections.incrementAndGet() > 1) {
                    LOG.info("Event relay reconnected; catching up from the outbox");
                }
                listening.countDown();
                // whatever was committed while no one listened is in the outbox: read it now
                wakeUp.accept(0);
                PGConnection notifications = connection.unwrap(PGConnection.class);
                while (!closed) {
                    PGNotification[] received = notifications.getNotifications((int) checkInterval.toMillis());
                    if (received == null || received.length == 0 || System.nanoTime() - othersCountedAt > checkInterval.toNanos()) {
                        // also a round trip that fails when the server closed the connection or stopped answering
                        countOthers(connection);
                    }
                    if (received == null || received.length == 0) {
                        continue;
                    }
                    long last = 0;
                    boolean events = false;
                    boolean othersEvents = false;
                    for (PGNotification notification : received) {
                        if (JdbiDirectoryStore.CHANNEL.equals(notification.getName())) {
                            stores.directoryChanged();
                        } else if (notification.getPID() != self) {
                            events = true;
                            boolean others = !stores.ownBackend(notification.getPID());
                            othersEvents |= others;
                            if (others) {
                                stores.othersListening(true); // a server that announces a commit or itself listens
                            }
                            last = Math.max(last, number(notification.getParameter()));
                        }
                    }
                    if (othersEvents) {
                        // another server's commit: what next remembers may be behind it (this server's own
                        // commits corrected it as they happened)
                        stores.othersChanged();
                    }
                    if (events) {
                        wakeUp.accept(last);
                    }
                }
            } catch (SQLException lost) {
                stores.othersListening(true); // unknown until connected again: announce
                if (!closed) {
                    LOG.warn("Event relay lost its PostgreSQL connection ({}); reconnecting", lost.getMessage());
                    pause();
                }
            }
        }
    }

    private Connection connect() throws SQLException {
        Properties properties = new Properties();
        if (database.user() != null) {
            properties.setProperty("user", database.user());
        }
        if (database.password() != null) {
            properties.setProperty("password", database.password());
        }
        properties.setProperty("ApplicationName", applicationName);
        properties.setProperty("tcpKeepAlive", "true");
        Connection connection = DriverManager.getConnection(database.url(), properties);
        connection.setNetworkTimeout(Runnable::run, NETWORK_TIMEOUT_MILLIS);
        return connection;
    }

    /** The notification a listener sends as it (re)connects: number 0, "read what you have not seen". */
    private static final String ANNOUNCE = "SELECT pg_notify('" + CHANNEL + "', '0')";
    /** The other servers' listeners on this database: connections named as {@link #applicationName()} names them. */
    private static final String OTHER_LISTENERS = "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            + "AND application_name LIKE 'tasklane-events-%' AND pid <> pg_backend_pid()";

    /** Counts the other servers' listeners and tells the stores whether to announce commits. */
    private void countOthers(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             java.sql.ResultSet count = statement.executeQuery(OTHER_LISTENERS)) {
            count.next();
            stores.othersListening(count.getLong(1) > 0);
        }
        othersCountedAt = System.nanoTime();
    }

    private static long number(String payload) {
        try {
            return Long.parseLong(payload);
        } catch (NumberFormatException unreadable) {
            return 0;
        }
    }

    private void pause() {
        try {
            Thread.sleep(RECONNECT_DELAY.toMillis());
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            closed = true;
        }
    }

    @Override
    public void close() {
        closed = true;
        listener.interrupt();
        try {
            listener.join(TimeUnit.SECONDS.toMillis(START_TIMEOUT_SECONDS));
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        stores.othersListening(true); // no relay to say any more: announce
    }
}
