package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.comment.Comment;

import java.util.List;

/**
 * Comments on a task, by people and by agents (docs/rules.md, "Comments"): read by every member, written by members who
 * can write, deleted by their author or a board owner.
 */
public interface CommentsUseCase {
    /** A page of the task's comments after {@code afterCommentId} (0: from the first), oldest first. */
    CommentPage list(Actor actor, TaskRef ref, long afterCommentId, int limit);

    /** Posts a comment; {@code agentName} names the agent posting with a token (null for a person). */
    PostedComment post(Actor actor, TaskRef ref, String body, String agentName);

    /** Deletes one of the task's comments. */
    void delete(Actor actor, TaskRef ref, long commentId);

    /** A comment and its author's username (null when the user is gone). */
    record PostedComment(Comment comment, String authorUsername) {
    }

    /** {@code nextAfter}: the id to continue after, or null on the last page. */
    record CommentPage(List<PostedComment> comments, Long nextAfter) {
        public CommentPage {
            comments = List.copyOf(comments);
        }
    }
}
