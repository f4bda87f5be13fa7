package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.JdbiTransactions.UnitOfWork;
import dev.tasklane.adapter.jdbi.PlainStatement.SqlValues;
import dev.tasklane.adapter.jdbi.TaskRows.TaskLinks;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.flow.TaskFlow;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Task;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.SqlStatement;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * New tasks' rows, for {@link JdbiTaskStore#insert} and {@link JdbiTaskStore#insertAll}: the row of each task, its
 * dependency and key-file rows ({@link TaskLinks#write}), and its board counters raised to the numbers it uses
 * ({@link Counters}), at once on the current transaction's handle. The unit of work remembers each task as written,
 * with the flow state its row holds, so that the creation's own flow write sends nothing.
 */
final class TaskInserts {
    private TaskInserts() {
    }

    /** The columns a new task's row is written with, one row at a time or as arrays. */
    private static final String INSERT_COLUMNS = "board_id, identifier, identifier_rank, identifier_number, type, "
            + "created_by_id, created_by_agent, inserted_at, version, " + TaskRows.WRITABLE + ", " + JdbiFlowStore.STATE_COLUMNS;

    /**
     * A new task's row; an identifier already taken inserts nothing (and answers no id) instead of failing the
     * transaction, so the duplicate check costs no statement of its own. Binds with {@link #bindInsert}.
     */
    private static final String INSERT = "INSERT INTO tasks (" + INSERT_COLUMNS + ") VALUES (:"
            + INSERT_COLUMNS.replace(", ", ", :") + ") ON CONFLICT DO NOTHING";

    private static <S extends SqlStatement<S>> S bindInsert(S statement, Task task) {
        insertValues(SqlValues.named(statement), task);
        return statement;
    }

    /**
     * The values of a new task's row, named by {@link #INSERT_COLUMNS}: one row of {@link #INSERT} or of an array
     * insert. A work or defect task's flow state is that of a task created at its insertion ({@link #newState}).
     */
    private static SqlValues insertValues(SqlValues values, Task task) {
        if (!task.id().equals(TaskId.UNASSIGNED)) {
            throw new IllegalArgumentException("a new task has id 0, got " + task.id());
        }
        return JdbiFlowStore.bindState(TaskRows.writable(values, task), newState(task))
                .bigint("board_id", task.boardId().value())
                .text("identifier", task.identifier().toString())
                .integer("identifier_rank", task.identifier().type().ordinal())
                .bigint("identifier_number", task.identifier().number())
                .text("type", task.type().name())
                .nullableBigint("created_by_id", UserId.valueOrNull(task.createdById()))
                .text("created_by_agent", task.createdByAgent())
                .timestamp("inserted_at", task.insertedAt())
                .bigint("version", task.version());
    }

    /**
     * New tasks' rows as one statement of an array per column ({@link ArrayRows}), bound as one-row inserts are: a
     * goal's children, or a batch's, bind 27 arrays instead of 27 values per task.
     */
    private static final String INSERT_ALL = ArrayRows.insert("tasks", INSERT_COLUMNS) + " ON CONFLICT DO NOTHING";

    /**
     * The flow state a new task's row is written with: a task created at its insertion, in Ready; none for a goal,
     * which does not flow. The creation's own flow write ({@link JdbiFlowStore#putFlow}) is the same state as a rule,
     * and then sends nothing ({@link JdbiFlowStore.PendingFlow#inserted}).
     */
    private static TaskFlow newState(Task task) {
        return task.isGoal() ? null : TaskFlow.created(task.identifier().toString(), task.type(), task.insertedAt());
    }

    /** One task's row, its links and its counters; an identifier already taken is refused. */
    static Task one(Handle handle, JdbiTransactions transactions, Task task) {
        long id = bindInsert(handle.createUpdate(INSERT), task)
                .executeAndReturnGeneratedKeys("id")
                .mapTo(Long.class)
                .findOne()
                .orElseThrow(() -> duplicate(task));
        Task stored = task.withId(TaskId.of(id));
        TaskLinks.write(handle, List.of(stored));
        inserted(handle, transactions, stored);
        return stored;
    }

    /**
     * The rows of all the tasks as one statement of an array per column ({@link #INSERT_ALL}), then their dependency
     * and key-file rows likewise: a goal of 50 children is three statements, not a hundred and fifty, and binds a few
     * dozen arrays, not thousands of values.
     */
    static List<Task> all(Handle handle, JdbiTransactions transactions, List<Task> tasks) {
        Map<String, Long> ids = new HashMap<>();
        ArrayRows rows = new ArrayRows(INSERT_COLUMNS);
        tasks.forEach(task -> insertValues(rows, task));
        rows.bind(handle.createUpdate(INSERT_ALL))
                .executeAndReturnGeneratedKeys("id", "identifier")
                .map((row, context) -> Map.entry(row.getString("identifier"), row.getLong("id")))
                .forEach(entry -> ids.put(entry.getKey(), entry.getValue()));
        List<Task> stored = new ArrayList<>(tasks.size());
        for (Task task : tasks) {
            Long id = ids.get(task.identifier().toString());
            if (id == null) {
                throw duplicate(task);
            }
            stored.add(task.withId(TaskId.of(id)));
        }
        TaskLinks.write(handle, stored);
        for (Task task : stored) {
            inserted(handle, transactions, task);
        }
        return stored;
    }

    /** What this transaction remembers of a task it inserted, and the board counters raised to its numbers. */
    private static void inserted(Handle handle, JdbiTransactions transactions, Task stored) {
        long id = stored.id().value();
        UnitOfWork.Reads reads = transactions.reads();
        reads.links().put(id, TaskLinks.of(stored));
        reads.positions().put(id, stored.position());
        reads.tasks().put(id, stored);
        transactions.pending().flow().inserted(id, newState(stored));
        Counters.raise(handle, transactions.pending(), stored.boardId().value(), stored.identifier().type().prefix(),
                stored.identifier().number());
        Counters.raise(handle, transactions.pending(), stored.boardId().value(), JdbiTaskStore.POSITION_COUNTER,
                stored.position());
    }

    private static ConflictException duplicate(Task task) {
        return new ConflictException("duplicate_identifier",
                "Identifier " + task.identifier() + " already exists on board " + task.boardId() + ".");
    }
}
