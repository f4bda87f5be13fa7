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

    /** The most tasks one {@link #archiveDone} call archives; the rest wait for the next call. */
    int MAX_BULK = 500;

    /**
     * Archives, with the reason completed, the board's tasks in Done (not archived yet) that were completed before
     * {@code cutoff} (or, without a completion record, last changed before it); a goal takes its children with it.
     * At most {@link #MAX_BULK} tasks; answers their identifiers.
     */
    List<String> archiveDone(Actor actor, java.time.Instant cutoff);

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
