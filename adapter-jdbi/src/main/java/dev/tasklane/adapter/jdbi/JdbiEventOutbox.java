package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.out.EventOutbox;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.PreparedBatch;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * The event outbox in {@code task_events}, numbered by the single row of {@code event_sequence}. Appending
 * updates that row first, which locks it until the transaction ends: appenders, in one process or several,
 * take their numbers one after the other and commit in that order, so a reader that sees event {@code n}
 * can already see every event below it, and reading "after the last number seen" never skips an event that
 * commits later. The lock is held only from the append, the last step of a use case, to its commit.
 *
 * <p>On PostgreSQL the same statement also queues the wake-up of the other servers,
 * {@code pg_notify('tasklane_events', last number)} ({@link PostgresEventRelay}): PostgreSQL delivers a
 * notification when, and only if, its transaction commits, in commit order, so the wake-up costs no statement,
 * no connection and no commit of its own, and a rolled-back use case wakes no one (docs/operations.md, "Events:
 * what is guaranteed").
 */
final class JdbiEventOutbox implements EventOutbox {
    private static final String COLUMNS = "id, board_id, type, task_id, identifier, status, column_name, "
            + "actor_user_id, agent_name, occurred_at";
    private static final RowMapper<TaskEvent> ROWS = (row, context) -> {
        long actor = row.getLong("actor_user_id");
        UserId actorUserId = row.wasNull() ? null : UserId.of(actor);
        return new TaskEvent(row.getLong("id"), BoardId.of(row.getLong("board_id")), row.getString("type"),
                TaskId.of(row.getLong("task_id")),
                row.getString("identifier"), row.getString("status"), row.getString("column_name"), actorUserId,
                row.getString("agent_name"), row.getObject("occurred_at", OffsetDateTime.class).toInstant());
    };

    /** Takes {@code :count} numbers and answers the last (generated keys read it back on H2). */
    private static final String TAKE_NUMBERS = "UPDATE event_sequence SET last_id = last_id + :count WHERE id = 1";
    /** {@link #TAKE_NUMBERS} on PostgreSQL, queuing the notification of the last number for the commit. */
    static final String TAKE_NUMBERS_AND_NOTIFY = TAKE_NUMBERS + " RETURNING last_id, pg_notify('"
            + PostgresEventRelay.CHANNEL + "', last_id::text)";

    private final JdbiTransactions transactions;
    private final boolean notify;

    /** @param notify whether appending queues the {@code NOTIFY} that wakes the other servers (PostgreSQL) */
    JdbiEventOutbox(JdbiTransactions transactions, boolean notify) {
        this.transactions = transactions;
        this.notify = notify;
    }

    @Override
    public List<TaskEvent> append(List<TaskEvent> events) {
        if (events.isEmpty()) {
            return List.of();
        }
        return transactions.withHandle(handle -> {
            // takes the numbers and reads the last one back in one statement (RETURNING, generated keys on H2)
            long last = notify
                    ? handle.createQuery(TAKE_NUMBERS_AND_NOTIFY).bind("count", events.size())
                            .map((row, context) -> row.getLong("last_id")).one()
                    : handle.createUpdate(TAKE_NUMBERS).bind("count", events.size())
                            .executeAndReturnGeneratedKeys("last_id").mapTo(Long.class).one();
            long next = last - events.size();
            List<TaskEvent> numbered = new ArrayList<>(events.size());
            PreparedBatch insert = handle.prepareBatch("INSERT INTO task_events (" + COLUMNS + ") VALUES (:id, :board, "
                    + ":type, :task, :identifier, :status, :column, :actor, :agent, :at)");
            for (TaskEvent event : events) {
                TaskEvent stored = event.withSequence(++next);
                numbered.add(stored);
                insert.bind("id", stored.sequence()).bind("board", stored.boardId()).bind("type", stored.type())
                        .bind("task", stored.taskId()).bind("identifier", stored.identifier())
                        .bind("status", stored.status()).bind("column", stored.column())
                        .bindByType("actor", stored.actorUserId(), UserId.class).bind("agent", stored.agentName())
                        .bind("at", TaskRows.timestamp(stored.at())).add();
            }
            insert.execute();
            return List.copyOf(numbered);
        });
    }

    @Override
    public List<TaskEvent> after(long afterId, int limit) {
        return transactions.withHandle(handle -> handle.createQuery("SELECT " + COLUMNS + " FROM task_events "
                        + "WHERE id > :after ORDER BY id LIMIT :limit")
                .bind("after", afterId).bind("limit", limit).map(ROWS).list());
    }

    @Override
    public List<TaskEvent> after(BoardId boardId, long afterId, int limit) {
        return transactions.withHandle(handle -> handle.createQuery("SELECT " + COLUMNS + " FROM task_events "
                        + "WHERE board_id = :board AND id > :after ORDER BY id LIMIT :limit")
                .bind("board", boardId).bind("after", afterId).bind("limit", limit).map(ROWS).list());
    }

    @Override
    public long lastId() {
        return transactions.withHandle(JdbiEventOutbox::lastId);
    }

    private static long lastId(Handle handle) {
        return handle.createQuery("SELECT last_id FROM event_sequence WHERE id = 1").mapTo(Long.class).one();
    }

    @Override
    public int purgeBefore(Instant cutoff, int limit) {
        return transactions.withHandle((Handle handle) -> handle.createUpdate("DELETE FROM task_events WHERE id IN "
                        + "(SELECT id FROM task_events WHERE occurred_at < :cutoff ORDER BY id LIMIT :limit)")
                .bind("cutoff", TaskRows.timestamp(cutoff)).bind("limit", limit).execute());
    }
}
