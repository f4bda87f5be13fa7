package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.out.FlowStore;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.BoardFixture;
import dev.tasklane.domain.flow.AgentActivity;
import dev.tasklane.domain.flow.FlowAgent;
import dev.tasklane.domain.flow.FlowEvent;
import dev.tasklane.domain.flow.MoveCount;
import dev.tasklane.domain.flow.TaskFlow;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.validation.CompletionMode;
import org.jdbi.v3.core.JdbiException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static dev.tasklane.application.usecase.BoardFixture.id;
import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * On PostgreSQL the flow rollup's rows go in the event outbox's one statement (docs/operations.md, "Flow rollup"):
 * that statement writes them, a rollback after it leaves no trace of them, and it writes the task's own flow state
 * before it waits for the {@code event_sequence} row but the board's counting rows only after, so those are still
 * written by one transaction at a time.
 */
@RequiresPostgres
final class PostgresFlowInOneStatementTest {
    private static final FlowAgent AGENT = new FlowAgent(dev.tasklane.domain.id.UserId.of(1), "fold-agent");

    private JdbiStores jdbi;
    private BoardFixture board;
    private TaskId taskId;
    private TaskFlow created;

    @BeforeEach
    void createTask() {
        jdbi = TestDatabases.postgres();
        board = new BoardFixture(new StoreSet(jdbi.tasks(), jdbi.directory(), jdbi.transactions(), jdbi.events()),
                CompletionMode.GRACE);
        String identifier = id(board.create(board.admin, task("Folded")));
        taskId = board.get(identifier).task().id();
        created = board.stores.tx(() -> flows().flow(taskId)).orElseThrow();
    }

    private FlowStore flows() {
        return jdbi.tasks().flows();
    }

    private TaskEvent event() {
        return new TaskEvent(0, board.boardId, "task.claimed", taskId, "W-1", "in_progress", "Doing",
                board.alice.userId(), "fold-agent", BoardFixture.START);
    }

    /** The rollup's writes of a transition, then the append: what a use case does before its commit. */
    private void transition(TaskFlow claimed) {
        flows().putFlow(board.boardId, taskId, claimed);
        flows().addMoves(board.boardId, List.of(new MoveCount(BoardFixture.START, Status.OPEN, Status.IN_PROGRESS, 1)));
        flows().touchAgents(board.boardId, Map.of(AGENT, BoardFixture.START));
        jdbi.events().append(List.of(event()));
    }

    private TaskFlow claimed() {
        return created.apply(FlowEvent.of(BoardFixture.START, FlowEvent.Kind.CLAIMED, AGENT));
    }

    private long moves() {
        return board.stores.tx(() -> flows().moves(board.boardId, Instant.EPOCH)).stream()
                .filter(m -> m.from() == Status.OPEN && m.to() == Status.IN_PROGRESS).mapToLong(MoveCount::count).sum();
    }

    @Test
    void theOutboxStatementWritesTheRollupRows() {
        StatementCounter.Cost cost = StatementCounter.measure(jdbi, () -> {
            board.stores.run(() -> transition(claimed()));
            return null;
        });

        assertEquals(1, cost.count(), "the rollup's rows go in the outbox's statement; " + cost);
        String statement = cost.statements().get(0);
        assertTrue(statement.contains("UPDATE tasks SET flow_column") && statement.contains("INSERT INTO flow_moves")
                && statement.contains("INSERT INTO flow_agents") && statement.contains("INSERT INTO task_events"), statement);
        assertEquals(claimed(), board.stores.tx(() -> flows().flow(taskId)).orElseThrow());
        assertEquals(1, moves());
        assertEquals(List.of(new AgentActivity(AGENT, BoardFixture.START)), board.stores.tx(() -> flows().agents(board.boardId))
                .stream().filter(a -> a.agent().equals(AGENT)).toList());
    }

