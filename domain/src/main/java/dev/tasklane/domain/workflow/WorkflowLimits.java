package dev.tasklane.domain.workflow;

import dev.tasklane.domain.hook.HookName;

import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * The spec's limits as named configuration: the claim lease (60 minutes), the hook timeouts (60 s, 120 s
 * for after_doing), the diff line cap (500 lines per file), the after_goal grace window and how often the
 * lease sweeper runs.
 */
public record WorkflowLimits(
        Duration claimTtl,
        Map<HookName, Duration> hookTimeouts,
        int diffLineCap,
        Duration afterGoalGrace,
        Duration sweepInterval) {

    public static final Duration DEFAULT_CLAIM_TTL = Duration.ofMinutes(60);
    public static final int DEFAULT_DIFF_LINE_CAP = 500;
    public static final Duration DEFAULT_AFTER_GOAL_GRACE = Duration.ofSeconds(5);
    public static final Duration DEFAULT_SWEEP_INTERVAL = Duration.ofSeconds(10);

    public WorkflowLimits {
        requirePositive(claimTtl, "claim TTL");
        requirePositive(afterGoalGrace, "after_goal grace window");
        requirePositive(sweepInterval, "sweep interval");
        if (diffLineCap < 1) {
            throw new IllegalArgumentException("diff line cap must be at least 1");
        }
        EnumMap<HookName, Duration> timeouts = new EnumMap<>(HookName.class);
        for (HookName hook : HookName.values()) {
            Duration timeout = hookTimeouts == null ? null : hookTimeouts.get(hook);
            timeouts.put(hook, timeout == null ? hook.defaultTimeout() : requirePositive(timeout, hook.code() + " timeout"));
        }
        hookTimeouts = Collections.unmodifiableMap(timeouts);
    }

    public static WorkflowLimits defaults() {
        return new WorkflowLimits(DEFAULT_CLAIM_TTL, Map.of(), DEFAULT_DIFF_LINE_CAP, DEFAULT_AFTER_GOAL_GRACE,
                DEFAULT_SWEEP_INTERVAL);
    }

    public WorkflowLimits withClaimTtl(Duration ttl) {
        return new WorkflowLimits(ttl, hookTimeouts, diffLineCap, afterGoalGrace, sweepInterval);
    }

    public WorkflowLimits withAfterGoalGrace(Duration grace) {
        return new WorkflowLimits(claimTtl, hookTimeouts, diffLineCap, grace, sweepInterval);
    }

    public Duration hookTimeout(HookName hook) {
        return hookTimeouts.get(hook);
    }

    private static Duration requirePositive(Duration value, String what) {
        if (value == null || value.isZero() || value.isNegative()) {
            throw new IllegalArgumentException(what + " must be positive");
        }
        return value;
    }
}
