package dev.tasklane.domain.task;

import java.util.Objects;

/**
 * A completion's {@code explorer_result} (docs/rules.md, "Completion results"): the explorer sub-agent either ran,
 * with what it found and how long it took, or was skipped, with why. Each case holds only what it has; what else
 * was sent rides along in {@link #unknownKeys()}, kept as sent. How long the summary must be and which skip reasons
 * count are {@code CompletionRules}'s to judge.
 */
public sealed interface ExplorerResult permits ExplorerResult.Dispatched, ExplorerResult.Skipped {
    /**
     * What the explorer found, or why it was not run. Null only on a result stored before a summary was required:
     * the rules refuse a new result without one.
     */
    String summary();

    /** Every key sent that this case does not name, as sent. */
    UnknownKeys unknownKeys();

    /** An explorer that ran as a sub-agent. */
    static Dispatched dispatched(String summary, long durationMs) {
        return new Dispatched(summary, durationMs, UnknownKeys.NONE);
    }

    /** An explorer that was skipped for one of the documented skip reasons. */
    static Skipped skipped(String summary, String reason) {
        return new Skipped(summary, reason, UnknownKeys.NONE);
    }

    /**
     * The explorer ran as a sub-agent.
     *
     * @param durationMs how long it ran, never negative
     */
    record Dispatched(String summary, long durationMs, UnknownKeys unknownKeys) implements ExplorerResult {
        public Dispatched {
            if (durationMs < 0) {
                throw new IllegalArgumentException("durationMs must not be negative: " + durationMs);
            }
            unknownKeys = unknownKeys == null ? UnknownKeys.NONE : unknownKeys;
        }
    }

    /**
     * The explorer was skipped.
     *
     * @param reason why, one of {@code CompletionRules.SKIP_REASONS} for the rules to accept it
     */
    record Skipped(String summary, String reason, UnknownKeys unknownKeys) implements ExplorerResult {
        public Skipped {
            Objects.requireNonNull(reason, "reason");
            unknownKeys = unknownKeys == null ? UnknownKeys.NONE : unknownKeys;
        }
    }
}
