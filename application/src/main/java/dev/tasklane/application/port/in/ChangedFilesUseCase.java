package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;

/** The only writer of a task's per-file diff snapshot (changed_files). */
public interface ChangedFilesUseCase {
    /** @param changedFiles the decoded changed_files value (a list of {path, diff} objects) */
    TaskView putChangedFiles(Actor actor, TaskRef ref, Object changedFiles, String claimToken);
}
