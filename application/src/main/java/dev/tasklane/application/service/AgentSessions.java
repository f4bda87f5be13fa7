package dev.tasklane.application.service;

import dev.tasklane.application.port.out.AgentSessionStore;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.NextStep;
import dev.tasklane.domain.session.AgentSession;
import dev.tasklane.domain.session.SessionEnd;
import dev.tasklane.domain.session.SessionLimits;
import dev.tasklane.domain.session.SessionRules;
import dev.tasklane.domain.task.Claim;
import dev.tasklane.domain.task.Task;

import java.time.Instant;
import java.util.Optional;

/**
 * What the claim's use cases do to its session, called with the task locked: a claim opens one, the holder's work is
 * refused once it is stopped, and the claim's end ends it. The task's lock orders these against a stop, so a stop and
 * a completion never both succeed.
 */
final class AgentSessions {
    private final AgentSessionStore store;
    private final SessionLimits limits;

    AgentSessions(AgentSessionStore store, SessionLimits limits) {
        this.store = store;
        this.limits = limits;
    }

    AgentSessionStore store() {
        return store;
    }

    SessionLimits limits() {
        return limits;
    }

    /** A new claim on {@code claimed}: the session of an earlier claim still open ends (its lease ran out), one opens. */
    void opened(Task claimed, Instant now) {
        Claim claim = claimed.claim();
        // one read: a claim's session is always the task's latest, so a retried claim finds its own there
        Optional<AgentSession> latest = store.latestOf(claimed.id());
        if (latest.isPresent() && latest.get().claimToken().equals(claim.claimToken())) {
            return;
        }
        latest.filter(AgentSession::isOpen).ifPresent(open -> store.save(open.ended(SessionEnd.EXPIRED, now)));
        store.open(AgentSession.open(claimed.id(), claimed.boardId(), claim.claimToken(), claim.agentName(),
                claimed.assignedToId(), now));
    }

    /**
     * The holder's session for a call that does further work (heartbeat, changed_files, complete, an activity):
     * the session of {@code claimToken}, or of the task's current claim when none is given.
     *
     * @throws ConflictException {@code stop_requested} while the session is stopped, {@code stale_claim} for the token
     *                           of a session a stop ended
     */
    Optional<AgentSession> requireNoStop(Task task, String claimToken) {
        Optional<AgentSession> session = sessionOf(task, claimToken);
        session.ifPresent(SessionRules::requireNotEndedByStop);
        session.ifPresent(SessionRules::requireNotStopped);
        return session;
    }

    /** The holder's unclaim: accepted after a stop, refused as {@code stale_claim} once the stop ended the claim. */
    Optional<AgentSession> requireUnclaimable(Task task, String claimToken) {
        Optional<AgentSession> session = sessionOf(task, claimToken);
        session.ifPresent(SessionRules::requireNotEndedByStop);
        return session;
    }

    /** The holder's activity: its claim_token must be the current claim's. */
    AgentSession requireHolderSession(Task task, String claimToken) {
        Optional<AgentSession> session = requireNoStop(task, claimToken);
        if (task.claim() == null || !task.claim().tokenMatches(claimToken) || session.isEmpty()
                || !session.get().isOpen()) {
            throw new ConflictException("stale_claim", "The claim_token does not match the current claim on task '"
                    + task.identifier() + "': only the claim's holder posts to its session.", ErrorDetails.NONE,
                    NextStep.ASK_FOR_NEW_WORK);
        }
        return session.get();
    }

    /** The claim of {@code before} ended ({@code how}): its session ends, if still open. */
    void ended(Task before, SessionEnd how, Instant now) {
        if (before.claim() == null) {
            return;
        }
        ended(store.byClaimToken(before.id(), before.claim().claimToken()), before, how, now);
    }

    /**
     * As {@link #ended(Task, SessionEnd, Instant)}, with the session the same use case already read under the task's
     * lock ({@link #requireNoStop}), so that it is not read twice; read when that was another claim's.
     */
    void ended(Optional<AgentSession> known, Task before, SessionEnd how, Instant now) {
        if (before.claim() == null) {
            return;
        }
        Optional<AgentSession> session = known.isPresent()
                && known.get().claimToken().equals(before.claim().claimToken()) ? known
                : store.byClaimToken(before.id(), before.claim().claimToken());
        session.filter(AgentSession::isOpen).ifPresent(open -> store.save(open.ended(how, now)));
    }

    private Optional<AgentSession> sessionOf(Task task, String claimToken) {
        String token = claimToken != null && !claimToken.isBlank() ? claimToken
                : task.claim() == null ? null : task.claim().claimToken();
        return token == null ? Optional.empty() : store.byClaimToken(task.id(), token);
    }
}
