package dev.tasklane.domain.goal;

import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.InvalidStateException;
import dev.tasklane.domain.task.AfterGoal;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.tasklane.domain.testing.TaskFixtures.NOW;
import static dev.tasklane.domain.testing.TaskFixtures.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class AfterGoalLifecycleTest {
    private static final Duration GRACE = Duration.ofSeconds(5);
    private static final Instant LATER = NOW.plusSeconds(2);

    private static Task goalIn(Status status) {
        return task("G1").id(1).status(status).build();
    }

    private static Task armedGoal() {
        return AfterGoalLifecycle.arm(goalIn(Status.REVIEW), NOW);
    }

    private static Map<String, Object> payload(Object exitCode, Object output, Object durationMs) {
        Map<String, Object> map = new HashMap<>();
        map.put("exit_code", exitCode);
        map.put("output", output);
        map.put("duration_ms", durationMs);
        return map;
    }

    @Test
    void armingPutsTheGoalInPending() {
        Task armed = armedGoal();
        assertEquals(new AfterGoal(AfterGoal.State.PENDING, NOW, null, List.of()), armed.afterGoal());
        assertEquals(Status.REVIEW, armed.status());
    }

    @Test
    void armingIsIdempotent() {
        Task armed = armedGoal();
        assertSame(armed, AfterGoalLifecycle.arm(armed, LATER));
        Task succeeded = AfterGoalLifecycle.report(armed, payload(0, "ok", 3), LATER);
        assertSame(succeeded, AfterGoalLifecycle.arm(succeeded, LATER.plusSeconds(1)));
        assertEquals(AfterGoal.State.SUCCEEDED, succeeded.afterGoal().state());
    }

    @Test
    void exitZeroOnAPendingGoalCompletesIt() {
        Task done = AfterGoalLifecycle.report(armedGoal(), payload(0, "rolled up", 42), LATER);
        assertEquals(Status.COMPLETED, done.status());
        assertEquals(AfterGoal.State.SUCCEEDED, done.afterGoal().state());
        Map<String, Object> attempt = new LinkedHashMap<>();
        attempt.put("exit_code", 0L);
        attempt.put("output", "rolled up");
        attempt.put("duration_ms", 42L);
        attempt.put("reported_at", LATER.toString());
        assertEquals(attempt, done.afterGoal().lastResult());
        assertEquals(List.of(attempt), done.afterGoal().attempts());
        assertEquals(LATER, done.updatedAt());
    }

    @Test
    void aNonZeroExitKeepsTheGoalPendingWithTheAttemptRecorded() {
        Task armed = armedGoal();
        Task failed = AfterGoalLifecycle.report(armed, payload(3, "boom", 10), LATER);
        assertEquals(Status.REVIEW, failed.status());
        assertEquals(AfterGoal.State.PENDING, failed.afterGoal().state());
        assertEquals(3L, failed.afterGoal().lastResult().get("exit_code"));
        assertEquals(1, failed.afterGoal().attempts().size());

        Task retried = AfterGoalLifecycle.report(failed, payload(0, "fixed", 10), LATER.plusSeconds(1));
        assertEquals(Status.COMPLETED, retried.status());
        assertEquals(2, retried.afterGoal().attempts().size());
    }

    @Test
    void aReportOnANonGoalIsRefused() {
        InvalidStateException error = assertThrows(InvalidStateException.class,
                () -> AfterGoalLifecycle.report(task("W1").build(), payload(0, "", 1), NOW));
        assertEquals("after_goal_not_goal", error.code());
        assertEquals("after_goal can only be reported against tasks of type goal", error.getMessage());
    }

    @Test
    void aReportOnAnUnarmedGoalIsRefused() {
        InvalidStateException error = assertThrows(InvalidStateException.class,
                () -> AfterGoalLifecycle.report(goalIn(Status.OPEN), payload(0, "", 1), NOW));
        assertEquals("after_goal_not_armed", error.code());
        assertEquals("Goal has no in-flight after_goal lifecycle (after_goal_status is nil)", error.getMessage());
    }

    @Test
    void aMalformedPayloadIsRefused() {
        Task armed = armedGoal();
        List<Map<String, Object>> bad = new java.util.ArrayList<>(List.of(
                payload("0", "", 1), payload(0.5, "", 1), payload(0, 5, 1), payload(0, "", -1),
                payload(0, "", 1.5), payload(null, "", 1), Map.of("exit_code", 0, "output", "")));
        bad.add(null);
        for (Map<String, Object> payload : bad) {
            InvalidInputException error = assertThrows(InvalidInputException.class,
                    () -> AfterGoalLifecycle.report(armed, payload, LATER), String.valueOf(payload));
            assertEquals("invalid_after_goal_result", error.code());
            assertEquals("after_goal payload requires {exit_code: integer, output: string, duration_ms: non-negative integer}",
                    error.getMessage());
        }
    }

    @Test
    void theGraceWindowPromotesOnlyAfterItElapsed() {
        Task armed = armedGoal();
        assertSame(armed, AfterGoalLifecycle.graceExpired(armed, GRACE, NOW.plus(GRACE).minusMillis(1)));

        Instant at = NOW.plus(GRACE);
        Task promoted = AfterGoalLifecycle.graceExpired(armed, GRACE, at);
        assertEquals(Status.COMPLETED, promoted.status());
        assertEquals(AfterGoal.State.SUCCEEDED, promoted.afterGoal().state());
        Map<String, Object> attempt = promoted.afterGoal().lastResult();
        assertEquals(0L, attempt.get("exit_code"));
        assertEquals(AfterGoalLifecycle.GRACE_OUTPUT, attempt.get("output"));
        assertEquals("grace window expired (no agent report received)", attempt.get("output"));
        assertEquals(0L, attempt.get("duration_ms"));
        assertEquals("after_goal_grace_worker", attempt.get("source"));
        assertEquals(at.toString(), attempt.get("reported_at"));
    }

    @Test
    void theGraceWindowLeavesUnarmedAndSucceededGoalsAlone() {
        Task unarmed = goalIn(Status.OPEN);
        assertSame(unarmed, AfterGoalLifecycle.graceExpired(unarmed, GRACE, NOW.plusSeconds(60)));
        Task succeeded = AfterGoalLifecycle.report(armedGoal(), payload(0, "", 1), LATER);
        assertSame(succeeded, AfterGoalLifecycle.graceExpired(succeeded, GRACE, NOW.plusSeconds(60)));
    }

    @Test
    void lateReportsAfterSuccessAreAppendedWithoutChangingStatus() {
        Task done = AfterGoalLifecycle.graceExpired(armedGoal(), GRACE, NOW.plus(GRACE));
        Task lateOk = AfterGoalLifecycle.report(done, payload(0, "late", 1), NOW.plusSeconds(30));
        assertEquals(Status.COMPLETED, lateOk.status());
        assertEquals(AfterGoal.State.SUCCEEDED, lateOk.afterGoal().state());
        assertEquals(2, lateOk.afterGoal().attempts().size());
        assertEquals(done.version(), lateOk.version(), "the store, not the domain, steps the version");

        Task lateFail = AfterGoalLifecycle.report(lateOk, payload(1, "late failure", 1), NOW.plusSeconds(31));
        assertEquals(Status.COMPLETED, lateFail.status());
        assertEquals(AfterGoal.State.SUCCEEDED, lateFail.afterGoal().state());
        assertEquals(3, lateFail.afterGoal().attempts().size());
        assertEquals("late failure", lateFail.afterGoal().lastResult().get("output"));
        assertEquals(lateOk.version(), lateFail.version());
    }

    @Test
    void aLateSuccessDoesNotMoveAGoalThatHasSinceReopened() {
        Task done = AfterGoalLifecycle.report(armedGoal(), payload(0, "ok", 1), LATER);
        Task reopened = done.withStatus(Status.OPEN, LATER.plusSeconds(1)); // a new child was added
        Task late = AfterGoalLifecycle.report(reopened, payload(0, "late", 1), LATER.plusSeconds(2));
        assertEquals(Status.OPEN, late.status());
        assertEquals(2, late.afterGoal().attempts().size());
    }

    @Test
    void extraPayloadKeysAreDropped() {
        Map<String, Object> payload = payload(0, "", 1);
        payload.put("secret", "x");
        Task done = AfterGoalLifecycle.report(armedGoal(), payload, LATER);
        assertNull(done.afterGoal().lastResult().get("secret"));
    }
}
