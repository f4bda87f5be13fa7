package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.comment.Comment;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.mapper.RowMapper;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

/** The {@code task_comments} table: a task's comments, read in id order. */
final class CommentRows {
    private static final String COLUMNS = "id, board_id, task_id, author_id, agent_name, body, created_at";
    private static final RowMapper<Comment> MAPPER = (row, context) -> new Comment(row.getLong("id"),
            BoardId.of(row.getLong("board_id")), TaskId.of(row.getLong("task_id")), UserId.of(row.getLong("author_id")),
            row.getString("agent_name"), row.getString("body"),
            row.getObject("created_at", OffsetDateTime.class).toInstant());

    private CommentRows() {
    }

    static Comment insert(Handle handle, Comment comment) {
        long id = handle.createUpdate("INSERT INTO task_comments (board_id, task_id, author_id, agent_name, body, created_at) "
                        + "VALUES (:board, :task, :author, :agent, :body, :at)")
                .bind("board", comment.boardId()).bind("task", comment.taskId()).bind("author", comment.authorId())
                .bind("agent", comment.agentName()).bind("body", comment.body())
                .bind("at", TaskRows.timestamp(comment.createdAt()))
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
        return comment.withCommentId(id);
    }

    static List<Comment> page(Handle handle, BoardId boardId, TaskId taskId, long afterCommentId, int limit) {
        if (limit <= 0) {
            return List.of();
        }
        return handle.createQuery("SELECT " + COLUMNS + " FROM task_comments WHERE task_id = :task AND board_id = :board "
                        + "AND id > :after ORDER BY task_id, id")
                .bind("task", taskId).bind("board", boardId).bind("after", afterCommentId)
                .setMaxRows(limit).map(MAPPER).list();
    }

    static Optional<Comment> one(Handle handle, BoardId boardId, long commentId) {
        return handle.createQuery("SELECT " + COLUMNS + " FROM task_comments WHERE id = :id AND board_id = :board")
                .bind("id", commentId).bind("board", boardId).map(MAPPER).findOne();
    }

    static void delete(Handle handle, BoardId boardId, long commentId) {
        handle.createUpdate("DELETE FROM task_comments WHERE id = :id AND board_id = :board")
                .bind("id", commentId).bind("board", boardId).execute();
    }

    static void deleteOfTask(Handle handle, TaskId taskId) {
        handle.createUpdate("DELETE FROM task_comments WHERE task_id = :task").bind("task", taskId).execute();
    }
}
