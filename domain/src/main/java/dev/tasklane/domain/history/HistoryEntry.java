package dev.tasklane.domain.history;

import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import java.time.Instant;
import java.util.Objects;

/**
 * One line of a task's history: what happened, when, who did it (user and agent name), and the facts that
 * changed (for an assignment, {@code from} and {@code to}).
 */
public record HistoryEntry(TaskId taskId, HistoryKind kind, Instant at, UserId actorUserId, String agentName,
                           HistoryFacts facts) {
    public HistoryEntry {
        Objects.requireNonNull(facts, "facts (HistoryFacts.NONE when there are none)");
    }

    public static HistoryEntry assignment(TaskId taskId, UserId from, UserId to, UserId actorUserId, Instant at) {
        return new HistoryEntry(taskId, HistoryKind.ASSIGNED, at, actorUserId, null, new HistoryFacts.Assignment(from, to));
    }
}
