package dev.tasklane.application.port.out;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.session.Activity;
import dev.tasklane.domain.session.AgentSession;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Agent sessions and their activity logs, in the caller's transaction like {@link TaskStore}. A use case locks the
 * session's task before it writes the session, so the task's lock orders every change of a session (a stop racing a
 * completion is decided by who locked the task first).
 */
public interface AgentSessionStore {
    /**
     * Opens a new session; the store gives it its id, which {@link #latestOf} and {@link #byClaimToken} answer with.
     * Nothing waits for the answer, so a store may send it with the transaction's next statement.
     */
    void open(AgentSession session);

    /**
     * Saves a session's next version over the stored one (by id), which must exist: a store that sends it later fails
     * the transaction when it does not.
     */
    void save(AgentSession session);

    /** The task's latest session, open or ended. */
    Optional<AgentSession> latestOf(TaskId taskId);

    /** The task's session opened by the claim with {@code claimToken}. */
    Optional<AgentSession> byClaimToken(TaskId taskId, String claimToken);

    /** The board's open sessions, oldest first, at most {@code limit}: whom the agents and questions pages show. */
    List<AgentSession> openOn(BoardId boardId, int limit);

    /**
     * The board's sessions that ended at or after {@code from} and before {@code to}, at most {@code limit}: what the
     * awaiting-input flow figure is computed from.
     */
    List<AgentSession> endedOn(BoardId boardId, Instant from, Instant to, int limit);

    /** Open sessions stopped at or before {@code stoppedBy}: the ones whose grace period is over. */
    List<AgentSession> stopsDue(Instant stoppedBy, int limit);

    /** Appends an activity; returns it with its id, greater than every earlier activity's. */
    Activity append(Activity activity);

    /** Removes the session's oldest activities beyond the newest {@code keep}; returns how many. */
    int dropOldest(long sessionId, int keep);

    /** The task's activities with an id above {@code after}, oldest first, at most {@code limit}. */
    List<Activity> activities(TaskId taskId, long after, int limit);

    /** The task's newest activities, newest first, at most {@code limit}: the task page's live log. */
    List<Activity> latestActivities(TaskId taskId, int limit);

    /** Deletes up to {@code limit} activities of sessions that ended before {@code endedBefore}; returns how many. */
    int pruneActivities(Instant endedBefore, int limit);
}
