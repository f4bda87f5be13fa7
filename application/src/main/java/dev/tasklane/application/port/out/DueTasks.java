package dev.tasklane.application.port.out;

import dev.tasklane.domain.task.Task;

import java.time.Instant;
import java.util.List;

/**
 * What the maintenance sweep finds due across boards: claims that expired, goals whose after_goal lifecycle waits.
 *
 * <p>Every method runs inside the caller's {@link Transactions#inTransaction} unit of work, scoped to one board, and is
 * pinned by {@code TaskStoreContract} (this module's test-jar), which every store extends.
 */
public interface DueTasks {
    /** Tasks in Doing whose claim expired at or before {@code now}, across boards, at most {@code limit}. */
    List<Task> expiredClaims(Instant now, int limit);

    /** Goals whose after_goal lifecycle has been pending since at or before {@code armedBefore}. */
    List<Task> pendingAfterGoals(Instant armedBefore, int limit);
}
