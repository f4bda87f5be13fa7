package dev.tasklane.domain.history;

import dev.tasklane.domain.id.UserId;
import java.time.Instant;
import java.util.Objects;

/**
 * The facts a history entry records beyond its kind, actor and time (docs/api.md, task history): one record
 * per shape. Each shape names its values ({@link #name}); the adapters write those names into the entry's
 * {@code facts} object (the history endpoint's answer and the stored row alike), {@link #NONE} into an empty one.
 */
public sealed interface HistoryFacts {
    /** Nothing beyond the kind. */
    HistoryFacts NONE = new None();

    /** Receives a shape's values under their documented names, in their documented order. */
    interface Names {
        void text(String name, String value);

        void number(String name, Long value);

        /** A name whose presence is the fact (written as {@code true}). */
        void flag(String name);
    }

    /** Hands this shape's values to {@code out} under their documented names (docs/api.md, task history). */
    void name(Names out);

    record None() implements HistoryFacts {
        @Override
        public void name(Names out) {
        }
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

        @Override
        public void name(Names out) {
            out.number("from", UserId.valueOrNull(from));
            out.number("to", UserId.valueOrNull(to));
            if (cascadedFrom != null) {
                out.text("cascaded_from", cascadedFrom);
            }
            if (deferredUntilClaimEnds) {
                out.flag("deferred_until_claim_ends");
            }
        }
    }

    /** A claim that took over the expired claim of another agent. */
    record ReclaimedExpired(String previousAgent) implements HistoryFacts {
        @Override
        public void name(Names out) {
            out.text("reclaimed_expired_claim_of", previousAgent);
        }
    }

    /** A claim's lease ran out at this time. */
    record ClaimExpired(Instant expiredAt) implements HistoryFacts {
        public ClaimExpired {
            Objects.requireNonNull(expiredAt, "expiredAt");
        }

        @Override
        public void name(Names out) {
            out.text("expired_at", expiredAt.toString());
        }
    }

    /** A goal whose status follows from its children rather than from a request. */
    record DerivedFromChildren() implements HistoryFacts {
        @Override
        public void name(Names out) {
            out.flag("derived_from_children");
        }
    }

    /** A review decision, by its wire name. */
    record Reviewed(String reviewStatus) implements HistoryFacts {
        @Override
        public void name(Names out) {
            out.text("review_status", reviewStatus);
        }
    }

    /** A task moved to Done by mark_done, bypassing the review flow. */
    record MarkedDone() implements HistoryFacts {
        @Override
        public void name(Names out) {
            out.text("bypass", "mark_done");
        }
    }

    /** An after_goal result reported with this exit code. */
    record AfterGoalReported(long exitCode) implements HistoryFacts {
        @Override
        public void name(Names out) {
            out.number("exit_code", exitCode);
        }
    }

    /** A goal completed by its after_goal lifecycle. */
    record GoalCompleted(Source source) implements HistoryFacts {
        public GoalCompleted {
            Objects.requireNonNull(source, "source");
        }

        @Override
        public void name(Names out) {
            out.text("source", source.wire());
        }
    }

    /** What completed a goal through after_goal: a passing report, or the grace period running out. */
    enum Source {
        AFTER_GOAL_REPORT("after_goal_report"),
        AFTER_GOAL_GRACE("after_goal_grace");

        private final String wire;

        Source(String wire) {
            this.wire = wire;
        }

        public String wire() {
            return wire;
        }
    }
}
