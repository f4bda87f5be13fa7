package dev.tasklane.adapter.http.routes;

import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.adapter.http.pipeline.Call;
import dev.tasklane.adapter.http.pipeline.Params;
import dev.tasklane.adapter.http.pipeline.Route;
import dev.tasklane.adapter.http.wire.BodyChecks;
import dev.tasklane.adapter.http.wire.TaskAnswer.Envelope;
import dev.tasklane.adapter.http.wire.TaskAnswer.WireTime;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.tasklane.application.port.in.CommentsUseCase.CommentPage;
import dev.tasklane.application.port.in.CommentsUseCase.PostedComment;
import dev.tasklane.application.port.in.NewComment;
import dev.tasklane.application.port.in.CommentsUseCase;
import dev.tasklane.domain.comment.Comment;
import dev.tasklane.domain.comment.CommentRules;
import dev.tasklane.domain.id.UserId;
import io.javalin.http.HandlerType;

import java.util.List;

/**
 * Comments on a task (docs/api.md, "Comments"): the body is bound to the typed {@link NewComment}, answers are typed
 * records written by the one JSON mapper.
 */
public final class CommentRoutes {
    /** The comment's text a string when sent. */
    private static final BodyChecks COMMENT = BodyChecks.of(
            BodyChecks.string("body", "must be a string: the comment's plain text"));

    private final CommentsUseCase comments;

    public CommentRoutes(CommentsUseCase comments) {
        this.comments = comments;
    }

    /** A comment as answered: {@code {id, body, author: {user_id, username, agent_name}, created_at}}. */
    record CommentAnswer(long id, String body, Author author, @JsonProperty("created_at") String createdAt) {
    }

    record Author(@JsonProperty("user_id") UserId userId, String username, @JsonProperty("agent_name") String agentName) {
    }

    /** A page of the thread; {@code next_after} continues it, null on the last page. */
    record CommentList(List<CommentAnswer> data, @JsonProperty("next_after") Long nextAfter) {
    }

    record DeletedComment(long id, boolean deleted) {
    }

    public List<Route> routes() {
        return List.of(
                Route.needs(Scope.READ, HandlerType.GET, "/api/tasks/{id}/comments",
                        "A task's comments, oldest first (limit, after)", this::list),
                Route.needs(Scope.WORK, HandlerType.POST, "/api/tasks/{id}/comments", "Comment on a task", this::post)
                        .refusingBeforeFields(),
                Route.needs(Scope.WORK, HandlerType.DELETE, "/api/tasks/{id}/comments/{comment_id}",
                        "Delete a comment (its author or a board owner)", this::delete));
    }

    private void list(Call call) {
        Integer limit = Params.queryInt(call.query("limit"), "limit", 1, CommentRules.MAX_PAGE);
        long after = AfterParam.of(call.query("after"), "a comment");
        CommentPage page = comments.list(call.actor(), call.ref(), after,
                limit == null ? CommentRules.DEFAULT_PAGE : limit);
        call.ok(new CommentList(page.comments().stream().map(CommentRoutes::answer).toList(), page.nextAfter()));
    }

    private void post(Call call) {
        NewComment comment = call.bind(COMMENT, NewComment.class);
        PostedComment posted = comments.post(call.actor(), call.ref(), comment.body(), call.softParam("agent_name"));
        call.respond(201, Envelope.data(answer(posted)));
    }

    private void delete(Call call) {
        long commentId;
        try {
            commentId = Long.parseLong(call.ctx().pathParam("comment_id"));
        } catch (NumberFormatException notANumber) {
            throw RequestRefused.plain(404, "Comment not found");
        }
        comments.delete(call.actor(), call.ref(), commentId);
        call.ok(Envelope.data(new DeletedComment(commentId, true)));
    }


    static CommentAnswer answer(PostedComment posted) {
        Comment comment = posted.comment();
        return new CommentAnswer(comment.commentId(), comment.body(),
                new Author(comment.authorId(), posted.authorUsername(), comment.agentName()),
                WireTime.utc(comment.createdAt()));
    }
}
