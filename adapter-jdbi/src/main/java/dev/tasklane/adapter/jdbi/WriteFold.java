package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.out.ConcurrentUpdateException;
import dev.tasklane.domain.flow.TaskFlow;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.task.Task;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.PreparedBatch;
import org.jdbi.v3.core.statement.UnableToExecuteStatementException;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * The write fold: the one step that sends what a transaction's stores stated ({@link PendingWrites}), in as few
 * statements as it can. Each store says what its rows are and writes their SQL (the task row's {@code UPDATE} in
 * {@link JdbiTaskStore#update(int, boolean)}, the history rows in {@link HistoryRows}, the events in
 * {@link JdbiEventOutbox}, the rollup's rows in {@link PendingFlow}); the fold decides when they leave, and how many
 * go together:
 *
 * <ol>
 *   <li>{@link #withEvents}, on PostgreSQL at the end of a use case that changed something: the stated task row
 *       change (with the task's flow state), the history rows, the finished task's flow row, the event rows and the
 *       rollup's counting rows, in one statement of data-modifying common table expressions, which also carries the
 *       {@code COMMIT} when the use case is the whole transaction ({@link UnitOfWork#mayCommitWithStatement}). A
 *       claim or a completion is that one statement after its reads.</li>
 *   <li>{@link #flushTaskUpdate}, before any other statement of the transaction: the stated task row change alone,
 *       so that the statement sees it.</li>
 *   <li>{@link #flush}, with the commit, and before a read of the history or the rollup: what is left, one statement
 *       per table (the history rows as arrays, the counters as a batch, the rollup as {@link PendingFlow} sends it).
 *       On H2, which has no data-modifying CTEs, every change takes this path.</li>
 * </ol>
 */
final class WriteFold {
    /**
     * The most events, and the most history rows, {@link #withEvents} writes in its one statement. The statement's
     * text grows with them and is parsed and planned anew for each size: a transition writes one to three of each,
     * while creating a large goal or batch writes hundreds, which take the path of separate statements whose rows go
     * as batches (the one statement cost the dense batch twice its server CPU).
     */
    static final int MAX_ROWS_IN_ONE = 16;
    /** The SQLSTATE of {@code 1 / 0}: the statement's task row change missed its row. */
    private static final String DIVISION_BY_ZERO = "22012";

    private static final String HISTORY_COLUMNS = "task_id, kind, at, actor_user_id, agent_name, facts";
    /** The pending history rows, however many: one statement of an array per column ({@link ArrayRows}). */
    private static final String INSERT_HISTORY = ArrayRows.insert("task_history", HISTORY_COLUMNS);
    private static final String RAISE_COUNTER = "UPDATE board_counters SET last_value = :value "
            + "WHERE board_id = :board AND counter = :counter AND last_value < :value";

    private WriteFold() {
    }

    /** Sends the stated task row change, if any, as its own statement. */
    static void flushTaskUpdate(UnitOfWork unit) {
        PendingWrites.TaskUpdate update = unit.writes().takeTaskUpdate();
        if (update != null && JdbiTaskStore.bindUpdate(unit.handle().createUpdate(JdbiTaskStore.update(update.unchanged())),
                update.task(), update.unchanged()).execute() != 1) {
            // cannot happen while the row is locked; the use case is run again if it does
            throw new ConcurrentUpdateException(update.task().id(), update.task().version());
        }
    }

    /** Sends everything stated, one statement per table, and forgets it (the counters stay held). */
    static void flush(UnitOfWork unit) {
        PendingWrites writes = unit.writes();
        if (writes.nothingPending()) {
            return;
        }
        Handle handle = unit.handle();
        flushTaskUpdate(unit);
        List<HistoryEntry> history = writes.takeHistory();
        if (!history.isEmpty()) {
            ArrayRows rows = new ArrayRows(HISTORY_COLUMNS, HistoryRows.PARAMETERS);
            HistoryRows.bind(rows, history);
            rows.bind(handle.createUpdate(INSERT_HISTORY)).execute();
        }
        Map<PendingWrites.CounterKey, Long> raises = writes.takeCounterRaises();
        if (!raises.isEmpty()) {
            PreparedBatch batch = handle.prepareBatch(RAISE_COUNTER);
            raises.forEach((key, value) -> batch.bind("board", key.boardId()).bind("counter", key.counter())
                    .bind("value", value).add());
            batch.execute();
        }
        writes.flow().flush(handle);
    }

    /** Whether {@link #withEvents} takes {@code events} and the history rows stated so far in its one statement. */
    static boolean foldsWithEvents(UnitOfWork unit, int events) {
        return events <= MAX_ROWS_IN_ONE && unit.writes().historySize() <= MAX_ROWS_IN_ONE;
    }

    /** What the text of {@link #withEvents}'s statement depends on. */
    private record Shape(int unchanged, int events, int history, List<Integer> flow, boolean commit) {
    }

    /**
     * PostgreSQL: the stated task row change with the task's flow state, the history rows and a finished task's flow
     * row, then {@code events} and the flow rollup's counting rows ({@link PendingFlow}) the transaction stated so
     * far, in one statement, numbered in the transaction's range ({@link JdbiEventOutbox#PER_TRANSACTION}); with
     * {@code ending}, and when nothing else waits, the statement carries the commit.
     *
     * @return the events, numbered
     */
    static List<TaskEvent> withEvents(UnitOfWork unit, List<TaskEvent> events, boolean ending) {
        PendingWrites writes = unit.writes();
        List<HistoryEntry> history = writes.takeHistory();
        PendingWrites.TaskUpdate stated = writes.takeTaskUpdate();
        Task update = stated == null ? null : stated.task();
        PendingFlow flow = writes.flow();
        PendingFlow.Taken flowRows = flow.fits(MAX_ROWS_IN_ONE) ? flow.take(update == null ? -1 : update.id().value())
                : PendingFlow.Taken.NONE;
        // the task's flow state goes with the change of its row: no row version of its own
        TaskFlow state = flowRows.updatedState();
        // the end of a unit of work that is the whole transaction, with nothing else waiting for the commit: the
        // statement carries it
        boolean commit = ending && unit.mayCommitWithStatement();
        Shape shape = new Shape(update == null ? -1 : stated.unchanged(), events.size(), history.size(), flowRows.shape(),
                commit);
        PlainStatement sql = PlainStatement.composed(shape, text -> {
            // the last number of the transaction's range so far: no row to lock, no other appender to wait for
            text.append("WITH numbers AS (SELECT " + JdbiEventOutbox.RANGE + " + CAST(:numbered AS BIGINT) "
                    + "+ CAST(:count AS BIGINT) AS last_id)");
            // what only this transaction touches: the task's row (with its flow state), locked since the use case read
            // it, its history rows, other tasks' states and a finished task's flow row
            if (update != null) {
                text.append(", updated AS (").append(JdbiTaskStore.update(shape.unchanged(), state != null))
                        .append(" RETURNING id)");
            }
            if (shape.history() > 0) {
                text.append(", history AS (" + HistoryRows.INSERT_HEAD);
                HistoryRows.values(text, shape.history());
                text.append(" RETURNING 1)");
            }
            flowRows.textOfTaskRows(text);
            text.append(", ");
            JdbiEventOutbox.eventRows(text, shape.events());
            // then the board's counting rows, in this connection's slot
            flowRows.textOfCountingRows(text);
            // a change that missed its row fails the statement (division by zero), so that a COMMIT after it never runs
            text.append(update == null ? " SELECT last_id FROM numbers"
                    : " SELECT last_id, 1 / (SELECT count(*) FROM updated) AS updated FROM numbers");
            if (shape.commit()) {
                text.append("; COMMIT");
            }
        });
        sql.bigint("numbered", writes.takeEventNumbers(events.size())).bigint("count", events.size());
        if (update != null) {
            JdbiTaskStore.updateValues(sql, update, stated.unchanged(), state);
        }
        HistoryRows.bind(sql, history);
        flowRows.bindTaskRows(sql);
        JdbiEventOutbox.bindEventRows(sql, events);
        flowRows.bindCountingRows(sql);
        long last;
        try {
            last = sql.one(unit.handle(), row -> row.getLong("last_id"));
        } catch (UnableToExecuteStatementException failure) {
            if (update != null && failure.getCause() instanceof SQLException cause
                    && DIVISION_BY_ZERO.equals(cause.getSQLState())) {
                // the change missed its row, which cannot happen while the row is locked; the use case is run again
                throw new ConcurrentUpdateException(update.id(), update.version());
            }
            throw failure;
        }
        if (commit) {
            unit.committedWithStatement();
        }
        long next = last - events.size();
        List<TaskEvent> numbered = new java.util.ArrayList<>(events.size());
        for (TaskEvent event : events) {
            numbered.add(event.withSequence(++next));
        }
        return List.copyOf(numbered);
    }
}
