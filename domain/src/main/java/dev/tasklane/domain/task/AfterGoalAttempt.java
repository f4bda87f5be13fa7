package dev.tasklane.domain.task;

import java.time.Instant;
import java.util.Objects;

/**
 * One result of a goal's after_goal hook: reported by the agent, or recorded by the grace worker when the window
 * passed without a report (docs/rules.md, "after_goal").
 */
public record AfterGoalAttempt(long exitCode, String output, long durationMs, Source source, Instant reportedAt) {
    /** Who recorded the attempt. */
    public enum Source {
        AGENT,
        GRACE_WORKER
    }

    public AfterGoalAttempt {
        Objects.requireNonNull(output, "output");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(reportedAt, "reportedAt");
        if (durationMs < 0) {
            throw new IllegalArgumentException("an after_goal duration cannot be negative");
        }
    }

    public boolean succeeded() {
        return exitCode == 0;
    }
}
