package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;

/** Edit a task's descriptive fields; server-managed fields are refused. */
public interface UpdateTaskUseCase {
    /** The 409 code of an edit made against a version of the task that is no longer the stored one. */
    String EDIT_CONFLICT = "edit_conflict";

    TaskView update(Actor actor, TaskRef ref, UpdateTask edit);

    /**
     * The same edit, applied only if the task is still at {@code readAtVersion}, the stored version the editor read
     * (optimistic concurrency, as the web interface's edit form uses it): checked under the task's lock, so of two
     * edits read at the same version exactly one is applied.
     *
     * @throws dev.tasklane.domain.error.ConflictException {@link #EDIT_CONFLICT} when the task changed since
     */
    TaskView update(Actor actor, TaskRef ref, UpdateTask edit, long readAtVersion);
}
