package dev.tasklane.domain.task;

import dev.tasklane.domain.id.UserId;

import java.time.Instant;
import java.util.Objects;

/**
 * That a task is archived: when, why, by whom. An archived task keeps its column, position, claim and history; it is
 * left out of the board, {@code next}, the review queue and the default task list until it is restored.
 *
 * @param duplicateOf the identifier of the task this one duplicates; set only for {@link ArchiveReason#DUPLICATE}
 * @param archivedById the user who archived it; null when unknown
 */
public record Archive(Instant archivedAt, ArchiveReason reason, String note, String duplicateOf, UserId archivedById) {
    public Archive {
        Objects.requireNonNull(archivedAt, "archivedAt");
        Objects.requireNonNull(reason, "reason");
    }
}
