package dev.tasklane.domain.agent;

import dev.tasklane.domain.error.ForbiddenException;

/**
 * The board access rules, written once: every write on a board needs write access (owner or modify), and
 * taking work past human review needs a reviewer token or the board's owner. Each rule has one error code
 * and one message, whichever use case refuses.
 */
public final class BoardAccess {
    public static final String WRITE_REQUIRED_CODE = "not_authorized_write";
    public static final String WRITE_REQUIRED_MESSAGE =
            "Not authorized — board write access (owner or modify) required; a read_only member can only read";
    public static final String REVIEW_AUTHORITY_CODE = "review_authority_required";
    public static final String REVIEW_AUTHORITY_MESSAGE = "only a reviewer token or the board's owner can %s: "
            + "an agent's own token cannot take its work past human review";
    /** The refusal of {@link dev.tasklane.domain.identity.IdentityPolicy#reviewerToken}, for a token and a person alike. */
    public static final String REVIEWER_TOKEN_CODE = "not_reviewer";
    public static final String REVIEWER_TOKEN_MESSAGE = "Only an admin, or someone who holds the review right on the "
            + "board (a reviewer token, or a member who can write on it), can create a reviewer token";
    public static final String OWN_WORK_CODE = "cannot_review_own_work";
    public static final String OWN_WORK_MESSAGE = "This token completed the task, so it cannot record the review "
            + "decision on it: ask another reviewer token or a person signed in to the board";

    private BoardAccess() {
    }

    /** @throws ForbiddenException when the caller may not write on its board */
    public static void requireWrite(Actor actor) {
        if (actor == null || !actor.canWrite()) {
            throw new ForbiddenException(WRITE_REQUIRED_CODE, WRITE_REQUIRED_MESSAGE);
        }
    }

    /**
     * @param action what the caller tried, completing "only ... can": "mark a task done without review"
     * @throws ForbiddenException unless the caller holds a reviewer token or owns the board
     */
    public static void requireReviewAuthority(Actor actor, String action) {
        requireWrite(actor);
        if (!actor.canBypassReview()) {
            throw new ForbiddenException(REVIEW_AUTHORITY_CODE, String.format(REVIEW_AUTHORITY_MESSAGE, action));
        }
    }
}
