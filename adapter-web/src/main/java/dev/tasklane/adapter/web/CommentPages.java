package dev.tasklane.adapter.web;

import dev.tasklane.adapter.web.view.CommentRow;
import dev.tasklane.adapter.web.view.CommentThread;
import dev.tasklane.application.port.in.CommentsUseCase.CommentPage;
import dev.tasklane.application.port.in.CommentsUseCase.PostedComment;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.CommentsUseCase;
import dev.tasklane.application.port.in.CallerUseCase;
import dev.tasklane.application.port.in.ReadTasksUseCase;
import dev.tasklane.domain.comment.CommentRules;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.validation.Limit;
import io.javalin.http.Context;

import java.util.ArrayList;
import java.util.List;

/**
 * A task's comment thread in the browser: shown on the task page, refreshed by the page's script when a
 * {@code task.commented} event of the task arrives (its HTML fragment), and the forms to add and delete comments. The
 * rules are the application's ({@code CommentsUseCase}).
 */
final class CommentPages {
    private final Web web;
    private final CommentsUseCase comments;
    private final ReadTasksUseCase reads;
    private final CallerUseCase identity;

    CommentPages(Web web, CommentsUseCase comments, ReadTasksUseCase reads, CallerUseCase identity) {
        this.web = web;
        this.comments = comments;
        this.reads = reads;
        this.identity = identity;
    }

    CommentThread thread(Context ctx, Actor caller, Task task) {
        long boardId = caller.board().id().value();
        String base = BoardData.taskHref(boardId, task);
        CommentPage page = comments.list(caller, new TaskRef.ById(task.id()), 0, CommentRules.MAX_PAGE);
        List<CommentRow> rows = new ArrayList<>();
        for (PostedComment posted : page.comments()) {
            var comment = posted.comment();
            boolean mayDelete = caller.canWrite()
                    && (comment.authorId().equals(caller.userId()) || caller.boardOwner());
            rows.add(new CommentRow(comment.commentId(), posted.authorUsername() == null ? "user #" + comment.authorId()
                    : posted.authorUsername(), comment.agentName(), Format.when(comment.createdAt()),
                    List.of(comment.body().split("\r?\n", -1)), mayDelete));
        }
        String csrf = web.person(ctx).session().orElseThrow().csrfToken();
        return new CommentThread(task.identifier().toString(), rows, page.nextAfter() != null, caller.canWrite(),
                base, csrf, base + "/comments", "/boards/" + boardId + "/events", Limit.COMMENT_BODY.max());
    }

    /** The thread alone, as HTML, for the task page's live refresh. */
    void fragment(Context ctx) {
        Actor person = web.person(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        Task task = reads.get(caller, ref(ctx)).task();
        ctx.header("Cache-Control", "no-store");
        ctx.html(web.fragment("task_comments.jte", thread(ctx, caller, task)));
    }

    void post(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        PostedComment posted = comments.post(caller, ref(ctx), Web.optional(ctx, "body"), null);
        web.done(ctx, taskHref(caller, ctx) + "#comment-" + posted.comment().commentId(), "Comment added.");
    }

    void delete(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        long commentId;
        try {
            commentId = Long.parseLong(ctx.pathParam("comment"));
        } catch (NumberFormatException notANumber) {
            throw new NotFoundException("comment_not_found", "Comment not found");
        }
        comments.delete(caller, ref(ctx), commentId);
        web.done(ctx, taskHref(caller, ctx) + "#comments", "Comment deleted.");
    }

    private static String taskHref(Actor caller, Context ctx) {
        return "/boards/" + caller.board().id().value() + "/tasks/" + ctx.pathParam("task");
    }

    private static TaskRef ref(Context ctx) {
        return TaskRef.parse(ctx.pathParam("task"));
    }
}
