package dev.tasklane.domain.agent;

import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.IdentityPolicy.Verdict;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.domain.task.Task;

import java.util.Objects;
import java.util.Optional;

/**
 * The access policy, written once: what a caller may do is its credential's {@link Scope scopes} intersected
 * with its user's membership of the board ({@link Actor#holds}). Every write on a board needs {@link Scope#WORK}
 * (owner or modify access); taking work past human review needs {@link Scope#REVIEW}, and never on work the same
 * credential completed. Each rule has one error code and one message, whichever use case refuses.
 *
 * <p>Where it is applied: a caller's scope ({@link #requireWrite}, {@link #require}, {@link #requireSupervise}) once
 * per use case, by the application's use-case runner, and by the HTTP route table for the few routes that refuse a
 * caller before judging the body's fields; the rules that judge the caller against a task
 * ({@link #requireReviewAuthority(Actor, Task, String)}, {@link #completedBy}) by the workflow step that needs them.
 * An architecture rule holds it (ArchitectureRules#scopeIsCheckedOncePerUseCase).
 */
public final class BoardAccess {
    public static final String WRITE_REQUIRED_CODE = "not_authorized_write";
    public static final String WRITE_REQUIRED_MESSAGE =
            "Not authorized — board write access (owner or modify) required; a read_only member can only read";
    public static final String REVIEW_AUTHORITY_CODE = "review_authority_required";
    public static final String REVIEW_AUTHORITY_MESSAGE = "only a person signed in to the board (owner or modify "
            + "access) or a token minted with the tasks:review scope can %s: an agent's token cannot take work past "
            + "human review";
    /** The refusal of {@link dev.tasklane.domain.identity.IdentityPolicy#reviewerToken}, for a token and a person alike. */
    public static final String REVIEWER_TOKEN_CODE = "not_reviewer";
    public static final String REVIEWER_TOKEN_MESSAGE = "Only a person who can write on the board (signed in to the "
            + "web interface, or with a password sign-in) or a server admin's token can create a reviewer token: an "
            + "agent's token, a reviewer token included, never mints review authority";
    public static final String OWN_WORK_CODE = "cannot_review_own_work";
    public static final String OWN_WORK_MESSAGE = "This token completed the task, so it cannot record the review "
            + "decision on it: ask another reviewer token or a person signed in to the board";
    public static final String OWN_WORK_EXIT_MESSAGE = "This token completed the task, so it cannot %s: work never "
            + "approves itself. Ask a person signed in to the board, or a reviewer token other than the one that did the work";
    public static final String SUPERVISE_CODE = "not_authorized_supervise";
    public static final String SUPERVISE_MESSAGE = "Only a person with authority over the board (owner or modify access, "
            + "signed in) or a token minted with the tasks:review scope can %s: an agent's token does not supervise agents";
    public static final String SCOPE_REQUIRED_CODE = "insufficient_scope";
    public static final String SCOPE_REQUIRED_MESSAGE = "This needs the %s scope on the board. Your credential carries "
            + "%s; your access to the board is %s. Mint a token with that scope (a person signed in, or a server admin's "
            + "token, can), or ask the board's owner";

    private BoardAccess() {
    }

    /** @throws ForbiddenException when the caller may not write on its board */
    public static void requireWrite(Actor actor) {
        if (actor == null || !actor.canWrite()) {
            if (actor != null && actor.access() != null && actor.access().canWrite()) {
                // the user may write; the credential was not minted for it
                throw new ForbiddenException(WRITE_REQUIRED_CODE, String.format(SCOPE_REQUIRED_MESSAGE,
                        Scope.WORK.label(), labels(actor), actor.access().code()));
            }
            throw new ForbiddenException(WRITE_REQUIRED_CODE, WRITE_REQUIRED_MESSAGE);
        }
    }

    /**
     * Whether the actor may see board {@code boardId}, where its user has {@code accessThere}: a token only on its
     * own board (a server admin's on any), a member, or a server admin.
     */
    public static Verdict see(Actor actor, BoardId boardId, Optional<Access> accessThere) {
        if (foreignToken(actor, boardId)) {
            return Verdict.NOT_A_MEMBER;
        }
        return actor.admin() || accessThere.isPresent() ? Verdict.ALLOWED : Verdict.NOT_A_MEMBER;
    }

