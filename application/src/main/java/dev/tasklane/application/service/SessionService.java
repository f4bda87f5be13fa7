package dev.tasklane.application.service;

import dev.tasklane.application.port.in.EventStreamUseCase;
import dev.tasklane.application.port.in.EventStreamUseCase.Delivery;
import dev.tasklane.application.port.in.EventStreamUseCase.Subscription;
import dev.tasklane.application.port.in.SessionUseCase;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.out.AgentSessionStore;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.agent.BoardAccess;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.domain.session.Activity;
import dev.tasklane.domain.session.ActivityKind;
import dev.tasklane.domain.session.AgentSession;
import dev.tasklane.domain.session.Progress;
import dev.tasklane.domain.session.SessionLimits;
import dev.tasklane.domain.session.SessionRules;
import dev.tasklane.domain.session.SessionState;
import dev.tasklane.domain.session.StopRequest;
import dev.tasklane.domain.task.Claim;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Semaphore;

/**
 * Sessions, their activity logs and stops. Every write locks the session's task first, as the claim's use cases do,
 * so a stop is ordered against the holder's heartbeat, changed_files and complete (docs/rules.md, "Sessions").
 * A waiting read subscribes to the event bus (the outbox's live feed) and sleeps on it: no polling of the store, and
 * at most {@link #MAX_WAITERS} waiting reads per server; a read past that answers at once, without waiting.
 */
final class SessionService implements SessionUseCase {
    /** Waiting reads one server holds at once. */
    static final int MAX_WAITERS = 512;

    private final UseCaseRunner runner;
    private final TaskLookup lookup;
    private final AgentSessions sessions;
    private final AgentSessionStore store;
    private final EventStreamUseCase events;
    private final Duration claimTtl;
    private final SessionLimits limits;
    private final PostRate rate = new PostRate();
    private final Semaphore waiters = new Semaphore(MAX_WAITERS);

    SessionService(UseCaseRunner runner, TaskLookup lookup, AgentSessions sessions, EventStreamUseCase events,
                   Duration claimTtl) {
        this.runner = runner;
        this.lookup = lookup;
        this.sessions = sessions;
        this.store = sessions.store();
        this.events = events;
        this.claimTtl = claimTtl;
        this.limits = sessions.limits();
    }

    @Override
    public SessionView session(Actor actor, TaskRef ref) {
        BoardAccess.require(actor, Scope.READ);
        return runner.read(changes -> {
            Task task = lookup.require(actor.boardId(), ref);
            AgentSession session = store.latestOf(task.id()).orElseThrow(SessionService::noSession);
            return view(task, session, changes.now());
        });
    }

    @Override
    public Activity post(Actor actor, TaskRef ref, NewActivity sent) {
        BoardAccess.requireWrite(actor); // a read-only member learns nothing from the body's checks
        ActivityKind kind = SessionRules.kind(sent.kind());
        boolean holder = kind.poster() == ActivityKind.Poster.HOLDER;
        if (!holder) {
            BoardAccess.requireSupervise(actor, "answer or instruct an agent");
        }
        String body = SessionRules.body(sent.body(), limits);
        Progress progress = SessionRules.progress(kind, sent.progressDone(), sent.progressTotal());
        String claimToken = sent.claimToken() == null || sent.claimToken().isBlank() ? null : sent.claimToken();
        if (holder && claimToken == null) {
            throw new InvalidInputException("claim_token_required", "claim_token is required: only the agent holding "
                    + "the claim posts " + kind.wire() + ", with the claim_token its claim answered",
                    new ErrorDetails.Field("claim_token"));
        }
        return runner.write(actor, changes -> {
            Instant now = changes.now();
            Task task = lookup.requireLocked(actor.boardId(), ref);
            AgentSession session;
            if (holder) {
                session = sessions.requireHolderSession(task, claimToken);
                Long holderToken = task.claim().tokenId();
                if (!Objects.equals(task.assignedToId(), actor.userId())
                        || (holderToken != null && !holderToken.equals(actor.tokenId()))) {
                    throw new ForbiddenException("not_authorized_activity", "Only the agent holding the claim (its "
                            + "token and its claim_token) posts to its session");
                }
            } else {
                session = store.latestOf(task.id()).filter(AgentSession::isOpen).orElse(null);
                SessionRules.requireOpenForPerson(session);
            }
            SessionRules.requireWithinRate(rate.count(session.id(), now), limits);
            Activity stored = store.append(new Activity(0, session.id(), task.id(), kind, body, progress,
                    actor.userId(), actor.user().username(), holder ? session.agentName() : null, now));
            AgentSession next = session.posted(kind, now);
            if (next.kept() > limits.keptPerSession()) {
                next = next.droppedOldest(store.dropOldest(session.id(), limits.keptPerSession()));
            }
            store.save(next);
            keepLeaseWhileAwaiting(task, session, next, actor, changes);
            changes.announce(task, ACTIVITY_EVENT, actor.userId(), holder ? session.agentName() : null);
            return stored;
        });
    }

