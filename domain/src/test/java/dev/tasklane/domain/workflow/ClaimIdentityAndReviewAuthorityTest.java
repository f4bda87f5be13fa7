package dev.tasklane.domain.workflow;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.agent.BoardAccess;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.task.Completion;
import dev.tasklane.domain.task.ReviewStatus;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import org.junit.jupiter.api.Test;

import static dev.tasklane.domain.testing.TaskFixtures.ALICE;
import static dev.tasklane.domain.testing.TaskFixtures.BOARD;
import static dev.tasklane.domain.testing.TaskFixtures.NOW;
import static dev.tasklane.domain.testing.TaskFixtures.agent;
import static dev.tasklane.domain.testing.TaskFixtures.context;
import static dev.tasklane.domain.testing.TaskFixtures.owner;
import static dev.tasklane.domain.testing.TaskFixtures.proof;
import static dev.tasklane.domain.testing.TaskFixtures.reader;
import static dev.tasklane.domain.testing.TaskFixtures.report;
import static dev.tasklane.domain.testing.TaskFixtures.reviewer;
import static dev.tasklane.domain.testing.TaskFixtures.task;
import static dev.tasklane.domain.testing.TaskFixtures.withToken;
import static dev.tasklane.domain.testing.TaskFixtures.workflow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A claim belongs to one agent (token + agent_name, or its claim_token); review needs a person's authority. */
class ClaimIdentityAndReviewAuthorityTest {
    private static final long TOKEN = 5L;
    private final TaskWorkflow workflow = workflow();

    private Task claimedWithToken(String agentName) {
        return workflow.claim(task("W1").id(1).build(), new ClaimRequest(agentName, proof(), "lease-1"),
                context(withToken(ALICE, TOKEN, false))).task();
    }

    @Test
    void theClaimRecordsTheTokenThatMadeIt() {
        Task claimed = claimedWithToken("agent-a");
        assertEquals(TOKEN, claimed.claim().tokenId());
        assertEquals("agent-a", claimed.claim().agentName());
    }

    @Test
    void theSameTokenAndAgentNameIsARetry() {
        Task claimed = claimedWithToken("agent-a");
        ClaimOutcome again = workflow.claim(claimed, new ClaimRequest("agent-a", proof(), "lease-2"),
                context(withToken(ALICE, TOKEN, false)));
        assertTrue(again.repeated());
        assertEquals("lease-1", again.task().claim().claimToken());
    }

    @Test
    void anotherAgentSharingTheTokenGetsA409NamingTheHolder() {
        Task claimed = claimedWithToken("agent-a");
        ConflictException refused = assertThrows(ConflictException.class, () -> workflow.claim(claimed,
                new ClaimRequest("agent-b", proof(), "lease-2"), context(withToken(ALICE, TOKEN, false))));
        assertEquals("task_not_claimable", refused.code());
        ErrorDetails.ClaimHeld held = (ErrorDetails.ClaimHeld) refused.details();
        assertEquals("agent-a", held.heldByAgent());
        assertEquals(ALICE, held.heldByUserId());
        assertTrue(refused.getMessage().contains("agent-a"), refused.getMessage());
    }

    @Test
    void theSameNameOnAnotherTokenOfTheSameUserIsAnotherAgent() {
        Task claimed = claimedWithToken("agent-a");
        assertThrows(ConflictException.class, () -> workflow.claim(claimed,
                new ClaimRequest("agent-a", proof(), "lease-2"), context(withToken(ALICE, TOKEN + 1, false))));
    }

    @Test
    void presentingTheClaimTokenIsARetryWhateverTheName() {
        Task claimed = claimedWithToken("agent-a");
        assertTrue(workflow.claim(claimed, new ClaimRequest("renamed", proof(), "lease-2", "lease-1"),
                context(withToken(ALICE, TOKEN, false))).repeated());
        assertThrows(ConflictException.class, () -> workflow.claim(claimed,
                new ClaimRequest("agent-a", proof(), "lease-2", "not-the-lease"), context(withToken(ALICE, TOKEN, false))));
    }

    @Test
    void markDoneNeedsAReviewerOrTheBoardOwner() {
        Task inReview = task("W1").id(1).status(Status.REVIEW).assignedTo(ALICE).needsReview().completion(report("x")).build();
        ForbiddenException refused = assertThrows(ForbiddenException.class,
                () -> workflow.markDone(inReview, agent(ALICE), NOW));
        assertEquals(BoardAccess.REVIEW_AUTHORITY_CODE, refused.code());
        assertEquals(Status.COMPLETED, workflow.markDone(inReview, owner(ALICE), NOW).status());
        assertEquals(Status.COMPLETED, workflow.markDone(inReview, reviewer(ALICE), NOW).status());
    }

    @Test
    void aTokenCannotReviewWorkItCompleted() {
        Actor reviewerToken = withToken(ALICE, TOKEN, true);
        Task held = claimedWithToken("agent-a");
        Task heldByReviewerToken = workflow.claim(task("W2").id(2).needsReview().build(),
                new ClaimRequest("agent-a", proof(), "lease-3"), context(reviewerToken)).task();
        Task completed = workflow.complete(heldByReviewerToken, reviewerToken, null, report("done"), NOW);
        assertEquals(TOKEN, completed.completion().completedByTokenId());
        ForbiddenException refused = assertThrows(ForbiddenException.class,
                () -> workflow.recordReview(completed, reviewerToken, ReviewStatus.APPROVED, null, NOW));
        assertEquals(BoardAccess.OWN_WORK_CODE, refused.code());
        Actor otherReviewer = withToken(ALICE, TOKEN + 1, true);
        assertEquals(ReviewStatus.APPROVED,
                workflow.recordReview(completed, otherReviewer, ReviewStatus.APPROVED, null, NOW).review().status());
        assertFalse(held.claim().tokenId() == null);
    }
}
