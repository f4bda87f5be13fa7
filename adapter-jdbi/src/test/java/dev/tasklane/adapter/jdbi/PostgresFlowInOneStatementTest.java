package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.out.FlowStore;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.BoardFixture;
import dev.tasklane.domain.flow.AgentActivity;
import dev.tasklane.domain.flow.FlowAgent;
import dev.tasklane.domain.flow.TaskFlow.FlowEvent;
import dev.tasklane.domain.flow.TaskFlow.MoveCount;
import dev.tasklane.domain.flow.TaskFlow;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.validation.CompletionMode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
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
 * that statement writes them, a rollback after it leaves no trace of them, and two transactions of one board never
 * wait for each other's commit, for the event numbers or for the counting rows.
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

    /** The rollup's writes of a transition, then the append: what a use case does before its commit. */
    private void transition(TaskFlow claimed) {
        transition(taskId, claimed, AGENT);
    }

    private void transition(TaskId task, TaskFlow claimed, FlowAgent agent) {
        flows().putFlow(board.boardId, task, claimed);
        flows().addMoves(board.boardId, List.of(new MoveCount(BoardFixture.START, Status.OPEN, Status.IN_PROGRESS, 1)));
        flows().touchAgents(board.boardId, Map.of(agent, BoardFixture.START));
        jdbi.events().append(List.of(new TaskEvent(0, board.boardId, "task.claimed", task, "W-1", "in_progress", "Doing",
                agent.user(), agent.agentName(), BoardFixture.START)));
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

    /**
     * Two transitions of one board by two agents, on two connections: the second commits while the first is still
     * open, so neither the event numbers nor the counting rows make one wait for the other's commit. The second's
     * event is held back while the first, older, transaction runs, and both are readable in number order once it ends.
     */
    @Test
    void twoTransitionsOfOneBoardNeverWaitForEachOthersCommit() throws Exception {
        board.stores.run(() -> transition(taskId, claimed(), AGENT)); // the rows exist from here on
        TaskId other = board.get(id(board.create(board.admin, task("Beside")))).task().id();
        FlowAgent otherAgent = new FlowAgent(board.bob.userId(), "beside-agent");
        TaskFlow otherClaimed = board.stores.tx(() -> flows().flow(other)).orElseThrow()
                .apply(FlowEvent.of(BoardFixture.START, FlowEvent.Kind.CLAIMED, otherAgent));
        long before = jdbi.events().lastId();
        CountDownLatch written = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            Future<?> first = threads.submit(() -> {
                board.stores.run(() -> {
                    transition(taskId, claimed(), AGENT);
                    written.countDown();
                    awaitQuietly(release);
                });
                return null;
            });
            assertTrue(written.await(1, TimeUnit.MINUTES), "the first transition did not write");
            // a wait would end in the lock timeout (3 s) and fail the second transition
            threads.submit(() -> {
                board.stores.run(() -> transition(other, otherClaimed, otherAgent));
                return null;
            }).get(1, TimeUnit.MINUTES);

            assertEquals(List.of(), jdbi.events().after(before, 10), "the second's event waits for the older transaction");
            assertEquals(before, jdbi.events().lastId());
            assertEquals(1, jdbi.events().heldBack(), "the operator's gauge counts it");
            assertTrue(jdbi.events().oldestWriter().compareTo(java.time.Duration.ZERO) > 0, "and sees the older transaction");
            release.countDown();
            first.get(1, TimeUnit.MINUTES);
        } finally {
            release.countDown();
            threads.shutdownNow();
        }
        List<TaskEvent> both = jdbi.events().after(before, 10);
        assertEquals(List.of(taskId, other), both.stream().map(TaskEvent::taskId).toList(), "numbered in the order "
                + "the transactions began: " + both);
        assertEquals(both.get(1).sequence(), jdbi.events().lastId());
        assertEquals(0, jdbi.events().heldBack());
        assertEquals(3, moves(), "every transition counted, in the two connections' slots");
        long slots = jdbi.jdbi().withHandle(handle -> handle.createQuery("SELECT count(DISTINCT slot) FROM flow_moves "
                + "WHERE board_id = :board AND from_column = 0 AND to_column = 1")
                .bind("board", board.boardId.value()).mapTo(Long.class).one());
        assertTrue(slots >= 2, "the two open transactions counted in two slots: " + slots);
    }

    /**
     * A transaction of another database of the cluster, running since before an event was written, holds nothing
     * back: it cannot write this database's events.
     */
    @Test
    void aTransactionOfAnotherDatabaseHoldsNoEventBack() throws Exception {
        Database database = TestDatabases.postgresDatabase();
        String elsewhere = database.url().replaceFirst("/[^/?]+(\\?|$)", "/postgres$1");
        long before = jdbi.events().lastId();
        try (Connection other = DriverManager.getConnection(elsewhere, database.user(), database.password())) {
            other.setAutoCommit(false);
            try (Statement statement = other.createStatement()) {
                statement.execute("CREATE TEMP TABLE holding (x INTEGER)"); // takes a transaction id
            }
            board.stores.run(() -> transition(taskId, claimed(), AGENT));
            assertEquals(List.of(taskId), jdbi.events().after(before, 10).stream().map(TaskEvent::taskId).toList());
            other.rollback();
        } catch (SQLException unreachable) {
            Assumptions.abort("cannot open a transaction in the database 'postgres' of the test cluster (" + elsewhere
                    + "): " + unreachable.getMessage());
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(1, TimeUnit.MINUTES);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
