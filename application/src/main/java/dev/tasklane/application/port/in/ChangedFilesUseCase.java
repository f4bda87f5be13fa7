package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;

/** PUT /api/tasks/:id/changed_files: the only writer of the per-file diff snapshot. */
public interface ChangedFilesUseCase {
    /** @param changedFiles the decoded changed_files value (a list of {path, diff} objects) */
    TaskView putChangedFiles(Actor actor, TaskRef ref, Object changedFiles, String claimToken);
}
