package dev.tasklane.domain.flow;

import java.time.Duration;
import java.util.Objects;

/**
 * When an agent counts as stuck and as dormant (docs/rules.md, "Flow metrics").
 *
 * @param stuckAfter   how long an agent may hold a claim without any activity before it is stuck
 * @param dormantAfter how long without any activity makes an agent dormant
 */
public record FlowSettings(Duration stuckAfter, Duration dormantAfter) {
    public static final Duration DEFAULT_STUCK_AFTER = Duration.ofMinutes(30);
    public static final Duration DEFAULT_DORMANT_AFTER = Duration.ofDays(14);

    public FlowSettings {
        Objects.requireNonNull(stuckAfter, "stuckAfter");
        Objects.requireNonNull(dormantAfter, "dormantAfter");
        if (stuckAfter.isNegative() || stuckAfter.isZero() || dormantAfter.isNegative() || dormantAfter.isZero()) {
            throw new IllegalArgumentException("the stuck and dormant times must be positive");
        }
    }

    public static FlowSettings defaults() {
        return new FlowSettings(DEFAULT_STUCK_AFTER, DEFAULT_DORMANT_AFTER);
    }
}