    @Test
    void aRollbackAfterTheOutboxStatementLeavesNoTrace() {
        long lastEvent = jdbi.events().lastId();
        List<AgentActivity> agentsBefore = board.stores.tx(() -> flows().agents(board.boardId));

        assertThrows(IllegalStateException.class, () -> board.stores.run(() -> {
            transition(claimed());
            throw new IllegalStateException("roll back after the append");
        }));

        assertEquals(created, board.stores.tx(() -> flows().flow(taskId)).orElseThrow());
        assertEquals(0, moves());
        assertEquals(agentsBefore, board.stores.tx(() -> flows().agents(board.boardId)));
        assertEquals(lastEvent, jdbi.events().lastId());
    }

    @Test
    void theCountingRowsWaitForTheEventNumbersAndTheTasksStateDoesNot() throws Exception {
        board.stores.run(() -> transition(claimed())); // the rows exist from here on
        CountDownLatch numbersHeld = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            Future<?> holder = threads.submit(() -> {
                board.stores.run(() -> {
                    jdbi.events().append(List.of(event())); // holds event_sequence until the commit
                    numbersHeld.countDown();
                    awaitQuietly(release);
                });
                return null;
            });
            assertTrue(numbersHeld.await(1, TimeUnit.MINUTES), "the holder did not take the event numbers");
            Future<?> waiter = threads.submit(() -> {
                board.stores.run(() -> transition(claimed()));
                return null;
            });
            awaitWaitingStatement(waiter);

            // the waiting statement wrote the task's flow state before it waited: the task's row is locked
            JdbiException flowRowLocked = assertThrows(JdbiException.class, () -> jdbi.jdbi().inTransaction(handle ->
                    handle.createQuery("SELECT count(*) FROM (SELECT 1 FROM tasks WHERE id = :task "
                            + "FOR UPDATE NOWAIT) AS t").bind("task", taskId.value()).mapTo(Long.class).one()));
            assertEquals("55P03", ((java.sql.SQLException) flowRowLocked.getCause()).getSQLState(), flowRowLocked.toString());
            // and none of the counting rows: another transaction takes them at once
            assertEquals(1L, (long) jdbi.jdbi().inTransaction(handle -> handle.createQuery("SELECT count(*) FROM (SELECT 1 FROM "
                    + "flow_moves WHERE board_id = :board AND from_column = 0 AND to_column = 1 FOR UPDATE NOWAIT) AS t").bind("board", board.boardId.value())
                    .mapTo(Long.class).one()));
            assertEquals(1L, (long) jdbi.jdbi().inTransaction(handle -> handle.createQuery("SELECT count(*) FROM (SELECT 1 FROM "
                    + "flow_agents WHERE board_id = :board AND agent_name = 'fold-agent' FOR UPDATE NOWAIT) AS t")
                    .bind("board", board.boardId.value()).mapTo(Long.class).one()));

            release.countDown();
            holder.get(1, TimeUnit.MINUTES);
            waiter.get(1, TimeUnit.MINUTES);
        } catch (JdbiException lockedByTheWaiter) {
            throw new AssertionError("the waiting outbox statement holds a rollup row", lockedByTheWaiter);
        } finally {
            release.countDown();
            threads.shutdownNow();
        }
        assertEquals(2, moves(), "both transitions counted once the waiter committed");
    }

    /** Until the second transaction's outbox statement waits for the lock on the event numbers. */
    private void awaitWaitingStatement(Future<?> waiter) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (System.nanoTime() < deadline) {
            long waiting = jdbi.jdbi().withHandle(handle -> handle.createQuery("SELECT count(*) FROM pg_stat_activity "
                    + "WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'WITH %'")
                    .mapTo(Long.class).one());
            if (waiting == 1) {
                return;
            }
            if (waiter.isDone()) {
                waiter.get();
                throw new AssertionError("the second transition did not wait for the first one's commit");
            }
            Thread.sleep(10);
        }
        throw new AssertionError("the second outbox statement never waited for the event numbers: "
                + jdbi.jdbi().withHandle(handle -> handle.createQuery("SELECT coalesce(wait_event_type, '-') || ' ' || "
                        + "state || ' ' || left(query, 60) FROM pg_stat_activity WHERE datname = current_database()")
                        .mapTo(String.class).list()));
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(1, TimeUnit.MINUTES);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
