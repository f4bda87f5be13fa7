package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.archive.ArchiveRequest;

import java.util.List;

/**
 * Tidying the board: archive a task or a goal (with its children) with a reason, restore it where it was, or delete
 * it for good (docs/rules.md, "Archive, restore and delete").
 */
public interface ArchiveUseCase {
    /** Archives the task, and a goal's children; answers the task as archived. */
    TaskView archive(Actor actor, TaskRef ref, ArchiveRequest request);

    /** Brings an archived task (and the children archived with a goal) back where it was. */
    TaskView restore(Actor actor, TaskRef ref);

    /** Deletes the task, and a goal's children; answers what was deleted, children first. */
    Deleted delete(Actor actor, TaskRef ref);

    /** The identifiers of the tasks deleted, children first, the task asked for last. */
    record Deleted(List<String> identifiers) {
        public Deleted {
            identifiers = List.copyOf(identifiers);
        }
    }
}
