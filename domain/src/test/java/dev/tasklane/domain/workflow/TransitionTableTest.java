package dev.tasklane.domain.workflow;

import dev.tasklane.domain.workflow.TaskWorkflow.Transition;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.InvalidStateException;
import dev.tasklane.domain.error.TasklaneException;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Review;
import dev.tasklane.domain.task.ReviewStatus;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import static dev.tasklane.domain.testing.TaskFixtures.ALICE;
import static dev.tasklane.domain.testing.TaskFixtures.NOW;
import static dev.tasklane.domain.testing.TaskFixtures.agent;
import static dev.tasklane.domain.testing.TaskFixtures.owner;
import static dev.tasklane.domain.testing.TaskFixtures.claim;
import static dev.tasklane.domain.testing.TaskFixtures.claimRequest;
import static dev.tasklane.domain.testing.TaskFixtures.context;
import static dev.tasklane.domain.testing.TaskFixtures.proof;
import static dev.tasklane.domain.testing.TaskFixtures.report;
import static dev.tasklane.domain.testing.TaskFixtures.reviewer;
import static dev.tasklane.domain.testing.TaskFixtures.task;
import static dev.tasklane.domain.testing.TaskFixtures.workflow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

/**
 * Walks the whole Status x Transition table against docs/rules.md ("Transitions"), written out here
 * independently of {@link Transition}, and checks that every workflow method refuses a status outside
 * its table row without touching the task.
 */
class TransitionTableTest {
    /** The expected table: trigger -> (from statuses, to status). */
    private static final Map<Transition, Set<Status>> EXPECTED_FROM = new EnumMap<>(Transition.class);
    private static final Map<Transition, Status> EXPECTED_TO = new EnumMap<>(Transition.class);

    static {
        expect(Transition.CLAIM, EnumSet.of(Status.OPEN, Status.IN_PROGRESS), Status.IN_PROGRESS);
        expect(Transition.UNCLAIM, EnumSet.of(Status.IN_PROGRESS), Status.OPEN);
        expect(Transition.EXPIRE, EnumSet.of(Status.IN_PROGRESS), Status.OPEN);
        expect(Transition.HEARTBEAT, EnumSet.of(Status.IN_PROGRESS), Status.IN_PROGRESS);
        expect(Transition.COMPLETE_TO_DONE, EnumSet.of(Status.IN_PROGRESS), Status.COMPLETED);
        expect(Transition.COMPLETE_TO_REVIEW, EnumSet.of(Status.IN_PROGRESS), Status.REVIEW);
        expect(Transition.RECORD_REVIEW, EnumSet.of(Status.REVIEW), Status.REVIEW);
        expect(Transition.MARK_REVIEWED_APPROVED, EnumSet.of(Status.REVIEW), Status.COMPLETED);
        expect(Transition.MARK_REVIEWED_REWORK, EnumSet.of(Status.REVIEW), Status.IN_PROGRESS);
        expect(Transition.MARK_DONE, EnumSet.of(Status.REVIEW), Status.COMPLETED);
    }

    private static void expect(Transition transition, Set<Status> from, Status to) {
        EXPECTED_FROM.put(transition, from);
        EXPECTED_TO.put(transition, to);
    }

    @Test
    void everyTransitionIsCoveredByTheExpectedTable() {
        assertEquals(EnumSet.allOf(Transition.class), EXPECTED_FROM.keySet());
    }

