package dev.tasklane.adapter.jdbi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.out.EventPublisher;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Carries task events between Tasklane servers sharing one PostgreSQL, over {@code LISTEN/NOTIFY}: every
 * event a server publishes is also sent as a notification on {@link #CHANNEL}, and every notification from
 * another server is handed to this server's local event bus, so a client of either server sees the events of
 * both.
 *
 * <p>Notifications are sent after the use case committed, on a pooled connection; they are best effort, like
 * any live stream (a server that dies between commit and notify drops that event for the others; the task's
 * history has it). Each server numbers the events it delivers itself, so a {@code Last-Event-ID} resumes on
 * the server that issued it.
 */
public final class PostgresEventRelay implements EventPublisher, AutoCloseable {
    /** The notification channel. */
    public static final String CHANNEL = "tasklane_events";
    private static final Logger LOG = LoggerFactory.getLogger(PostgresEventRelay.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int POLL_MILLIS = 500;
    private static final long RECONNECT_MILLIS = 1_000;
    private static final long START_TIMEOUT_SECONDS = 10;

    private final DataSource pool;
    private final Database database;
    private final String origin = UUID.randomUUID().toString();
    private final Thread listener;
    private final Consumer<TaskEvent> local;
    private final CountDownLatch listening = new CountDownLatch(1);
    private volatile boolean closed;

    private PostgresEventRelay(JdbiStores stores, Consumer<TaskEvent> local) {
        this.local = local;
        this.pool = stores.dataSource();
        this.database = stores.database();
        this.listener = new Thread(this::listen, "tasklane-event-relay");
        this.listener.setDaemon(true);
    }

    /**
     * Starts relaying for stores on PostgreSQL: events from other servers go to {@code localBus}. Returns
     * once this server is listening, so no event committed after it returns is missed.
     */
    public static PostgresEventRelay start(JdbiStores stores, Consumer<TaskEvent> localBus) {
        if (stores.database().kind() != Database.Kind.POSTGRES) {
            throw new IllegalArgumentException("the event relay needs PostgreSQL, not " + stores.database().kind().wire());
        }
        PostgresEventRelay relay = new PostgresEventRelay(stores, Objects.requireNonNull(localBus));
        relay.listener.start();
        try {
            if (!relay.listening.await(START_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                LOG.warn("Event relay is not listening yet; events of other servers arrive once it is");
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        return relay;
    }

    @Override
    public void publish(TaskEvent event) {
        try (Connection connection = pool.getConnection();
             PreparedStatement notify = connection.prepareStatement("SELECT pg_notify(?, ?)")) {
            notify.setString(1, CHANNEL);
            notify.setString(2, payload(event));
            notify.execute();
        } catch (SQLException failed) {
            LOG.warn("Could not relay event {} of task {} to other servers: {}", event.type(), event.identifier(),
                    failed.getMessage());
        }
    }

    private String payload(TaskEvent event) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("origin", origin);
        doc.put("board_id", event.boardId());
        doc.put("type", event.type());
        doc.put("task_id", event.taskId());
        doc.put("identifier", event.identifier());
        doc.put("status", event.status());
        doc.put("column", event.column());
        doc.put("actor_user_id", event.actorUserId());
        doc.put("agent_name", event.agentName());
        doc.put("at", event.at().toString());
        try {
            return JSON.writeValueAsString(doc);
        } catch (JsonProcessingException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /** The event of a notification from another server; null for this server's own. */
    private TaskEvent event(String payload) throws JsonProcessingException {
        Map<?, ?> doc = JSON.readValue(payload, Map.class);
        if (origin.equals(doc.get("origin"))) {
            return null;
        }
        Number actor = (Number) doc.get("actor_user_id");
        return new TaskEvent(0, ((Number) doc.get("board_id")).longValue(), (String) doc.get("type"),
                ((Number) doc.get("task_id")).longValue(), (String) doc.get("identifier"), (String) doc.get("status"),
                (String) doc.get("column"), actor == null ? null : actor.longValue(), (String) doc.get("agent_name"),
                Instant.parse((String) doc.get("at")));
    }

    /** The listener thread: LISTEN on a connection of its own, deliver, reconnect after a failure. */
    private void listen() {
        while (!closed) {
            try (Connection connection = DriverManager.getConnection(database.url(), database.user(), database.password())) {
                try (Statement statement = connection.createStatement()) {
                    statement.execute("LISTEN " + CHANNEL);
                }
                listening.countDown();
                PGConnection notifications = connection.unwrap(PGConnection.class);
                while (!closed) {
                    PGNotification[] received = notifications.getNotifications(POLL_MILLIS);
                    if (received == null) {
                        continue;
                    }
                    for (PGNotification notification : received) {
                        deliver(notification.getParameter());
                    }
                }
            } catch (SQLException lost) {
                if (!closed) {
                    LOG.warn("Event relay lost its PostgreSQL connection ({}); reconnecting", lost.getMessage());
                    pause();
                }
            }
        }
    }

    private void deliver(String payload) {
        try {
            TaskEvent event = event(payload);
            if (event != null) {
                local.accept(event);
            }
        } catch (JsonProcessingException | RuntimeException unreadable) {
            LOG.warn("Ignored an unreadable event notification: {}", unreadable.getMessage());
        }
    }

    private void pause() {
        try {
            Thread.sleep(RECONNECT_MILLIS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            closed = true;
        }
    }

    @Override
    public void close() {
        closed = true;
        listener.interrupt();
    }
}
