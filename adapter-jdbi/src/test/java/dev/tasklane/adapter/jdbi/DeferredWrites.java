package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.TaskStore;
import dev.tasklane.application.port.out.Transactions;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.BoardFixture;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.validation.CompletionMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The writes a transaction defers to its commit ({@link JdbiTransactions.PendingWrites}: history rows, the counters it holds) are
 * undone with a savepoint exactly as the statements they replace would have been: what an undone attempt appended
 * is never written, and the counter values it took are taken again, never twice.
 */
abstract class DeferredWrites {
    private JdbiStores stores;
    private BoardFixture board;
    private TaskStore tasks;
    private Transactions transactions;

    /** Stores on an empty database; closed after the test when {@link #closesStores()}. */
    protected abstract JdbiStores openStores();

    protected abstract boolean closesStores();

    @BeforeEach
    void createBoard() {
        stores = openStores();
        board = new BoardFixture(new StoreSet(stores.tasks(), stores.directory(), stores.transactions(), stores.events()),
                CompletionMode.GRACE);
        tasks = stores.tasks();
        transactions = stores.transactions();
    }

    @AfterEach
    void close() {
        if (closesStores()) {
            stores.close();
        }
    }

    @Test
    void historyAppendedInAnUndoneAttemptIsNeverWritten() {
        TaskId taskId = board.create(board.alice, task("watched")).task().id();
        int before = transactions.inTransaction(() -> tasks.history(taskId)).size();

        transactions.inTransaction(() -> {
            transactions.tentatively(() -> {
                tasks.appendHistory(entry(taskId, "undone"));
                return Optional.empty();
            });
            tasks.appendHistory(entry(taskId, "kept"));
            assertEquals(before + 1, tasks.history(taskId).size(), "the transaction reads what it appended");
            return null;
        });

        var history = transactions.inTransaction(() -> tasks.history(taskId));
        assertEquals(before + 1, history.size(), "only the entry outside the undone attempt: " + history);
        assertEquals("kept", history.get(history.size() - 1).agentName());
    }

    @Test
    void counterValuesTakenInAnUndoneAttemptAreTakenAgainAndNeverTwice() {
        BoardId boardId = board.boardId;
        long[] taken = transactions.inTransaction(() -> {
            long first = tasks.nextPosition(boardId);
            long kept = transactions.tentatively(() -> Optional.of(tasks.nextPosition(boardId))).orElseThrow();
            long[] inUndone = new long[2];
            transactions.tentatively(() -> {
                inUndone[0] = tasks.nextPosition(boardId);
                inUndone[1] = tasks.nextIdentifierNumber(boardId, TaskType.WORK);
                return Optional.empty();
            });
            long again = tasks.nextPosition(boardId);
            long identifierAgain = tasks.nextIdentifierNumber(boardId, TaskType.WORK);
            assertEquals(first + 1, kept);
            assertEquals(kept + 1, inUndone[0], "the undone attempt continued after the kept one");
            assertEquals(inUndone[0], again, "a value taken in an undone attempt is taken again");
            assertEquals(inUndone[1], identifierAgain, "a counter first taken in an undone attempt starts over");
            return new long[] {again, identifierAgain};
        });

        assertEquals(taken[0] + 1, transactions.inTransaction(() -> tasks.nextPosition(boardId)),
                "the counter was written with the last value the transaction took");
        assertEquals(taken[1] + 1, transactions.inTransaction(() -> tasks.nextIdentifierNumber(boardId, TaskType.WORK)));
    }

    private static HistoryEntry entry(TaskId taskId, String agent) {
        return new HistoryEntry(taskId, HistoryKind.UPDATED, BoardFixture.START, null, agent, HistoryFacts.NONE);
    }
}
