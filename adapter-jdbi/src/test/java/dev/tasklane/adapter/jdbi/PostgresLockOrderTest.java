package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.port.in.Created;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.BoardFixture;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.validation.CompletionMode;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static dev.tasklane.application.usecase.BoardFixture.goal;
import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One lock order everywhere (docs/operations.md, "Lock order"): a task before its goal.
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

    /**
     * A child moving right holds a sibling in Doing instead of the goal's row ({@code GoalSync.childAdvanced}): the
     * hold never waits, so it skips a sibling another transaction holds and passes over Ready siblings and expired
     * leases, locking the goal instead; once it holds one, that sibling cannot change until the holder commits, and
     * the goal stays free.
     */
    @Test
    void aFinishingChildHoldsASiblingInDoingWithoutWaitingAndLeavesTheGoalFree() throws Exception {
        JdbiStores jdbi = TestDatabases.postgres();
        BoardFixture board = new BoardFixture(new StoreSet(jdbi.tasks(), jdbi.directory(), jdbi.transactions()),
                CompletionMode.GRACE);
        Created created = board.createGoal(board.admin, goal("Goal", List.of(task("a"), task("b"), task("c"))));
        TaskId goalId = created.root().task().id();
        TaskId a = created.children().get(0).task().id();
        TaskId b = created.children().get(1).task().id();
        board.claim(board.alice, BoardFixture.id(created.children().get(0)));
        board.claim(board.bob, BoardFixture.id(created.children().get(1)));
        Set<Status> doing = EnumSet.of(Status.IN_PROGRESS);
        Instant now = board.clock.instant();

        try (Connection other = jdbi.dataSource().getConnection()) {
            other.setAutoCommit(false);
            try (PreparedStatement lock = other.prepareStatement("SELECT id FROM tasks WHERE id = ? FOR UPDATE")) {
                lock.setLong(1, b.value());
                lock.executeQuery().close();
            }
            board.stores.run(() -> {
                assertEquals(Optional.of(goalId), jdbi.tasks().lockGoalUnlessSiblingHeld(board.boardId, goalId, a, doing,
                        now).map(locked -> locked.goal().id()), "b is held by another transaction and c is in Ready: the goal is locked");
                assertFalse(lockable(jdbi, goalId), "the goal is locked");
            });
            other.rollback();
        }
        assertTrue(board.stores.tx(() -> jdbi.tasks().lockGoalUnlessSiblingHeld(board.boardId, goalId, a, doing,
                now.plus(Duration.ofDays(365)))).isPresent(), "b's lease has expired by then: a reclaim may move it");
        board.stores.run(() -> {
            assertEquals(Optional.empty(), jdbi.tasks().lockGoalUnlessSiblingHeld(board.boardId, goalId, a, doing, now));
            assertFalse(lockable(jdbi, b), "the held sibling cannot change before the holder commits");
            assertTrue(lockable(jdbi, goalId), "the goal's row is not locked");
        });
        assertTrue(lockableWithoutWaiting(jdbi, b), "released with the holder's transaction");
    }

    /**
     * The goal's lock and its children's statuses travel in one round trip on PostgreSQL ({@code lockGoal}): the
     * statuses must be read after the lock was granted, so a lock that waited reads what its holder committed. Here
     * another transaction holds the goal, as a claim does, and moves the goal's only Ready child to Doing; the waiting
     * lock must then see no child in Ready, or the goal would stay in Ready with nothing left to claim.
     */
    @Test
    void aGoalsChildrenAreReadAfterItsLockWasGranted() throws Exception {
        JdbiStores jdbi = TestDatabases.postgres();
        BoardFixture board = new BoardFixture(new StoreSet(jdbi.tasks(), jdbi.directory(), jdbi.transactions()),
                CompletionMode.GRACE);
        Created created = board.createGoal(board.admin, goal("Goal", List.of(task("a"), task("b"))));
        TaskId goalId = created.root().task().id();
        TaskId b = created.children().get(1).task().id();
        board.claim(board.alice, BoardFixture.id(created.children().get(0)));
        ExecutorService threads = Executors.newSingleThreadExecutor();
        try (Connection other = jdbi.dataSource().getConnection()) {
            other.setAutoCommit(false);
            try (PreparedStatement lock = other.prepareStatement("SELECT id FROM tasks WHERE id = ? FOR UPDATE");
                 PreparedStatement move = other.prepareStatement("UPDATE tasks SET status = 'IN_PROGRESS' WHERE id = ?")) {
                lock.setLong(1, goalId.value());
                lock.executeQuery().close();
                move.setLong(1, b.value());
                assertEquals(1, move.executeUpdate());
            }
            Future<Set<Status>> statuses = threads.submit(() -> board.stores.tx(() ->
                    jdbi.tasks().lockGoal(board.boardId, goalId).orElseThrow().childStatuses()));
            awaitLockWaiter(jdbi);
            other.commit();
            assertEquals(Set.of(Status.IN_PROGRESS), statuses.get(1, TimeUnit.MINUTES),
                    "the children were read before the lock was granted");
        } finally {
            threads.shutdownNow();
        }
    }

    static boolean lockable(JdbiStores jdbi, TaskId taskId) {
        try {
            return lockableWithoutWaiting(jdbi, taskId);
        } catch (SQLException failed) {
            throw new IllegalStateException(failed);
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
    static boolean lockableWithoutWaiting(JdbiStores jdbi, TaskId taskId) throws SQLException {
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
