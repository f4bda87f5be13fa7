package dev.tasklane.domain.history;

import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Codes;
import java.time.Instant;
import java.util.Objects;

/**
 * The facts a history entry records beyond its kind, actor and time (docs/api.md, task history): one record
 * per shape, {@link #NONE} when there is nothing more. The facts are typed; the edge names their keys
 * ({@code edge.DocumentKeys}) for the history endpoint's answer and the stored row alike.
 */
public sealed interface HistoryFacts {
    /** Nothing beyond the kind. */
    HistoryFacts NONE = new None();

    record None() implements HistoryFacts {
    }

    /**
     * An assignment changed from one user to another (either may be unassigned).
     *
     * @param cascadedFrom           the goal whose assignment cascaded here, or null for a direct assignment
     * @param deferredUntilClaimEnds whether the change waits for the running claim to end
     */
    record Assignment(UserId from, UserId to, String cascadedFrom, boolean deferredUntilClaimEnds) implements HistoryFacts {
        public Assignment(UserId from, UserId to) {
            this(from, to, null, false);
        }

    }

    /** A claim that took over the expired claim of another agent. */
    record ReclaimedExpired(String previousAgent) implements HistoryFacts {
    }

    /** A claim's lease ran out at this time. */
    record ClaimExpired(Instant expiredAt) implements HistoryFacts {
        public ClaimExpired {
            Objects.requireNonNull(expiredAt, "expiredAt");
        }

    }

    /** A goal whose status follows from its children rather than from a request. */
    record DerivedFromChildren() implements HistoryFacts {
    }

    /** A review decision, by its wire name. */
    record Reviewed(String reviewStatus) implements HistoryFacts {
    }

    /** A task moved to Done by mark_done, bypassing the review flow. */
    record MarkedDone() implements HistoryFacts {
    }

    /** An after_goal result reported with this exit code. */
    record AfterGoalReported(long exitCode) implements HistoryFacts {
    }

    /** A goal completed by its after_goal lifecycle. */
    record GoalCompleted(Source source) implements HistoryFacts {
        public GoalCompleted {
            Objects.requireNonNull(source, "source");
        }

    }

    /** What completed a goal through after_goal: a passing report, or the grace period running out. */
    enum Source {
        AFTER_GOAL_REPORT,
        AFTER_GOAL_GRACE;

        public String code() {
            return Codes.of(this);
        }
    }
}
