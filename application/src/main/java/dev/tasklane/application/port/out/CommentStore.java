package dev.tasklane.application.port.out;

import dev.tasklane.domain.comment.Comment;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;

import java.util.List;
import java.util.Optional;

/**
 * A task's comments.
 *
 * <p>Every method runs inside the caller's {@link Transactions#inTransaction} unit of work, scoped to one board, and is
 * pinned by {@code TaskStoreContract} (this module's test-jar), which every store extends.
 */
public interface CommentStore {
    /** Stores a new comment (its id is 0) and answers it with its id, which grows with every comment stored. */
    Comment insertComment(Comment comment);

    /** A task's comments with an id above {@code afterCommentId}, oldest first, at most {@code limit}. */
    List<Comment> comments(BoardId boardId, TaskId taskId, long afterCommentId, int limit);

    /** One comment of the board. */
    Optional<Comment> comment(BoardId boardId, long commentId);

    /** Removes a comment of the board; nothing when there is none. */
    void deleteComment(BoardId boardId, long commentId);
}
