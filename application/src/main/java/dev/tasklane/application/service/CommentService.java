package dev.tasklane.application.service;

import dev.tasklane.application.port.out.CommentStore;
import dev.tasklane.application.port.out.UserStore;
import dev.tasklane.application.port.in.CommentsUseCase;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.comment.Comment;
import dev.tasklane.domain.comment.CommentRules;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.validation.Limit;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Comments on tasks. A new comment is recorded in the task's history and emitted as {@code task.commented}, in the
 * transaction that stores it. Review notes reach the thread through {@link #reviewNote}.
 */
final class CommentService implements CommentsUseCase {
    private final UseCaseRunner runner;
    private final CommentStore tasks;
    private final UserStore directory;
    private final TaskLookup lookup;

    CommentService(UseCaseRunner runner, CommentStore tasks, UserStore directory, TaskLookup lookup) {
        this.runner = runner;
        this.tasks = tasks;
        this.directory = directory;
        this.lookup = lookup;
    }

    @Override
    public CommentPage list(Actor actor, TaskRef ref, long afterCommentId, int limit) {
        if (limit < 1 || limit > CommentRules.MAX_PAGE) {
            throw new InvalidInputException("invalid_param", "limit must be from 1 to " + CommentRules.MAX_PAGE,
                    new ErrorDetails.Field("limit"));
        }
        return runner.read(changes -> {
            Task task = lookup.require(actor.boardId(), ref);
            List<Comment> page = tasks.comments(actor.boardId(), task.id(), afterCommentId, limit + 1);
            boolean more = page.size() > limit;
            List<Comment> shown = more ? page.subList(0, limit) : page;
            Map<UserId, String> names = new HashMap<>();
            List<PostedComment> out = new ArrayList<>(shown.size());
            for (Comment comment : shown) {
                out.add(new PostedComment(comment, names.computeIfAbsent(comment.authorId(), this::username)));
            }
            return new CommentPage(out, more ? shown.get(shown.size() - 1).commentId() : null);
        });
    }

    @Override
    public PostedComment post(Actor actor, TaskRef ref, String body, String agentName) {
        String text = CommentRules.body(body);
        String agent = agentName == null || agentName.isBlank() ? null : agentName;
        return runner.write(actor, changes -> {
            Task task = lookup.require(actor.boardId(), ref);
            Comment stored = add(task, actor.userId(), agent, text, changes);
            return new PostedComment(stored, username(actor.userId()));
        });
    }

    @Override
    public void delete(Actor actor, TaskRef ref, long commentId) {
        runner.write(actor, changes -> {
            Task task = lookup.require(actor.boardId(), ref);
            Comment comment = tasks.comment(actor.boardId(), commentId)
                    .filter(found -> found.taskId().equals(task.id()))
                    .orElseThrow(() -> new NotFoundException("comment_not_found", "Comment not found"));
            CommentRules.requireMayDelete(actor, comment);
            tasks.deleteComment(actor.boardId(), commentId);
            runner.audit().record(actor, dev.tasklane.domain.audit.AuditAction.COMMENT_DELETED, actor.boardId(), dev.tasklane.domain.audit.AuditEntry.Target.of("comment", commentId), "task: " + task.identifier());
            return null;
        });
    }

    /** Stores a comment inside the caller's transaction, with its history entry and event. */
    Comment add(Task task, UserId author, String agentName, String body, Changes changes) {
        Instant now = changes.now();
        Comment stored = tasks.insertComment(new Comment(0, task.boardId(), task.id(), author, agentName, body, now));
        changes.record(task, HistoryKind.COMMENTED, author, agentName, HistoryFacts.NONE);
        return stored;
    }

    /** The notes of a "changes requested" or "rejected" decision, posted to the thread as the reviewer's comment. */
    void reviewNote(Task task, UserId reviewer, String notes, Changes changes) {
        if (notes != null && !notes.isBlank()) {
            String body = Limit.COMMENT_BODY.fits(notes) ? notes : notes.substring(0, notes.offsetByCodePoints(0, Limit.COMMENT_BODY.max()));
            add(task, reviewer, null, body, changes);
        }
    }

    private String username(UserId userId) {
        return directory.userById(userId).map(User::username).orElse(null);
    }
}
