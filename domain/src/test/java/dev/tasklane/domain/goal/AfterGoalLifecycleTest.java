package dev.tasklane.domain.goal;

import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.InvalidStateException;
import dev.tasklane.domain.task.AfterGoal;
import dev.tasklane.domain.task.AfterGoalAttempt;
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

    private static AfterGoalReport payload(long exitCode, String output, long durationMs) {
        return new AfterGoalReport(exitCode, output, durationMs);
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
        AfterGoalAttempt attempt = new AfterGoalAttempt(0, "rolled up", 42, AfterGoalAttempt.Source.AGENT, LATER);
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
        assertEquals(3L, failed.afterGoal().lastResult().exitCode());
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
    void anIncompleteReportIsRefused() {
        Task armed = armedGoal();
        List<AfterGoalReport> bad = new java.util.ArrayList<>(List.of(new AfterGoalReport(null, "", 1L),
                new AfterGoalReport(0L, null, 1L), new AfterGoalReport(0L, "", null), new AfterGoalReport(0L, "", -1L)));
        bad.add(null);
        for (AfterGoalReport report : bad) {
            InvalidInputException error = assertThrows(InvalidInputException.class,
                    () -> AfterGoalLifecycle.report(armed, report, LATER), String.valueOf(report));
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
        assertEquals(new AfterGoalAttempt(0, "grace window expired (no agent report received)", 0,
                AfterGoalAttempt.Source.GRACE_WORKER, at), promoted.afterGoal().lastResult());
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
        assertEquals("late failure", lateFail.afterGoal().lastResult().output());
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

}
