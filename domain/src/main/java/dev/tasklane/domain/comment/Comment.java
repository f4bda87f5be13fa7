package dev.tasklane.domain.comment;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;

import java.time.Instant;
import java.util.Objects;

/**
 * A comment on a task: plain text by a user, and by the named agent when an agent posted it with a token.
 *
 * @param commentId the store's id; 0 until stored
 * @param agentName the agent that posted it; null for a person (or a token without an agent name)
 */
public record Comment(long commentId, BoardId boardId, TaskId taskId, UserId authorId, String agentName, String body,
                      Instant createdAt) {
    public Comment {
        Objects.requireNonNull(boardId, "boardId");
        Objects.requireNonNull(taskId, "taskId");
        Objects.requireNonNull(authorId, "authorId");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(createdAt, "createdAt");
    }

    public Comment withCommentId(long newCommentId) {
        return new Comment(newCommentId, boardId, taskId, authorId, agentName, body, createdAt);
    }
}
