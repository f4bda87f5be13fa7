package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.session.Activity;
import dev.tasklane.domain.session.AgentSession;
import dev.tasklane.domain.session.SessionState;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Supervising agents while they work (docs/api.md, "Sessions"): a task's session, its activity log (read paged, or
 * waited on), the holder's and a person's posts, and a person's stop.
 */
public interface SessionUseCase {
    /** Event type of a new activity on a task's session, on the event stream. */
    String ACTIVITY_EVENT = "task.activity";
    /** Event type of a stop, on the event stream. */
    String STOP_EVENT = "task.stop_requested";

    /** The task's latest session. @throws dev.tasklane.domain.error.NotFoundException when it never had one */
    SessionView session(Actor actor, TaskRef ref);

    /**
     * Posts an activity: the holder's kinds with its claim_token, or a person's answer or instruction.
     *
     * @throws dev.tasklane.domain.error.ConflictException {@code stop_requested} once the session is stopped
     */
    Activity post(Actor actor, TaskRef ref, NewActivity activity);

    /**
     * The task's activities after {@code after}, oldest first; with a positive {@code wait} (capped), the call returns
     * as soon as one exists, or empty when the wait ends.
     */
    ActivityPage activities(Actor actor, TaskRef ref, long after, int limit, Duration wait);

    /** A person stops the task's working session. @throws dev.tasklane.domain.error.ConflictException when none works */
    SessionView stop(Actor actor, TaskRef ref, String reason);

    /** An activity as sent: the kind by its wire name; progress only for kind progress. */
    record NewActivity(String kind, String body, String claimToken, Long progressDone, Long progressTotal,
                       String agentName) {
    }

    /**
     * A session as answered: its state now, when its holder was last heard of, the time it spent awaiting input, and
     * when a stop's grace period ends (null without a stop).
     */
    record SessionView(AgentSession session, String identifier, SessionState state, Instant lastHeard,
                       Duration awaited, Instant stopGraceEndsAt) {
    }

    /** A page of the log; {@code nextAfter} is what the next call passes as {@code after}. */
    record ActivityPage(List<Activity> activities, long nextAfter) {
    }
}