    @TestFactory
    List<DynamicTest> allowedFromMatchesTheSpecForEveryStatusAndTransition() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Transition transition : Transition.values()) {
            for (Status status : Status.values()) {
                boolean expected = EXPECTED_FROM.get(transition).contains(status);
                tests.add(dynamicTest(transition + " from " + status + " -> " + expected,
                        () -> assertEquals(expected, transition.allowedFrom(status))));
            }
        }
        return tests;
    }

    @Test
    void targetsAndFromSetsMatchTheSpec() {
        for (Transition transition : Transition.values()) {
            assertEquals(EXPECTED_TO.get(transition), transition.to(), transition.name());
            assertEquals(EXPECTED_FROM.get(transition), transition.from(), transition.name());
        }
    }

    @Test
    void fromReturnsADefensiveCopy() {
        Set<Status> from = Transition.UNCLAIM.from();
        from.add(Status.COMPLETED);
        assertEquals(false, Transition.UNCLAIM.allowedFrom(Status.COMPLETED));
    }

    // --- each workflow method refuses a status outside its row, leaving the task as it was ---

    /** A task in {@code status} held by ALICE, so that only the status can be what is wrong. */
    private static Task heldTaskIn(Status status) {
        return task("W1").id(1).status(status).assignedTo(ALICE)
                .claim(claim("claude", NOW.minusSeconds(60), "tok", null))
                .completion(status == Status.REVIEW || status == Status.COMPLETED ? report("done") : null)
                .review(status == Status.REVIEW ? new Review(ReviewStatus.APPROVED, null, NOW, UserId.of(99)) : null)
                .build();
    }

    private static List<DynamicTest> refusals(String method, Set<Status> allowed, String code,
                                              Function<Task, Executable> call) {
        List<DynamicTest> tests = new ArrayList<>();
        for (Status status : EnumSet.complementOf(EnumSet.copyOf(allowed))) {
            tests.add(dynamicTest(method + " from " + status, () -> {
                Task input = heldTaskIn(status);
                Task copy = heldTaskIn(status);
                InvalidStateException error = assertThrows(InvalidStateException.class, call.apply(input));
                assertEquals(code, error.code());
                assertEquals(copy, input);
            }));
        }
        return tests;
    }

    @TestFactory
    List<DynamicTest> unclaimRefusesOutsideItsRow() {
        return refusals("unclaim", Transition.UNCLAIM.from(), "task_not_claimed",
                t -> () -> workflow().unclaim(t, agent(ALICE), null, NOW));
    }

    @TestFactory
    List<DynamicTest> heartbeatRefusesOutsideItsRow() {
        return refusals("heartbeat", Transition.HEARTBEAT.from(), "task_not_claimed",
                t -> () -> workflow().heartbeat(t, agent(ALICE), null, NOW));
    }

    @TestFactory
    List<DynamicTest> completeRefusesOutsideItsRow() {
        return refusals("complete", Transition.COMPLETE_TO_DONE.from(), "invalid_status_for_complete",
                t -> () -> workflow().complete(t, agent(ALICE), null, report("again"), NOW));
    }

    @TestFactory
    List<DynamicTest> recordReviewRefusesOutsideItsRow() {
        return refusals("recordReview", Transition.RECORD_REVIEW.from(), "invalid_column_for_review",
                t -> () -> workflow().recordReview(t, reviewer(UserId.of(99)), ReviewStatus.APPROVED, null, NOW));
    }

    @TestFactory
    List<DynamicTest> markReviewedRefusesOutsideItsRow() {
        return refusals("markReviewed", Transition.MARK_REVIEWED_APPROVED.from(), "invalid_column_for_review",
                t -> () -> workflow().markReviewed(t, agent(ALICE), proof(), "claude", "fresh-token", NOW));
    }

    @TestFactory
    List<DynamicTest> markDoneRefusesOutsideItsRow() {
        return refusals("markDone", Transition.MARK_DONE.from(), "invalid_column_for_mark_done",
                t -> () -> workflow().markDone(t, owner(ALICE), NOW));
    }

    @TestFactory
    List<DynamicTest> expireReturnsTasksOutsideItsRowUnchanged() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Status status : EnumSet.complementOf(EnumSet.copyOf(Transition.EXPIRE.from()))) {
            tests.add(dynamicTest("expire from " + status, () -> {
                Task input = heldTaskIn(status);
                // long after the lease ran out: only the status keeps it from expiring
                assertSame(input, workflow().expire(input, NOW.plus(java.time.Duration.ofDays(2))));
            }));
        }
        return tests;
    }

    /**
     * claim is the one trigger whose status guard is a selection rule (READY_OR_EXPIRED): a task outside
     * its row is "not available to claim", a 409 as in the existing server, not an invalid-state 422.
     */
    @TestFactory
    List<DynamicTest> claimRefusesOutsideItsRowAsNotClaimable() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Status status : EnumSet.complementOf(EnumSet.copyOf(Transition.CLAIM.from()))) {
            tests.add(dynamicTest("claim from " + status, () -> {
                Task input = task("W1").id(1).status(status).build();
                Task copy = task("W1").id(1).status(status).build();
                TasklaneException error = assertThrows(ConflictException.class,
                        () -> workflow().claim(input, claimRequest("claude", "t2"), context(agent(ALICE))));
                assertEquals("task_not_claimable", error.code());
                assertEquals(new ErrorDetails.CurrentStatus(status.code()), error.details());
                assertEquals(copy, input);
            }));
        }
        return tests;
    }

    @Test
    void claimFromInProgressIsAllowedOnlyOnceTheLeaseRanOut() {
        Task live = task("W1").id(1).claimedBy(ALICE, "a", NOW.minusSeconds(60), "tok", null).build();
        ConflictException error = assertThrows(ConflictException.class,
                () -> workflow().claim(live, claimRequest("b", "t2"), context(agent(UserId.of(20)))));
        assertEquals("task_not_claimable", error.code());
        ErrorDetails.ClaimHeld held = (ErrorDetails.ClaimHeld) error.details();
        assertEquals("in_progress", held.status());
        assertEquals("a", held.heldByAgent(), "the 409 names the holder");
    }
}
