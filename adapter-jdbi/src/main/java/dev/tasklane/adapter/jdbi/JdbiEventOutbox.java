package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.out.EventOutbox;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.mapper.RowMapper;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

/**
 * The event outbox in {@code task_events}. A reader that has read every event up to number {@code n} never needs to
 * look below {@code n} again: every event below it that will ever be readable already is. That is what lets
 * {@code Last-Event-ID} resume on any server. The two databases keep that promise differently.
 *
 * <p>On PostgreSQL no appender waits for another. Each transaction numbers its events in a range of its own: its
 * transaction id ({@code pg_current_xact_id()}) times {@link #PER_TRANSACTION}, plus 1, 2, and so on. A reader reads
 * below a horizon ({@link #HORIZON}): the range of the oldest transaction of this database that was still running
 * when the reader's statement began. Every transaction below it had ended by then, so every event below it that will
 * ever commit is committed and visible to the statement, and every transaction that commits later numbers above it.
 * Transactions of the cluster's other databases hold nothing back. What this costs: an event waits until every
 * transaction of this database that began before it has ended, and numbers have gaps (docs/operations.md, "Events:
 * what is guaranteed"). Appending once held one locked row from the numbering to the commit's flush, so that the
 * commits of all appenders were flushed one after another.
 *
 * <p>On H2, one process, appending updates the single row of {@code event_sequence}, which locks it until the
 * transaction ends: appenders take their numbers one after the other and commit in that order, without gaps.
 *
 * <p>On PostgreSQL a use case's events go in the write fold's one statement, with the rows its stores stated
 * ({@link WriteFold#withEvents}), which carries the {@code COMMIT} too when it ends a unit of work that is the whole
 * transaction ({@link #appendLast}, {@link UnitOfWork#mayCommitWithStatement}), saving the commit's round trip. A large
 * append (a big goal or batch) takes statements of its own, after the fold sent the task row change. Once the transaction has committed, and only then, the other servers are woken ({@link EventAnnouncer}), while
 * another server listens ({@link JdbiStores#othersListening}; a server alone wakes no one, and saves PostgreSQL a
 * signal and its listener a wake-up at every commit). See docs/operations.md, "Events: what is guaranteed".
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

    /** The rows of a large append, numbered already: one statement of an array per column ({@link ArrayRows}). */
    private static final String INSERT_ROWS = ArrayRows.insert("task_events", COLUMNS);

    /** H2: takes {@code :count} numbers, and generated keys read the last one back. */
    private static final String TAKE_NUMBERS = "UPDATE event_sequence SET last_id = last_id + :count WHERE id = 1";

    /**
     * PostgreSQL: how many numbers each transaction's range holds. Its events are numbered
     * {@code xid * PER_TRANSACTION + 1}, {@code + 2}, and so on, so the numbers stay below 2<sup>53</sup>, exact in a
     * JavaScript client, for the first 137 billion transactions. The published caps keep a transaction's events far
     * below it ({@link PendingWrites#takeEventNumbers}).
     */
    static final int PER_TRANSACTION = 65_536;
    /** PostgreSQL: the start of the current transaction's range, one below its first number. */
    static final String RANGE = "pg_current_xact_id()::text::bigint * " + PER_TRANSACTION;
    /**
     * PostgreSQL: the lowest number a reader may not read yet, computed in the reader's statement from that statement's
     * own snapshot ({@code pg_current_snapshot()}). It is the range of the oldest transaction the snapshot saw running,
     * or, when none ran, of the next transaction to begin. A running transaction of another database cannot write
     * this database's events and is skipped: it is known by its entry in {@code pg_stat_activity}, which every role
     * may read. A transaction gone from there by then is counted as this database's, which is only ever cautious.
     */
    static final String HORIZON = "(SELECT LEAST(pg_snapshot_xmax(s.snapshot)::text::bigint, (SELECT min(x::text::bigint) "
            + "FROM pg_snapshot_xip(s.snapshot) AS x WHERE x::text::bigint % 4294967296 NOT IN (SELECT "
            + "backend_xid::text::bigint FROM pg_stat_activity WHERE backend_xid IS NOT NULL AND datname IS DISTINCT FROM "
            + "current_database()))) * " + PER_TRANSACTION + " FROM (SELECT pg_current_snapshot() AS snapshot) AS s)";
    /** PostgreSQL, a large append: the start of this transaction's numbers. */
    private static final String FIRST_NUMBER = "SELECT " + RANGE + " + :numbered AS first";
    /** The key of what a transaction announces once it committed ({@link JdbiTransactions#untilCommit}). */
    private static final Object ANNOUNCED = new Object();

    private final JdbiTransactions transactions;
    private final boolean postgres;
    private final BooleanSupplier othersListening;
    private final LongConsumer announce;

    /**
     * @param postgres        whether the store is PostgreSQL, whose data-modifying CTEs write an append in one statement
     * @param othersListening whether a commit of events is announced to the other servers (PostgreSQL)
     * @param announce        announces, once its transaction committed, the last number of an append (PostgreSQL)
     */
    JdbiEventOutbox(JdbiTransactions transactions, boolean postgres, BooleanSupplier othersListening,
                    LongConsumer announce) {
        this.transactions = transactions;
        this.postgres = postgres;
        this.othersListening = othersListening;
        this.announce = announce;
    }

    /** PostgreSQL, while another server listens: {@code last} is announced once the transaction committed. */
    private void announceAtCommit(long last) {
        if (postgres && othersListening.getAsBoolean()) {
            long[] highest = transactions.untilCommit(ANNOUNCED, () -> new long[1], committed -> announce.accept(committed[0]));
            if (highest != null) {
                highest[0] = Math.max(highest[0], last);
            }
        }
    }

    @Override
    public List<TaskEvent> append(List<TaskEvent> events) {
        return write(events, false);
    }

    @Override
    public List<TaskEvent> appendLast(List<TaskEvent> events) {
        return write(events, true);
    }

    /**
     * The events' SQL: on PostgreSQL, for the events and history rows of a transition, in the write fold's one
     * statement ({@link WriteFold#withEvents}); otherwise a statement that takes the numbers and an array insert.
     *
     * @param ending whether the statement may carry the commit ({@link UnitOfWork#mayCommitWithStatement})
     */
    private List<TaskEvent> write(List<TaskEvent> events, boolean ending) {
        if (events.isEmpty()) {
            return List.of();
        }
        if (postgres) {
            List<TaskEvent> folded = transactions.withHandleKeepingUpdate(handle -> {
                UnitOfWork unit = transactions.unit();
                return WriteFold.foldsWithEvents(unit, events.size()) ? WriteFold.withEvents(unit, events, ending) : null;
            });
            if (folded != null) {
                // before the transaction ends: a statement that committed it leaves the commit's actions to run
                announceAtCommit(folded.get(folded.size() - 1).sequence());
                return folded;
            }
        }
        return transactions.withHandle(handle -> {
            long next = postgres
                    ? handle.createQuery(FIRST_NUMBER)
                            .bind("numbered", transactions.pending().takeEventNumbers(events.size()))
                            .map((row, context) -> row.getLong("first")).one()
                    // takes the numbers and reads the last one back in one statement
                    : handle.createUpdate(TAKE_NUMBERS).bind("count", events.size())
                            .executeAndReturnGeneratedKeys("last_id").mapTo(Long.class).one() - events.size();
            List<TaskEvent> numbered = new ArrayList<>(events.size());
            ArrayRows rows = new ArrayRows(COLUMNS, "id, " + EVENT_PARAMETERS);
            for (TaskEvent event : events) {
                TaskEvent stored = event.withSequence(++next);
                numbered.add(stored);
                eventValues(rows.bigint("id", stored.sequence()), stored);
            }
            rows.bind(handle.createUpdate(INSERT_ROWS)).execute();
            announceAtCommit(next);
            return List.copyOf(numbered);
        });
    }

    /** The event rows of the write fold's one statement ({@link WriteFold#withEvents}): {@code count} of them. */
    static void eventRows(PlainStatement.Builder text, int count) {
        text.append(EVENTS_HEAD);
        for (int i = 0; i < count; i++) {
            text.append(i == 0 ? EVENT_ROW : ", " + EVENT_ROW);
        }
        text.append(EVENTS_TAIL);
    }

    /** The values of {@link #eventRows}, in its order. */
    static void bindEventRows(PlainStatement sql, List<TaskEvent> events) {
        sql.bigint("count", events.size());
        for (int i = 0; i < events.size(); i++) {
            eventValues(sql.integer("ord", i + 1), events.get(i));
        }
    }

    /** The parameters {@link #eventValues} names an event's values with, in {@link #COLUMNS}' order after the id. */
    private static final String EVENT_PARAMETERS = "board, type, task, identifier, status, column, actor, agent, at";

    /** An event's values but its number, one row of the outbox statement or of a large append's arrays. */
    private static SqlValues eventValues(SqlValues values, TaskEvent event) {
        return values.bigint("board", event.boardId().value()).text("type", event.type())
                .bigint("task", event.taskId().value()).text("identifier", event.identifier())
                .text("status", event.status()).text("column", event.column())
                .nullableBigint("actor", UserId.valueOrNull(event.actorUserId()))
                .text("agent", event.agentName()).timestamp("at", event.at());
    }

    /* The parts of the write fold's statement that are the events', appended to a PlainStatement, so each is parsed once. */
    private static final String EVENTS_HEAD = "events AS (INSERT INTO task_events (" + COLUMNS + ") "
            + "SELECT numbers.last_id - :count + e.ord, e.board_id, e.type, e.task_id, e.identifier, e.status, "
            + "e.column_name, e.actor_user_id, e.agent_name, e.occurred_at FROM numbers CROSS JOIN (VALUES ";
    private static final String EVENT_ROW = "(CAST(:ord AS INTEGER), CAST(:board AS BIGINT), CAST(:type AS VARCHAR), "
            + "CAST(:task AS BIGINT), CAST(:identifier AS VARCHAR), CAST(:status AS VARCHAR), CAST(:column AS VARCHAR), "
            + "CAST(:actor AS BIGINT), CAST(:agent AS VARCHAR), CAST(:at AS TIMESTAMPTZ))";
    private static final String EVENTS_TAIL = ") AS e (ord, board_id, type, task_id, identifier, status, column_name, "
            + "actor_user_id, agent_name, occurred_at))";

    /** The condition a read adds: below the horizon on PostgreSQL ({@link #HORIZON}); on H2 every committed event. */
    private String readable() {
        return postgres ? " AND id < " + HORIZON : "";
    }

    @Override
    public List<TaskEvent> after(long afterId, int limit) {
        return transactions.withHandle(handle -> handle.createQuery("SELECT " + COLUMNS + " FROM task_events "
                        + "WHERE id > :after" + readable() + " ORDER BY id LIMIT :limit")
                .bind("after", afterId).bind("limit", limit).map(ROWS).list());
    }

    @Override
    public List<TaskEvent> after(BoardId boardId, long afterId, int limit) {
        return transactions.withHandle(handle -> handle.createQuery("SELECT " + COLUMNS + " FROM task_events "
                        + "WHERE board_id = :board AND id > :after" + readable() + " ORDER BY id LIMIT :limit")
                .bind("board", boardId).bind("after", afterId).bind("limit", limit).map(ROWS).list());
    }

    @Override
    public long lastId() {
        return transactions.withHandle(handle -> handle.createQuery(postgres
                        // the last event readable now; 0 once the sweeper purged them all, from where every later one is
                        ? "SELECT COALESCE(MAX(id), 0) FROM task_events WHERE id < " + HORIZON
                        : "SELECT last_id FROM event_sequence WHERE id = 1")
                .mapTo(Long.class).one());
    }

    @Override
    public long heldBack() {
        return postgres ? transactions.withHandle(handle -> handle.createQuery("SELECT count(*) FROM task_events WHERE id >= "
                + HORIZON).mapTo(Long.class).one()) : 0;
    }

    /** PostgreSQL: the oldest transaction of this database that has a transaction id, and so may append events. */
    private static final String OLDEST_WRITER = "SELECT COALESCE(EXTRACT(EPOCH FROM clock_timestamp() - MIN(xact_start)) "
            + "* 1000, 0)::bigint FROM pg_stat_activity WHERE datname = current_database() AND backend_xid IS NOT NULL "
            + "AND pid <> pg_backend_pid()";

    @Override
    public Duration oldestWriter() {
        return postgres ? Duration.ofMillis(transactions.withHandle(handle -> handle.createQuery(OLDEST_WRITER)
                .mapTo(Long.class).one())) : Duration.ZERO;
    }

    @Override
    public int purgeBefore(Instant cutoff, int limit) {
        return transactions.withHandle((Handle handle) -> handle.createUpdate("DELETE FROM task_events WHERE id IN "
                        + "(SELECT id FROM task_events WHERE occurred_at < :cutoff ORDER BY id LIMIT :limit)")
                .bind("cutoff", TaskRows.timestamp(cutoff)).bind("limit", limit).execute());
    }
}
