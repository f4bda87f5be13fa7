package dev.tasklane.adapter.jdbi;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Tells the other servers that this one committed events, with {@code NOTIFY tasklane_events} sent after the commit
 * ({@link PostgresEventRelay} hears it there). A notification queued inside the appending transaction would make
 * PostgreSQL take one lock per database at that commit and hold it until the commit is flushed, so that the commits
 * of all appending transactions would be flushed one after another. Here one thread sends them from a pooled
 * connection, one statement each: the first commit after a quiet spell wakes it, and it waits
 * {@link #LINGER_MICROS} for the commits that follow, so that a burst is announced once, with its last number, and
 * the committing threads pay a wake-up only at the start of a burst. The statement commits without waiting for its
 * flush ({@code synchronous_commit} off for it alone): a notification lost in a crash costs latency, like any lost
 * notification, never an event.
 */
final class EventAnnouncer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(EventAnnouncer.class);
    /** How long the sender waits, once woken, for more commits to announce with the first. */
    static final long LINGER_MICROS = 1_000;
    private static final String NOTIFY = "SELECT set_config('synchronous_commit', 'off', true), pg_notify('"
            + PostgresEventRelay.CHANNEL + "', ?)";

    /** A pooled connection, known as this server's own ({@link JdbiStores#ownBackend}). */
    @FunctionalInterface
    interface Connections {
        Connection get() throws SQLException;
    }

    private final Connections connections;
    /** The last number committed and not yet announced; 0 when there is none. */
    private final AtomicLong pending = new AtomicLong();
    private final LinkedBlockingQueue<Boolean> wakeUps = new LinkedBlockingQueue<>(1);
    private final Object lifecycle = new Object();
    private Thread sender;
    private volatile boolean closed;

    EventAnnouncer(Connections connections) {
        this.connections = connections;
    }

    /** Announces that events up to {@code lastNumber} were committed; returns at once. */
    void committed(long lastNumber) {
        if (pending.getAndAccumulate(lastNumber, Math::max) != 0) {
            return; // the sender is woken already and has not taken it yet
        }
        synchronized (lifecycle) {
            if (closed) {
                return;
            }
            if (sender == null) {
                sender = new Thread(this::send, "tasklane-event-announcer");
                sender.setDaemon(true);
                sender.start();
            }
        }
        wakeUps.offer(Boolean.TRUE);
    }

    private void send() {
        while (!closed) {
            try {
                if (wakeUps.poll(1, TimeUnit.SECONDS) != null) {
                    TimeUnit.MICROSECONDS.sleep(LINGER_MICROS);
                }
            } catch (InterruptedException interrupted) {
                return;
            }
            long last = pending.getAndSet(0);
            if (last == 0) {
                continue;
            }
            try (Connection connection = connections.get();
                 PreparedStatement notify = connection.prepareStatement(NOTIFY)) {
                connection.setAutoCommit(true);
                notify.setString(1, Long.toString(last));
                notify.execute();
            } catch (SQLException | RuntimeException failed) {
                // no retry: the other servers read the log at their next poll anyway
                LOG.debug("Announcing events up to {} failed: {}", last, failed.toString());
            }
        }
    }

    @Override
    public void close() {
        Thread running;
        synchronized (lifecycle) {
            closed = true;
            running = sender;
        }
        if (running != null) {
            running.interrupt();
        }
    }
}
