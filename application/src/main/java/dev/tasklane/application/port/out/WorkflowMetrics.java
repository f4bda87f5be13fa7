package dev.tasklane.application.port.out;

import dev.tasklane.domain.history.HistoryEntry;

import java.util.List;

/**
 * Told what a use case recorded in the task history, once its transaction committed, on the thread that ran it:
 * how the server counts the claims, completions, reviews and lease expiries it carried out (docs/operations.md,
 * "Metrics"). A use case that failed or was rolled back tells nothing, and a use case rerun after a lost race
 * tells only its committed attempt. Changes made by other servers sharing the store are theirs to count.
 *
 * <p>Called on the request path: an implementation must be quick, must not block and must not throw.
 */
public interface WorkflowMetrics {
    /** Counts nothing: an embedding without metrics. */
    WorkflowMetrics NONE = entries -> { };

    /** {@code entries} (never empty) were committed, in the order they were recorded. */
    void committed(List<HistoryEntry> entries);
}
