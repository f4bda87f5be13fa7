package dev.tasklane.domain.session;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * The session of one claim: opened by the claim ({@code claimToken}), ended with it. Its state follows from its
 * parts ({@link #state}): ended when {@code end} is set; stopping once a person stopped it; awaiting input while a
 * question is unanswered ({@code awaitingSince}); stale when its holder has not been heard of for the stale time;
 * working otherwise. Each transition returns the next version; none mutates, and none reopens an ended session.
 *
 * @param awaitedMillis time spent awaiting input by questions already answered (or cut short by a stop or the end)
 * @param posted        activities posted to the session
 * @param dropped       of those, how many were dropped from the log to keep it within its cap
 * @param questions     of those, how many were questions
 */
public record AgentSession(long id, TaskId taskId, BoardId boardId, String claimToken, String agentName,
                           UserId holderUserId, Instant startedAt, Instant lastSeenAt, Instant awaitingSince,
                           long awaitedMillis, StopRequest stop, Instant endedAt, SessionEnd end, long posted,
                           long dropped, long questions) {
    public AgentSession {
        Objects.requireNonNull(taskId, "taskId");
        Objects.requireNonNull(boardId, "boardId");
        Objects.requireNonNull(claimToken, "claimToken");
        Objects.requireNonNull(holderUserId, "holderUserId");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(lastSeenAt, "lastSeenAt");
        if ((end == null) != (endedAt == null)) {
            throw new IllegalArgumentException("an ended session has both its end and its time");
        }
        if (awaitedMillis < 0 || posted < 0 || dropped < 0 || dropped > posted || questions > posted) {
            throw new IllegalArgumentException("a session's counts are consistent and not negative");
        }
        if (end != null && awaitingSince != null) {
            throw new IllegalArgumentException("an ended session awaits nothing");
        }
    }

    /** The session a claim opens. */
    public static AgentSession open(TaskId taskId, BoardId boardId, String claimToken, String agentName,
                                    UserId holderUserId, Instant now) {
        return new AgentSession(0, taskId, boardId, claimToken, agentName, holderUserId, now, now, null, 0, null, null,
                null, 0, 0, 0);
    }

    public boolean isOpen() {
        return end == null;
    }

    /**
     * The state at {@code now}. {@code lastHeard} is the latest sign of life known besides the session's own
     * activities (the claim's last heartbeat), null when none.
     */
    public SessionState state(Instant now, Instant lastHeard, Duration staleAfter) {
        if (end != null) {
            return SessionState.ENDED;
        }
        if (stop != null) {
            return SessionState.STOPPING;
        }
        if (awaitingSince != null) {
            return SessionState.AWAITING_INPUT;
        }
        Instant heard = lastHeard != null && lastHeard.isAfter(lastSeenAt) ? lastHeard : lastSeenAt;
        return !heard.plus(staleAfter).isAfter(now) ? SessionState.STALE : SessionState.WORKING;
    }

    /** The session after an activity of {@code kind} was posted at {@code now}. */
    public AgentSession posted(ActivityKind kind, Instant now) {
        requireOpen();
        Instant seen = kind.poster() == ActivityKind.Poster.HOLDER ? now : lastSeenAt;
        Instant awaiting = awaitingSince;
        long awaited = awaitedMillis;
        if (kind == ActivityKind.QUESTION && awaiting == null) {
            awaiting = now;
        } else if (kind == ActivityKind.ANSWER && awaiting != null) {
            awaited += millisBetween(awaiting, now);
            awaiting = null;
        }
        return new AgentSession(id, taskId, boardId, claimToken, agentName, holderUserId, startedAt, seen, awaiting,
                awaited, stop, null, null, posted + 1, dropped, questions + (kind == ActivityKind.QUESTION ? 1 : 0));
    }

    /** The session after {@code count} of its oldest activities were dropped from the log. */
    public AgentSession droppedOldest(long count) {
        return new AgentSession(id, taskId, boardId, claimToken, agentName, holderUserId, startedAt, lastSeenAt,
                awaitingSince, awaitedMillis, stop, endedAt, end, posted, dropped + count, questions);
    }

    /** Stopped by a person: an unanswered question is no longer awaited. */
    public AgentSession stopped(StopRequest request) {
        requireOpen();
        if (stop != null) {
            throw new IllegalStateException("a session is stopped once");
        }
        return new AgentSession(id, taskId, boardId, claimToken, agentName, holderUserId, startedAt, lastSeenAt, null,
                awaitedMillis + awaitingUntil(request.at()), Objects.requireNonNull(request), null, null, posted,
                dropped, questions);
    }

    /**
     * Ended at {@code now}: an unclaim after a stop is the stop obeyed ({@link SessionEnd#STOPPED}), whatever end
     * the caller names for an unclaim.
     */
    public AgentSession ended(SessionEnd how, Instant now) {
        requireOpen();
        SessionEnd actual = stop != null && how == SessionEnd.UNCLAIMED ? SessionEnd.STOPPED : how;
        return new AgentSession(id, taskId, boardId, claimToken, agentName, holderUserId, startedAt, lastSeenAt, null,
                awaitedMillis + awaitingUntil(now), stop, now, Objects.requireNonNull(actual), posted, dropped,
                questions);
    }

    /** Time spent awaiting input up to {@code now}, the question still open included. */
    public Duration awaited(Instant now) {
        return Duration.ofMillis(awaitedMillis + awaitingUntil(now));
    }

    /** Activities the log holds. */
    public long kept() {
        return posted - dropped;
    }

    public AgentSession withId(long newId) {
        return new AgentSession(newId, taskId, boardId, claimToken, agentName, holderUserId, startedAt, lastSeenAt,
                awaitingSince, awaitedMillis, stop, endedAt, end, posted, dropped, questions);
    }

    private long awaitingUntil(Instant now) {
        return awaitingSince == null ? 0 : millisBetween(awaitingSince, now);
    }

    private static long millisBetween(Instant from, Instant to) {
        return Math.max(0, Duration.between(from, to).toMillis());
    }

    private void requireOpen() {
        if (end != null) {
            throw new IllegalStateException("session " + id + " ended (" + end.wire() + ")");
        }
    }
}