    /**
     * Whether the actor may administer board {@code boardId} (settings, WIP limits, members, webhooks, tracker sync):
     * it may see the board, its credential carries {@link Scope#BOARD_ADMIN} and its user owns the board, or it
     * acts as a server admin.
     */
    public static Verdict administer(Actor actor, BoardId boardId, Optional<Access> accessThere) {
        Verdict seen = see(actor, boardId, accessThere);
        if (seen != Verdict.ALLOWED || actor.admin()) {
            return seen;
        }
        if (accessThere.orElseThrow() != Access.OWNER) {
            return Verdict.NOT_OWNER;
        }
        return actor.scopes().contains(Scope.BOARD_ADMIN) ? Verdict.ALLOWED : Verdict.NOT_SCOPED;
    }

    /** A token acting beyond its own board, which only a server admin's may. */
    private static boolean foreignToken(Actor actor, BoardId boardId) {
        return actor.token().isPresent() && !actor.token().get().boardId().equals(boardId) && !actor.admin();
    }

    /**
     * @throws ForbiddenException unless the caller holds {@code scope} on its board: the credential carries it and
     *                            the user's membership (or role, for {@link Scope#SERVER_ADMIN}) grants it
     */
    public static void require(Actor actor, Scope scope) {
        Objects.requireNonNull(scope, "scope");
        if (scope == Scope.WORK) {
            requireWrite(actor);
            return;
        }
        if (actor == null || !actor.holds(scope)) {
            throw new ForbiddenException(SCOPE_REQUIRED_CODE, String.format(SCOPE_REQUIRED_MESSAGE, scope.label(),
                    actor == null ? "no scopes" : labels(actor), actor == null || actor.access() == null ? "none"
                            : actor.access().code()));
        }
    }

    private static String labels(Actor actor) {
        return String.join(", ", actor.scopes().stream().map(Scope::label).toList());
    }

    /**
     * @param action what the caller tried, completing "only ... can": "mark a task done without review"
     * @throws ForbiddenException unless the caller holds {@link Scope#REVIEW}, or when the credential in use is the
     *                            one that completed {@code task}: work never approves itself
     */
    public static void requireReviewAuthority(Actor actor, Task task, String action) {
        requireReviewAuthority(actor, action);
        if (completedBy(actor, task)) {
            throw new ForbiddenException(OWN_WORK_CODE, String.format(OWN_WORK_EXIT_MESSAGE, action));
        }
    }

    /** Whether the credential in use is the API token that completed {@code task}. */
    public static boolean completedBy(Actor actor, Task task) {
        return actor.tokenId() != null && task.completion() != null
                && actor.tokenId().equals(task.completion().completedByTokenId());
    }

    /**
     * The review authority of a caller whose write access the use case checked already ({@link #requireWrite}).
     *
     * @param action what the caller tried, completing "only ... can": "mark a task done without review"
     * @throws ForbiddenException unless the caller holds {@link Scope#REVIEW} on its board
     */
    public static void requireReviewAuthority(Actor actor, String action) {
        if (!actor.reviewer()) {
            throw new ForbiddenException(REVIEW_AUTHORITY_CODE, String.format(REVIEW_AUTHORITY_MESSAGE, action));
        }
    }

    /**
     * Supervising a working agent (answering it, instructing it, stopping it) takes authority over the board:
     * {@link Scope#REVIEW} with owner or modify access, as taking work past review does.
     *
     * @param action what the caller tried, completing "only ... can": "stop an agent's session"
     * @throws ForbiddenException without that authority
     */
    public static void requireSupervise(Actor actor, String action) {
        requireWrite(actor);
        if (!actor.holds(Scope.REVIEW)) {
            throw new ForbiddenException(SUPERVISE_CODE, String.format(SUPERVISE_MESSAGE, action));
        }
    }
}
