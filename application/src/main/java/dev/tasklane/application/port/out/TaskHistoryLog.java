package dev.tasklane.application.port.out;

import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.id.TaskId;

import java.util.List;

/**
 * A task's history: appended with each change, read oldest first.
 *
 * <p>Every method runs inside the caller's {@link Transactions#inTransaction} unit of work, scoped to one board, and is
 * pinned by {@code TaskStoreContract} (this module's test-jar), which every store extends.
 */
public interface TaskHistoryLog {
    void appendHistory(HistoryEntry entry);

    /** A task's history, oldest first. */
    List<HistoryEntry> history(TaskId taskId);
}
