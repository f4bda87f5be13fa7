package dev.tasklane.domain.comment;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.validation.Limit;

/**
 * The rules of comments (docs/rules.md, "Comments"): a body of plain text, not blank, at most
 * {@link Limit#COMMENT_BODY}; its author deletes it, and so does a board owner.
 */
public final class CommentRules {
    public static final String INVALID = "invalid_comment";
    public static final String NOT_AUTHOR = "not_comment_author";
    /** Comments per page: the default and the most a page may ask for. */
    public static final int DEFAULT_PAGE = 50;
    public static final int MAX_PAGE = 200;

    private CommentRules() {
    }

    /**
     * The body as stored: kept as sent (line breaks included), refused when blank or past its cap.
     *
     * @throws InvalidInputException 422 {@value #INVALID} naming {@code body}
     */
    public static String body(String body) {
        if (body == null || body.isBlank()) {
            throw new InvalidInputException(INVALID, "body is required: the comment's text, 1 to "
                    + Limit.COMMENT_BODY.max() + " characters", new ErrorDetails.Field("body"));
        }
        if (!Limit.COMMENT_BODY.fits(body)) {
            throw new InvalidInputException(INVALID, "body " + Limit.COMMENT_BODY.exceeded(), new ErrorDetails.Field("body"));
        }
        return body;
    }

    /** @throws ForbiddenException 403 {@value #NOT_AUTHOR} unless the actor wrote it or owns the board */
    public static void requireMayDelete(Actor actor, Comment comment) {
        if (!comment.authorId().equals(actor.userId()) && !actor.boardOwner()) {
            throw new ForbiddenException(NOT_AUTHOR, "Only the comment's author or a board owner can delete it");
        }
    }
}
