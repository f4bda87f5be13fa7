package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.out.CandidateQuery;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.BoardFixture;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.validation.CompletionMode;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static dev.tasklane.adapter.jdbi.PostgresLockOrderTest.lockable;
import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A claim attempt's savepoint on PostgreSQL travels with the candidate's lock and is never released
 * ({@code JdbiTransactions.tentatively}): an undone attempt must still release what it locked, a kept one must keep
 * it through the attempts undone after it, and an attempt that sent nothing has nothing to undo.
 */
@RequiresPostgres
final class PostgresTentativeTest {
    private final JdbiStores jdbi = TestDatabases.postgres();
    private final BoardFixture board = new BoardFixture(new StoreSet(jdbi.tasks(), jdbi.directory(), jdbi.transactions()),
            CompletionMode.GRACE);

    @Test
    void anUndoneAttemptReleasesWhatItLockedAndAKeptOneKeepsIt() {
        TaskId kept = id(board.create(board.alice, task("kept")));
        TaskId undone = id(board.create(board.alice, task("undone")));
        TaskId read = id(board.create(board.alice, task("read")));
        CandidateQuery query = new CandidateQuery(board.boardId, board.alice.userId(), board.alice.capabilities(),
                board.clock.instant());
        board.stores.run(() -> {
            assertEquals(Optional.empty(), jdbi.transactions().tentatively(() -> Optional.<Task>empty()),
                    "an attempt that sent nothing");
            assertTrue(jdbi.transactions().tentatively(() -> jdbi.tasks().lockCandidate(query, kept)).isPresent());
            assertEquals(Optional.empty(), jdbi.transactions().tentatively(() -> jdbi.tasks().lockCandidate(query, undone)
                    .filter(locked -> false)));
            assertEquals(Optional.empty(), jdbi.transactions().tentatively(() -> {
                // a statement of JDBI's first sends the savepoint on its own, then the lock
                jdbi.tasks().findById(board.boardId, read).orElseThrow();
                return jdbi.tasks().lockCandidate(query, read).filter(locked -> false);
            }));
            assertFalse(lockable(jdbi, kept), "the kept attempt's lock lasts until the commit");
            assertTrue(lockable(jdbi, undone), "the undone attempt released its lock");
            assertTrue(lockable(jdbi, read), "the undone attempt released its lock");
        });
        assertTrue(lockable(jdbi, kept), "the commit released the kept attempt's lock");
    }

    private static TaskId id(TaskView view) {
        return view.task().id();
    }
}
