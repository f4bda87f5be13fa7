package dev.tasklane.domain.workflow;

import dev.tasklane.domain.hook.HookName;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class WorkflowLimitsTest {
    private static final Duration GRACE = Duration.ofSeconds(5);
    private static final Duration SWEEP = Duration.ofSeconds(10);

    @Test
    void defaultsAreTheSpecs() {
        WorkflowLimits limits = WorkflowLimits.defaults();
        assertEquals(Duration.ofMinutes(60), limits.claimTtl());
        assertEquals(500, limits.diffLineCap());
        assertEquals(Duration.ofSeconds(60), limits.hookTimeout(HookName.BEFORE_DOING));
        assertEquals(Duration.ofSeconds(120), limits.hookTimeout(HookName.AFTER_DOING));
        assertEquals(Duration.ofSeconds(60), limits.hookTimeout(HookName.BEFORE_REVIEW));
        assertEquals(Duration.ofSeconds(60), limits.hookTimeout(HookName.AFTER_REVIEW));
        assertEquals(Duration.ofSeconds(60), limits.hookTimeout(HookName.AFTER_GOAL));
        assertEquals(Duration.ofSeconds(5), limits.afterGoalGrace());
        assertEquals(HookName.values().length, limits.hookTimeouts().size());
    }

    @Test
    void aConfiguredHookTimeoutOverridesOnlyThatHook() {
        Map<HookName, Duration> timeouts = new EnumMap<>(HookName.class);
        timeouts.put(HookName.AFTER_DOING, Duration.ofMinutes(10));
        WorkflowLimits limits = new WorkflowLimits(Duration.ofMinutes(30), timeouts, 200, GRACE, SWEEP);
        assertEquals(Duration.ofMinutes(10), limits.hookTimeout(HookName.AFTER_DOING));
        assertEquals(Duration.ofSeconds(60), limits.hookTimeout(HookName.BEFORE_DOING));
        assertEquals(Duration.ofMinutes(30), limits.claimTtl());
        assertEquals(200, limits.diffLineCap());
    }

    @Test
    void hookTimeoutsCannotBeChangedAfterConstruction() {
        assertThrows(UnsupportedOperationException.class,
                () -> WorkflowLimits.defaults().hookTimeouts().put(HookName.AFTER_DOING, Duration.ofDays(1)));
    }

    @Test
    void invalidValuesAreRefused() {
        for (Duration bad : new Duration[] {null, Duration.ZERO, Duration.ofSeconds(-1)}) {
            assertThrows(IllegalArgumentException.class, () -> new WorkflowLimits(bad, Map.of(), 500, GRACE, SWEEP));
            assertThrows(IllegalArgumentException.class, () -> new WorkflowLimits(Duration.ofMinutes(1), Map.of(), 500, bad, SWEEP));
            assertThrows(IllegalArgumentException.class, () -> new WorkflowLimits(Duration.ofMinutes(1), Map.of(), 500, GRACE, bad));
            assertThrows(IllegalArgumentException.class, () -> WorkflowLimits.defaults().withClaimTtl(bad));
            assertThrows(IllegalArgumentException.class, () -> WorkflowLimits.defaults().withAfterGoalGrace(bad));
        }
        for (Duration bad : new Duration[] {Duration.ZERO, Duration.ofSeconds(-1)}) {
            IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () ->
                    new WorkflowLimits(Duration.ofMinutes(1), Map.of(HookName.AFTER_REVIEW, bad), 500, GRACE, SWEEP));
            assertEquals("after_review timeout must be positive", error.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> new WorkflowLimits(Duration.ofMinutes(1), Map.of(), 0, GRACE, SWEEP));
        assertThrows(IllegalArgumentException.class, () -> new WorkflowLimits(Duration.ofMinutes(1), Map.of(), -5, GRACE, SWEEP));
    }

    @Test
    void aNullTimeoutMapMeansTheDefaults() {
        WorkflowLimits limits = new WorkflowLimits(Duration.ofMinutes(1), null, 1, GRACE, SWEEP);
        assertEquals(Duration.ofSeconds(120), limits.hookTimeout(HookName.AFTER_DOING));
        assertEquals(1, limits.diffLineCap());
    }

    @Test
    void withersChangeOnlyTheirField() {
        WorkflowLimits limits = WorkflowLimits.defaults().withClaimTtl(Duration.ofMinutes(2)).withAfterGoalGrace(Duration.ofSeconds(1));
        assertEquals(Duration.ofMinutes(2), limits.claimTtl());
        assertEquals(Duration.ofSeconds(1), limits.afterGoalGrace());
        assertEquals(500, limits.diffLineCap());
        assertEquals(Duration.ofSeconds(120), limits.hookTimeout(HookName.AFTER_DOING));
    }
}
