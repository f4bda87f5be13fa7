package dev.tasklane.application.port.in;

import java.time.Instant;

/**
 * A change to a task, as streamed to live clients: {@code type} is the event name ("task.claimed"),
 * {@code sequence} is increasing per server and resumable through Last-Event-ID.
 */
public record TaskEvent(long sequence, long boardId, String type, long taskId, String identifier, String status,
                        String column, Long actorUserId, String agentName, Instant at) {
    public TaskEvent withSequence(long newSequence) {
        return new TaskEvent(newSequence, boardId, type, taskId, identifier, status, column, actorUserId, agentName, at);
    }
}
