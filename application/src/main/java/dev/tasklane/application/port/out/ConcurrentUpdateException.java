package dev.tasklane.application.port.out;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.TasklaneException;
import dev.tasklane.domain.id.TaskId;

/**
 * A store refused an update because the stored version is not the one the change was based on: another
 * transaction changed the task first. The use case is rolled back; the caller may retry.
 */
public final class ConcurrentUpdateException extends TasklaneException {
    private static final long serialVersionUID = 1L;

    public ConcurrentUpdateException(TaskId taskId, long expectedVersion) {
        super("concurrent_update", "Task " + taskId + " was changed by another request (expected version "
                + expectedVersion + "); retry the request.", new ErrorDetails.ChangedTask(taskId));
    }

    /** The store could not complete the work because another transaction held what it needed. */
    public ConcurrentUpdateException(String reason) {
        super("concurrent_update", "The request collided with another one (" + reason + "); retry the request.",
                ErrorDetails.NONE);
    }
}