    /**
     * Waiting for a person is not abandonment: a question keeps the lease alive up to the awaiting-input bound, and
     * the answer gives the holder a full lease again.
     */
    private void keepLeaseWhileAwaiting(Task task, AgentSession before, AgentSession after, Actor actor,
                                        Changes changes) {
        Claim claim = task.claim();
        if (claim == null || task.status() != Status.IN_PROGRESS) {
            return;
        }
        Instant now = changes.now();
        Instant expiry = null;
        if (before.awaitingSince() == null && after.awaitingSince() != null) {
            Instant held = now.plus(limits.awaitingInputMax());
            expiry = held.isAfter(claim.expiresAt()) ? held : null;
        } else if (before.awaitingSince() != null && after.awaitingSince() == null) {
            expiry = now.plus(claimTtl);
        }
        if (expiry != null && expiry.isAfter(claim.claimedAt())) {
            changes.update(task.withClaim(Status.IN_PROGRESS, task.assignedToId(), claim.extendedTo(expiry), now),
                    HistoryKind.HEARTBEAT, actor, claim.agentName());
        }
    }

    @Override
    public ActivityPage activities(Actor actor, TaskRef ref, long after, int limit, Duration wait) {
        BoardAccess.require(actor, Scope.READ);
        if (limit < 1 || limit > limits.pageMax()) {
            throw new InvalidInputException("invalid_limit", "limit must be within 1.." + limits.pageMax()
                    + " (the cap page_max)", new ErrorDetails.Cap("page_max", limits.pageMax()));
        }
        if (after < 0) {
            throw new InvalidInputException("invalid_after", "after must be an activity id (the next_after of the "
                    + "previous page)", new ErrorDetails.Field("after"));
        }
        Duration waitFor = wait == null || wait.isNegative() ? Duration.ZERO
                : wait.compareTo(limits.waitMax()) > 0 ? limits.waitMax() : wait;
        Task task = runner.read(changes -> lookup.require(actor.boardId(), ref));
        if (waitFor.isZero() || !waiters.tryAcquire()) {
            return page(task, after, limit);
        }
        try (Subscription live = events.subscribe(task.boardId(), null)) {
            // subscribed before the first read: an activity committed after the read is still delivered
            ActivityPage page = page(task, after, limit);
            long deadline = System.nanoTime() + waitFor.toNanos();
            while (page.activities().isEmpty()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                Delivery delivery = live.poll(Duration.ofNanos(left));
                if (delivery == null || delivery instanceof EventStreamUseCase.End) {
                    break;
                }
                EventStreamUseCase.Event event = (EventStreamUseCase.Event) delivery;
                if (task.id().equals(event.event().taskId()) && (ACTIVITY_EVENT.equals(event.event().type())
                        || STOP_EVENT.equals(event.event().type()))) {
                    page = page(task, after, limit);
                }
            }
            return page;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return new ActivityPage(List.of(), after);
        } finally {
            waiters.release();
        }
    }

    private ActivityPage page(Task task, long after, int limit) {
        List<Activity> found = runner.read(changes -> store.activities(task.id(), after, limit));
        return new ActivityPage(found, found.isEmpty() ? after : found.get(found.size() - 1).id());
    }

    @Override
    public SessionView stop(Actor actor, TaskRef ref, String reason) {
        BoardAccess.requireSupervise(actor, "stop an agent's session");
        String why = SessionRules.reason(reason, limits);
        return runner.write(actor, changes -> {
            Instant now = changes.now();
            Task task = lookup.requireLocked(actor.boardId(), ref);
            AgentSession session = store.latestOf(task.id()).orElse(null);
            if (session != null && session.isOpen() && (task.status() != Status.IN_PROGRESS || task.claim() == null
                    || !task.claim().claimToken().equals(session.claimToken()))) {
                session = null; // an open session whose claim is gone is ended by the sweep; nothing works on it
            }
            SessionRules.requireStoppable(session);
            AgentSession stopped = session.stopped(new StopRequest(actor.userId(), actor.user().username(), why, now));
            store.append(new Activity(0, stopped.id(), task.id(), ActivityKind.STOP, why, null, actor.userId(),
                    actor.user().username(), null, now));
            stopped = stopped.posted(ActivityKind.STOP, now);
            if (stopped.kept() > limits.keptPerSession()) {
                stopped = stopped.droppedOldest(store.dropOldest(stopped.id(), limits.keptPerSession()));
            }
            store.save(stopped);
            changes.announce(task, STOP_EVENT, actor.userId(), null);
            return view(task, stopped, now);
        });
    }

    SessionView view(Task task, AgentSession session, Instant now) {
        Instant lastHeard = null;
        Claim claim = task.claim();
        if (session.isOpen() && claim != null && claim.claimToken().equals(session.claimToken())) {
            Instant heartbeat = claim.expiresAt().minus(claimTtl);
            lastHeard = heartbeat.isAfter(now) ? now : heartbeat;
        }
        if (lastHeard == null || lastHeard.isBefore(session.lastSeenAt())) {
            lastHeard = session.lastSeenAt();
        }
        SessionState state = session.state(now, lastHeard, limits.staleAfter());
        Instant graceEnds = session.isOpen() && session.stop() != null ? session.stop().at().plus(limits.stopGrace())
                : null;
        return new SessionView(session, task.identifier().toString(), state, lastHeard,
                session.awaited(session.isOpen() ? now : session.endedAt()), graceEnds);
    }

    private static NotFoundException noSession() {
        return new NotFoundException(SessionRules.NO_SESSION, "This task never had an agent session: a session opens "
                + "when an agent claims the task");
    }
}
