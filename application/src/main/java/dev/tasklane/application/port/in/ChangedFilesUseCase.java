package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.validation.ChangedFilesDraft;

/** The only writer of a task's per-file diff snapshot (changed_files). */
public interface ChangedFilesUseCase {
    /**
     * Replaces the task's snapshot with {@code files} (an empty list clears it).
     *
     * @param files      the snapshot; {@link ChangedFilesDraft#of} builds one from typed files, and the HTTP edge
     *                   builds one that also carries the shape problems it found, which are reported after the
     *                   access and claim checks like every other problem of the snapshot
     * @param claimToken the claim's token when the caller presents it; may be null
     */
    TaskView putChangedFiles(Actor actor, TaskRef ref, ChangedFilesDraft files, String claimToken);
}
