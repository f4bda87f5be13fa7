package dev.tasklane.domain.session;

import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;

import java.time.Instant;
import java.util.Objects;

/**
 * One entry of a session's activity log: {@code id} is its number, 0 until stored, increasing with time on the
 * task; {@code byUserId}/{@code byUsername} the poster, {@code agentName} the agent's name for the holder's kinds
 * (null for a person). {@code progress} only on {@link ActivityKind#PROGRESS}.
 */
public record Activity(long id, long sessionId, TaskId taskId, ActivityKind kind, String body, Progress progress,
                       UserId byUserId, String byUsername, String agentName, Instant at) {
    public Activity {
        Objects.requireNonNull(taskId, "taskId");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(at, "at");
        if (progress != null && kind != ActivityKind.PROGRESS) {
            throw new IllegalArgumentException("only a progress activity carries progress");
        }
    }

    public Activity withId(long newId) {
        return new Activity(newId, sessionId, taskId, kind, body, progress, byUserId, byUsername, agentName, at);
    }
}
