package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.port.in.Created;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.BoardFixture;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.validation.CompletionMode;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static dev.tasklane.application.usecase.BoardFixture.goal;
import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 10, item 6: one lock order everywhere (docs/operations.md, "Lock order"): a task before its goal.
 * A transaction holds a goal's child, as a claim or a completion does before it locks the goal; assigning the
 * goal must then wait for that child without having locked the goal, so that the holder can go on to lock the
 * goal. Under the former order (goal, then children) the assignment held the goal while it waited, and the
 * holder's next step was a deadlock.
 */
@RequiresPostgres
final class PostgresLockOrderTest {

    @Test
    void assigningAGoalWaitsForAHeldChildWithoutHoldingTheGoal() throws Exception {
        JdbiStores jdbi = TestDatabases.postgres();
        BoardFixture board = new BoardFixture(new StoreSet(jdbi.tasks(), jdbi.directory(), jdbi.transactions()),
                CompletionMode.GRACE);
        Created created = board.createGoal(board.admin, goal("Goal", List.of(task("first"), task("second"))));
        TaskId goalId = created.root().task().id();
        TaskId childId = created.children().get(0).task().id();

        CountDownLatch childHeld = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            Future<Boolean> holder = threads.submit(() -> board.stores.tx(() -> {
                jdbi.tasks().lockById(board.boardId, childId).orElseThrow();
                childHeld.countDown();
                awaitQuietly(release);
                // as GoalSync does after a claim or completion: the goal after its child
                return jdbi.tasks().lockById(board.boardId, goalId).isPresent();
            }));
            assertTrue(childHeld.await(1, TimeUnit.MINUTES), "the holder did not lock the child");
            Future<TaskView> assignment = threads.submit(() -> board.app.assignment()
                    .assign(board.admin, BoardFixture.ref(created.root().task().identifier().toString()), board.alice.userId()));
            awaitLockWaiter(jdbi);
            boolean goalFree = lockableWithoutWaiting(jdbi, goalId);
            release.countDown();
            assertTrue(holder.get(1, TimeUnit.MINUTES));
            assignment.get(1, TimeUnit.MINUTES);
            assertTrue(goalFree, "the assignment held the goal while it waited for a child");
            for (TaskView child : created.children()) {
                assertEquals(board.alice.userId(), board.get(child.task().identifier().toString()).task().assignedToId());
            }
        } finally {
            release.countDown();
            threads.shutdownNow();
        }
    }

    /** Waits until some backend of this database waits for a lock (the assignment, blocked on the child). */
    private static void awaitLockWaiter(JdbiStores jdbi) throws SQLException, InterruptedException {
        for (int i = 0; i < 3_000; i++) {
            try (Connection connection = jdbi.dataSource().getConnection();
                 PreparedStatement waiting = connection.prepareStatement("SELECT count(*) FROM pg_stat_activity "
                         + "WHERE datname = current_database() AND wait_event_type = 'Lock'");
                 ResultSet count = waiting.executeQuery()) {
                count.next();
                if (count.getLong(1) > 0) {
                    return;
                }
            }
            Thread.sleep(10);
        }
        throw new AssertionError("the assignment never waited for the held child");
    }

    /** {@code FOR UPDATE NOWAIT}: true when no other transaction holds the row. */
    private static boolean lockableWithoutWaiting(JdbiStores jdbi, TaskId taskId) throws SQLException {
        try (Connection connection = jdbi.dataSource().getConnection()) {
            connection.setAutoCommit(false);
            try (PreparedStatement lock = connection.prepareStatement("SELECT id FROM tasks WHERE id = ? FOR UPDATE NOWAIT")) {
                lock.setLong(1, taskId.value());
                lock.executeQuery().close();
                return true;
            } catch (SQLException held) {
                if ("55P03".equals(held.getSQLState())) {
                    return false;
                }
                throw held;
            } finally {
                connection.rollback();
                connection.setAutoCommit(true);
            }
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
