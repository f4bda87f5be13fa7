package dev.tasklane.domain.session;

import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.NextStep;

/**
 * The rules of sessions, one method per rule, each refusing with its own code (docs/rules.md, "Sessions"): what an
 * activity may hold, who may post which kind, and what a stop forbids. A refusal names the cap it hit.
 */
public final class SessionRules {
    public static final String STOP_REQUESTED = "stop_requested";
    public static final String NOT_WORKING = "session_not_working";
    public static final String NO_SESSION = "session_not_found";

    private SessionRules() {
    }

    /** @return the kind named {@code wire} @throws InvalidInputException for anything else */
    public static ActivityKind kind(String wire) {
        return ActivityKind.ofWire(wire).filter(kind -> kind.poster() != ActivityKind.Poster.SERVER)
                .orElseThrow(() -> new InvalidInputException("invalid_activity_kind", "kind must be one of "
                        + ActivityKind.wiresOf(ActivityKind.Poster.HOLDER) + " (by the claim's holder) or "
                        + ActivityKind.wiresOf(ActivityKind.Poster.SUPERVISOR) + " (by a person with authority over "
                        + "the board)", new ErrorDetails.Field("kind")));
    }

    /** @return the body, kept as sent @throws InvalidInputException when blank or past {@code bodyMax} */
    public static String body(String body, SessionLimits limits) {
        return text(body, "body", "activity_body", limits.bodyMax());
    }

    /** @return the stop's reason @throws InvalidInputException when blank or past {@code reasonMax} */
    public static String reason(String reason, SessionLimits limits) {
        return text(reason, "reason", "stop_reason", limits.reasonMax());
    }

    private static String text(String value, String field, String code, int max) {
        if (value == null || value.isBlank()) {
            throw new InvalidInputException(code + "_required", field + " is required: a non-blank string",
                    new ErrorDetails.Field(field));
        }
        if (value.length() > max) {
            throw new InvalidInputException(code + "_too_long", field + " is " + value.length()
                    + " characters; the cap " + field + "_max is " + max, new ErrorDetails.Cap(field + "_max", max));
        }
        return value;
    }

    /**
     * @return the progress of a {@link ActivityKind#PROGRESS} activity, null for another kind
     * @throws InvalidInputException progress on another kind, or outside 0..{@link SessionLimits#MAX_PROGRESS}
     */
    public static Progress progress(ActivityKind kind, Long done, Long total) {
        if (done == null && total == null) {
            return null;
        }
        if (kind != ActivityKind.PROGRESS) {
            throw new InvalidInputException("progress_not_allowed", "progress belongs to an activity of kind "
                    + "progress only", new ErrorDetails.Field("progress"));
        }
        if (done == null || done < 0 || done > SessionLimits.MAX_PROGRESS
                || (total != null && (total < done || total > SessionLimits.MAX_PROGRESS))) {
            throw new InvalidInputException("invalid_progress", "progress.done is required, and 0 <= done <= total "
                    + "<= " + SessionLimits.MAX_PROGRESS + " (the cap progress_max)",
                    new ErrorDetails.Cap("progress_max", SessionLimits.MAX_PROGRESS));
        }
        return new Progress(done, total);
    }

    /** @throws InvalidInputException past {@code postsPerSecond} posts to one session in the current second */
    public static void requireWithinRate(int postsThisSecond, SessionLimits limits) {
        if (postsThisSecond > limits.postsPerSecond()) {
            throw new InvalidInputException("activity_rate_limited", "A session takes at most "
                    + limits.postsPerSecond() + " activities per second (the cap posts_per_second): post less often, "
                    + "for example the latest output line every few seconds",
                    new ErrorDetails.Cap("posts_per_second", limits.postsPerSecond()));
        }
    }

    /**
     * A stopped session refuses the holder's further work (heartbeat, activity, changed_files, complete); only its
     * unclaim is accepted.
     *
     * @throws ConflictException {@code stop_requested}, with who stopped it, why and when
     */
    public static void requireNotStopped(AgentSession session) {
        if (session != null && session.isOpen() && session.stop() != null) {
            StopRequest stop = session.stop();
            throw new ConflictException(STOP_REQUESTED, "A person (" + stop.byUsername() + ") stopped this session at "
                    + stop.at() + ": " + stop.reason() + ". Do no further work on this task: unclaim it with your "
                    + "claim_token and the reason, and the task returns to Ready.",
                    new ErrorDetails.StopRequested(stop.byUserId(), stop.byUsername(), stop.reason(), stop.at()),
                    NextStep.ASK_FOR_NEW_WORK);
        }
    }

    /**
     * After a stop, the stopped claim's token is stale, though the task may be claimed again since.
     *
     * @throws ConflictException {@code stale_claim} when {@code session} ended by a stop
     */
    public static void requireNotEndedByStop(AgentSession session) {
        if (session != null && !session.isOpen() && session.end().byStop()) {
            throw new ConflictException("stale_claim", "This claim_token belongs to a session a person stopped ("
                    + session.end().wire() + "): the claim is gone. Ask for new work.", ErrorDetails.NONE,
                    NextStep.ASK_FOR_NEW_WORK);
        }
    }

    /** @throws ConflictException unless {@code session} is open and not stopped already */
    public static void requireStoppable(AgentSession session) {
        if (session == null || !session.isOpen()) {
            throw new ConflictException(NOT_WORKING, "No session is working on this task: "
                    + (session == null ? "it was never claimed" : "its session ended (" + session.end().wire() + ")")
                    + ", so there is nothing to stop. A stop after the work completed is too late.");
        }
        if (session.stop() != null) {
            throw new ConflictException(NOT_WORKING, "The session on this task was already stopped at "
                    + session.stop().at() + " by " + session.stop().byUsername() + "; it ends when its holder unclaims "
                    + "or the grace period runs out.");
        }
    }

    /** @throws ConflictException unless {@code session} is open, for a person's answer or instruction */
    public static void requireOpenForPerson(AgentSession session) {
        if (session == null || !session.isOpen()) {
            throw new ConflictException(NOT_WORKING, "No session is open on this task: answers and instructions go "
                    + "to an agent that holds the claim");
        }
    }
}
