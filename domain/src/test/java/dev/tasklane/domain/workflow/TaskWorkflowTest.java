package dev.tasklane.domain.workflow;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.InvalidStateException;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.agent.BoardAccess;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.testing.TaskFixtures;
import dev.tasklane.domain.task.Claim;
import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.task.Completion;
import dev.tasklane.domain.task.Review;
import dev.tasklane.domain.task.ReviewStatus;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.time.Instant;
import java.util.Set;

import static dev.tasklane.domain.testing.TaskFixtures.ALICE;
import static dev.tasklane.domain.testing.TaskFixtures.BOB;
import static dev.tasklane.domain.testing.TaskFixtures.CAROL;
import static dev.tasklane.domain.testing.TaskFixtures.NOW;
import static dev.tasklane.domain.testing.TaskFixtures.TTL;
import static dev.tasklane.domain.testing.TaskFixtures.agent;
import static dev.tasklane.domain.testing.TaskFixtures.claimRequest;
import static dev.tasklane.domain.testing.TaskFixtures.context;
import static dev.tasklane.domain.testing.TaskFixtures.owner;
import static dev.tasklane.domain.testing.TaskFixtures.proof;
import static dev.tasklane.domain.testing.TaskFixtures.reader;
import static dev.tasklane.domain.testing.TaskFixtures.report;
import static dev.tasklane.domain.testing.TaskFixtures.reviewer;
import static dev.tasklane.domain.testing.TaskFixtures.task;
import static dev.tasklane.domain.testing.TaskFixtures.workflow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TaskWorkflowTest {
    private final TaskWorkflow workflow = workflow();

    /** W1 in Doing, claimed by ALICE one minute ago with token "tok"; before the claim it was assigned to {@code before}. */
    private static Task heldByAlice(UserId before) {
        return task("W1").id(1).claimedBy(ALICE, "claude", NOW.minusSeconds(60), "tok", before).build();
    }

    private static Task inReview(ReviewStatus decision, String notes) {
        return task("W1").id(1).status(Status.REVIEW).assignedTo(ALICE).needsReview()
                .claim(new Claim("claude", NOW.minusSeconds(600), NOW.minusSeconds(600).plus(TTL), "tok", UserId.of(7)))
                .completion(report("done"))
                .review(decision == null ? null : new Review(decision, notes, NOW.minusSeconds(30), UserId.of(99)))
                .build();
    }

    @Nested
    class Claiming {
        @Test
        void claimMovesAnOpenTaskToDoingForTheCaller() {
            Task open = task("W1").id(1).build();
            ClaimOutcome outcome = workflow.claim(open, claimRequest("claude", "tok-1"), context(agent(ALICE)));

            assertFalse(outcome.repeated());
            Task claimed = outcome.task();
            assertEquals(Status.IN_PROGRESS, claimed.status());
            assertEquals(ALICE, claimed.assignedToId());
            assertEquals(new Claim("claude", NOW, NOW.plus(Duration.ofMinutes(60)), "tok-1", null), claimed.claim());
            assertEquals(NOW, claimed.updatedAt());
            assertEquals(open.version(), claimed.version(), "read version kept for the store check");
        }

        @Test
        void theLeaseComesFromTheConfiguredLimits() {
            TaskWorkflow shortLeases = new TaskWorkflow(WorkflowLimits.defaults().withClaimTtl(Duration.ofMinutes(5)));
            Task claimed = shortLeases.claim(task("W1").build(), claimRequest("a", "t"), context(agent(ALICE))).task();
            assertEquals(NOW.plus(Duration.ofMinutes(5)), claimed.claim().expiresAt());
        }

        @Test
        void claimRemembersThePriorAssignee() {
            Task assigned = task("W1").assignedTo(ALICE).build();
            Task claimed = workflow.claim(assigned, claimRequest("claude", "t"), context(agent(ALICE))).task();
            assertEquals(ALICE, claimed.claim().assigneeBeforeClaim());
        }

        @Test
        void aRepeatedClaimByTheHolderAnswersTheSameClaim() {
            Task held = heldByAlice(null);
            ClaimOutcome again = workflow.claim(held, claimRequest("claude", "another-token"), context(agent(ALICE)));
            assertTrue(again.repeated());
            assertSame(held, again.task());
            assertEquals("tok", again.task().claim().claimToken());
        }

        @Test
        void anExpiredClaimCanBeReclaimedByAnotherAgent() {
            Task expired = task("W1").id(1).claimedBy(ALICE, "a", NOW.minus(TTL).minusSeconds(1), "old", null).build();
            ClaimOutcome outcome = workflow.claim(expired, claimRequest("b", "new"), context(agent(BOB)));
            assertFalse(outcome.repeated());
            assertEquals(Status.IN_PROGRESS, outcome.task().status());
            assertEquals(BOB, outcome.task().assignedToId());
            assertEquals(new Claim("b", NOW, NOW.plus(TTL), "new", null), outcome.task().claim());
        }

        @Test
        void reclaimingAnExpiredClaimKeepsTheAssignmentFromBeforeTheFirstClaim() {
            // goal-assigned to ALICE, claimed by ALICE, lapsed; ALICE claims again: unclaim must still give ALICE back
            Task expired = task("W1").id(1).claimedBy(ALICE, "a", NOW.minus(TTL), "old", ALICE).build();
            Task reclaimed = workflow.claim(expired, claimRequest("a", "new"), context(agent(ALICE))).task();
            assertEquals(ALICE, reclaimed.claim().assigneeBeforeClaim());
            assertEquals("new", reclaimed.claim().claimToken());
        }

        @Test
        void anAssignmentToAnotherUserIsForbidden() {
            Task assigned = task("W1").assignedTo(BOB).build();
            ForbiddenException error = assertThrows(ForbiddenException.class,
                    () -> workflow.claim(assigned, claimRequest("a", "t"), context(agent(ALICE))));
            assertEquals("assigned_to_other_user", error.code());
            assertEquals("Task 'W1' is assigned to a different user. Only the assigned user can claim it.", error.getMessage());
            assertEquals(new ErrorDetails.AssignedElsewhere(BOB), error.details());
        }

        @Test
        void anUnfinishedDependencyIsAConflictNamingIt() {
            Task dep = task("W2").status(Status.IN_PROGRESS).build();
            Task blocked = task("W1").dependsOn("W2").build();
            ConflictException error = assertThrows(ConflictException.class,
                    () -> workflow.claim(blocked, claimRequest("a", "t"), context(agent(ALICE), dep, blocked)));
            assertEquals("task_not_claimable", error.code());
            assertEquals(new ErrorDetails.BlockedBy(dev.tasklane.domain.testing.TaskFixtures.ids("W2")), error.details());
        }

        @Test
        void aKeyFileConflictIsAConflictNamingTheHolder() {
            Task holder = task("W7").id(7).claimedBy(BOB, "gemini", NOW, "x", null).keyFiles("src/App.java").build();
            Task wanted = task("W1").id(1).keyFiles("src/App.java").build();
            ConflictException error = assertThrows(ConflictException.class,
                    () -> workflow.claim(wanted, claimRequest("a", "t"), context(agent(ALICE), holder, wanted)));
            assertEquals("task_not_claimable", error.code());
            assertEquals(new ErrorDetails.KeyFileHeld("src/App.java", "W7", "gemini"), error.details());
        }
    }

    @Nested
    class Unclaiming {
        @Test
        void unclaimReturnsTheTaskToReadyUnassigned() {
            Task open = workflow.unclaim(heldByAlice(null), agent(ALICE), null, NOW);
            assertEquals(Status.OPEN, open.status());
            assertNull(open.assignedToId());
            assertNull(open.claim());
        }

        @Test
        void unclaimRestoresAGoalCascadedAssignment() {
            Task goalAssigned = task("W1").parent(50).assignedTo(ALICE).build();
            Task claimed = workflow.claim(goalAssigned, claimRequest("a", "t"), context(agent(ALICE))).task();
            Task released = workflow.unclaim(claimed, agent(ALICE), "t", NOW.plusSeconds(5));
            assertEquals(Status.OPEN, released.status());
            assertEquals(ALICE, released.assignedToId());
        }

        @Test
        void notClaimedIsRefused() {
            InvalidStateException error = assertThrows(InvalidStateException.class,
                    () -> workflow.unclaim(task("W1").build(), agent(ALICE), null, NOW));
            assertEquals("task_not_claimed", error.code());
            assertEquals("Task is not currently claimed", error.getMessage());
        }

        @Test
        void someoneElseIsForbidden() {
            ForbiddenException error = assertThrows(ForbiddenException.class,
                    () -> workflow.unclaim(heldByAlice(null), agent(BOB), null, NOW));
            assertEquals("not_authorized_to_unclaim", error.code());
            assertEquals("You can only unclaim tasks that you claimed", error.getMessage());
        }

        @Test
        void aStaleClaimTokenIsAConflict() {
            ConflictException error = assertThrows(ConflictException.class,
                    () -> workflow.unclaim(heldByAlice(null), agent(ALICE), "previous-claim", NOW));
            assertEquals("stale_claim", error.code());
        }

        @Test
        void theCurrentClaimTokenIsAccepted() {
            assertEquals(Status.OPEN, workflow.unclaim(heldByAlice(null), agent(ALICE), "tok", NOW).status());
        }
    }

    @Nested
    class Expiring {
        @Test
        void aRunningLeaseIsNotExpired() {
            Task held = heldByAlice(null);
            assertSame(held, workflow.expire(held, held.claim().expiresAt().minusMillis(1)));
        }

        @Test
        void anExpiredLeaseReturnsToReadyWithThePriorAssignee() {
            Task held = heldByAlice(CAROL);
            Instant at = held.claim().expiresAt();
            Task expired = workflow.expire(held, at);
            assertEquals(Status.OPEN, expired.status());
            assertEquals(CAROL, expired.assignedToId());
            assertNull(expired.claim());
            assertEquals(at, expired.updatedAt());
        }
    }

    @Nested
    class Heartbeat {
        @Test
        void heartbeatExtendsTheLeaseFromNow() {
            Task held = heldByAlice(CAROL);
            Instant later = NOW.plus(Duration.ofMinutes(30));
            Task beat = workflow.heartbeat(held, agent(ALICE), "tok", later);
            assertEquals(Status.IN_PROGRESS, beat.status());
            assertEquals(ALICE, beat.assignedToId());
            assertEquals(later.plus(TTL), beat.claim().expiresAt());
            assertEquals(held.claim().claimedAt(), beat.claim().claimedAt());
            assertEquals("tok", beat.claim().claimToken());
            assertEquals(CAROL, beat.claim().assigneeBeforeClaim());
        }

        @Test
        void onlyTheHolderMayHeartbeat() {
            ForbiddenException error = assertThrows(ForbiddenException.class,
                    () -> workflow.heartbeat(heldByAlice(null), agent(BOB), null, NOW));
            assertEquals("not_authorized_to_heartbeat", error.code());
        }

        @Test
        void aStaleTokenCannotHeartbeat() {
            assertEquals("stale_claim", assertThrows(ConflictException.class,
                    () -> workflow.heartbeat(heldByAlice(null), agent(ALICE), "old", NOW)).code());
        }
    }

    @Nested
    class Completing {
        @Test
        void withoutReviewTheTaskIsDone() {
            Task done = workflow.complete(heldByAlice(null), agent(ALICE), "tok", report("summary"), NOW);
            assertEquals(Status.COMPLETED, done.status());
            assertEquals(NOW, done.completion().completedAt());
            assertEquals(ALICE, done.completion().completedById());
            assertEquals("summary", done.completion().report().summary());
            assertEquals("claude", done.completion().completedByAgent());
            assertEquals(ALICE, done.assignedToId());
        }

        @Test
        void withReviewTheTaskWaitsInReviewWithoutCompletedAt() {
            Task held = task("W1").needsReview().claimedBy(ALICE, "c", NOW, "tok", null).build();
            Task review = workflow.complete(held, agent(ALICE), null, report("summary"), NOW);
            assertEquals(Status.REVIEW, review.status());
            assertNull(review.completion().completedAt());
            assertEquals(ALICE, review.completion().completedById());
        }

        @Test
        void aPriorReviewDecisionIsCleared() {
            Task rework = task("W1").needsReview().claimedBy(ALICE, "c", NOW, "tok", null)
                    .review(new Review(ReviewStatus.CHANGES_REQUESTED, "fix it", NOW.minusSeconds(9), UserId.of(99))).build();
            Task review = workflow.complete(rework, agent(ALICE), null, report("again"), NOW);
            assertEquals(Status.REVIEW, review.status());
            assertNull(review.review());
        }

        @Test
        void notTheAssigneeIsForbidden() {
            ForbiddenException error = assertThrows(ForbiddenException.class,
                    () -> workflow.complete(heldByAlice(null), agent(BOB), null, report("s"), NOW));
            assertEquals("not_authorized_to_complete", error.code());
            assertEquals("You can only complete tasks that you are assigned to", error.getMessage());
        }

        @Test
        void aStaleTokenCannotComplete() {
            assertEquals("stale_claim", assertThrows(ConflictException.class,
                    () -> workflow.complete(heldByAlice(null), agent(ALICE), "old", report("s"), NOW)).code());
        }

        @Test
        void anOpenTaskCannotBeCompleted() {
            InvalidStateException error = assertThrows(InvalidStateException.class,
                    () -> workflow.complete(task("W1").assignedTo(ALICE).build(), agent(ALICE), null, report("s"), NOW));
            assertEquals("invalid_status_for_complete", error.code());
            assertEquals("Task must be in progress to complete (its status is open)", error.getMessage());
        }

        @Test
        void alreadyCompletedByRecognisesTheCompleterOnly() {
            Task done = workflow.complete(heldByAlice(null), agent(ALICE), null, report("s"), NOW);
            assertTrue(workflow.alreadyCompletedBy(done, agent(ALICE)));
            assertFalse(workflow.alreadyCompletedBy(done, agent(BOB)));
            Task review = inReview(null, null);
            review = review.withCompletion(Status.REVIEW, new Completion(ALICE, null, null, AgentReport.NONE, null), null, NOW);
            assertTrue(workflow.alreadyCompletedBy(review, agent(ALICE)));
            assertFalse(workflow.alreadyCompletedBy(heldByAlice(null), agent(ALICE)));
        }
    }

    @Nested
    class RecordingReviews {
        @Test
        void aReviewerRecordsADecisionWithoutMovingTheTask() {
            Task reviewed = workflow.recordReview(inReview(null, null), reviewer(UserId.of(99)), ReviewStatus.APPROVED, null, NOW);
            assertEquals(Status.REVIEW, reviewed.status());
            assertEquals(new Review(ReviewStatus.APPROVED, null, NOW, UserId.of(99)), reviewed.review());
        }

        @Test
        void theReviewerFlagIsRequired() {
            ForbiddenException error = assertThrows(ForbiddenException.class,
                    () -> workflow.recordReview(inReview(null, null), agent(ALICE), ReviewStatus.APPROVED, null, NOW));
            assertEquals("not_a_reviewer", error.code());
        }

        @ParameterizedTest
        @EnumSource(value = ReviewStatus.class, names = {"CHANGES_REQUESTED", "REJECTED"})
        void notesAreRequiredForChangesRequestedAndRejected(ReviewStatus decision) {
            for (String notes : new String[] {null, "", "   "}) {
                InvalidInputException error = assertThrows(InvalidInputException.class,
                        () -> workflow.recordReview(inReview(null, null), reviewer(UserId.of(99)), decision, notes, NOW));
                assertEquals("review_notes_required", error.code());
                assertEquals(new ErrorDetails.Field("review_notes"), error.details());
            }
            Task reviewed = workflow.recordReview(inReview(null, null), reviewer(UserId.of(99)), decision, "do X", NOW);
            assertEquals(new Review(decision, "do X", NOW, UserId.of(99)), reviewed.review());
        }

        @Test
        void pendingIsNotADecision() {
            InvalidInputException error = assertThrows(InvalidInputException.class,
                    () -> workflow.recordReview(inReview(null, null), reviewer(UserId.of(99)), ReviewStatus.PENDING, "n", NOW));
            assertEquals("invalid_review_status", error.code());
            assertEquals("invalid_review_status", assertThrows(InvalidInputException.class,
                    () -> workflow.recordReview(inReview(null, null), reviewer(UserId.of(99)), null, "n", NOW)).code());
        }
    }

    @Nested
    class MarkingReviewed {
        @Test
        void approvedGoesToDone() {
            Task done = workflow.markReviewed(inReview(ReviewStatus.APPROVED, null), agent(ALICE), proof(), "claude", "fresh-token", NOW);
            assertEquals(Status.COMPLETED, done.status());
            assertEquals(NOW, done.completion().completedAt());
            assertEquals(ReviewStatus.APPROVED, done.review().status());
        }

        @ParameterizedTest
        @EnumSource(value = ReviewStatus.class, names = {"CHANGES_REQUESTED", "REJECTED"})
        void reworkGoesBackToDoingWithTheSameAssigneeAndAFreshLease(ReviewStatus decision) {
            Task task = inReview(decision, "fix");
            Task rework = workflow.markReviewed(task, agent(ALICE), proof(), "claude", "fresh-token", NOW);
            assertEquals(Status.IN_PROGRESS, rework.status());
            assertEquals(ALICE, rework.assignedToId());
            assertEquals(NOW, rework.claim().claimedAt());
            assertEquals(NOW.plus(TTL), rework.claim().expiresAt());
            assertEquals("claude", rework.claim().agentName());
            assertEquals(UserId.of(7), rework.claim().assigneeBeforeClaim());
            assertEquals("fresh-token", rework.claim().claimToken(), "the rework lease has a fresh claim_token");
            assertNotEquals(task.claim().claimToken(), rework.claim().claimToken());
            assertFalse(rework.claimExpiredAt(NOW.plus(TTL).minusSeconds(1)));
        }

        @Test
        void reworkWithoutAPreviousClaimStillGetsALease() {
            Task task = inReview(ReviewStatus.CHANGES_REQUESTED, "fix").withClaim(Status.REVIEW, ALICE, null, NOW);
            Task rework = workflow.markReviewed(task, agent(ALICE), proof(), "claude", "fresh-token", NOW);
            assertEquals(Status.IN_PROGRESS, rework.status());
            assertNotNull(rework.claim());
            assertEquals(NOW.plus(TTL), rework.claim().expiresAt());
        }

        @Test
        void noDecisionYetIsRefused() {
            InvalidStateException error = assertThrows(InvalidStateException.class,
                    () -> workflow.markReviewed(inReview(null, null), agent(ALICE), proof(), "claude", "fresh-token", NOW));
            assertEquals("review_not_performed", error.code());
            assertEquals("Task must have a review status before being marked as reviewed", error.getMessage());
        }

        @Test
        void notInReviewIsRefused() {
            InvalidStateException error = assertThrows(InvalidStateException.class,
                    () -> workflow.markReviewed(heldByAlice(null), agent(ALICE), proof(), "claude", "fresh-token", NOW));
            assertEquals("invalid_column_for_review", error.code());
            assertEquals("Task must be in Review column to mark as reviewed", error.getMessage());
        }

    }

    @Nested
    class MarkingDone {
        @Test
        void reviewGoesToDoneWithoutHooks() {
            Task done = workflow.markDone(inReview(null, null), owner(CAROL), NOW);
            assertEquals(Status.COMPLETED, done.status());
            assertEquals(NOW, done.completion().completedAt());
        }

        @Test
        void aReviewTaskWithoutACompletionGetsOneStamped() {
            Task bare = task("W1").status(Status.REVIEW).build();
            Task done = workflow.markDone(bare, reviewer(CAROL), NOW);
            assertEquals(CAROL, done.completion().completedById());
            assertEquals(NOW, done.completion().completedAt());
        }

        @ParameterizedTest
        @ValueSource(strings = {"OPEN", "IN_PROGRESS", "COMPLETED"})
        void otherStatusesAreRefused(String status) {
            Task task = task("W1").status(Status.valueOf(status)).build();
            InvalidStateException error = assertThrows(InvalidStateException.class,
                    () -> workflow.markDone(task, owner(CAROL), NOW));
            assertEquals("invalid_column_for_mark_done", error.code());
        }

        @Test
        void theOwnersAgentCannotTakeWorkPastReview() {
            assertEquals(BoardAccess.REVIEW_AUTHORITY_CODE, assertThrows(ForbiddenException.class,
                    () -> workflow.markDone(inReview(null, null), TaskFixtures.ownersAgent(CAROL), NOW)).code());
        }

        @Test
        void theTokenThatCompletedItCannotMarkItDoneEvenWithTheReviewScope() {
            Completion sent = report("done");
            long completer = 4242L;
            Task completedByToken = task("W1").id(1).status(Status.REVIEW).assignedTo(CAROL).needsReview()
                    .completion(new Completion(CAROL, "claude", completer, sent.report(), null)).build();
            Actor sameToken = TaskFixtures.token(CAROL, completer, Access.OWNER, Set.of(), true);
            ForbiddenException own = assertThrows(ForbiddenException.class,
                    () -> workflow.markDone(completedByToken, sameToken, NOW));
            assertEquals(BoardAccess.OWN_WORK_CODE, own.code());
            Actor anotherReviewerToken = TaskFixtures.token(CAROL, completer + 1, Access.OWNER, Set.of(), true);
            assertEquals(Status.COMPLETED, workflow.markDone(completedByToken, anotherReviewerToken, NOW).status(),
                    "the same person approves with another reviewer token");
        }
    }
}
