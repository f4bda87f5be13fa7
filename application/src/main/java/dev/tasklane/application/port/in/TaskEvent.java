package dev.tasklane.application.port.in;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import java.time.Instant;

/**
 * A change to a task, as streamed to live clients: {@code type} is the event name ("task.claimed"),
 * {@code sequence} is the event's number in the store's outbox (0 until it was written there), the same on
 * every server sharing the store, and resumable through Last-Event-ID.
 */
public record TaskEvent(long sequence, BoardId boardId, String type, TaskId taskId, String identifier, String status,
                        String column, UserId actorUserId, String agentName, Instant at) {
    public TaskEvent withSequence(long newSequence) {
        return new TaskEvent(newSequence, boardId, type, taskId, identifier, status, column, actorUserId, agentName, at);
    }
}
