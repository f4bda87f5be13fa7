package dev.tasklane.application.port.out;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.selection.KeyFileHolder;

import java.util.Collection;
import java.util.Optional;

/**
 * Key files a task in Doing or Review holds, and the lock that serialises claims over them (docs/rules.md,
 * "Selection rules", key files).
 *
 * <p>Every method runs inside the caller's {@link Transactions#inTransaction} unit of work, scoped to one board, and is
 * pinned by {@code TaskStoreContract} (this module's test-jar), which every store extends.
 */
public interface KeyFileLocks {
    /** A task other than {@code exceptTaskId}, in Doing or Review, that lists {@code filePath} among its key files. */
    Optional<KeyFileHolder> keyFileHolder(BoardId boardId, String filePath, TaskId exceptTaskId);

    /**
     * Serialises claims over these key files until the transaction ends: a concurrent transaction locking one
     * of them waits, and its {@link #keyFileHolder} checks made afterwards see what this one committed. Without
     * it two claims of different tasks sharing a file could both find the file free (write skew). Stores lock
     * in a fixed order (by path) so that claimers never deadlock over files.
     */
    void lockKeyFiles(BoardId boardId, Collection<String> filePaths);
}
