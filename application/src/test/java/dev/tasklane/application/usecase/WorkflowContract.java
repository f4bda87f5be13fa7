package dev.tasklane.application.usecase;

import static dev.tasklane.application.testing.Identifiers.tids;

import dev.tasklane.domain.goal.AfterGoalReport;
import dev.tasklane.application.testing.TaskCommands;
import dev.tasklane.application.port.in.CompleteTask;
import dev.tasklane.domain.hook.HookResultDraft;
import dev.tasklane.domain.validation.CompletionProblems;
import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.port.in.ClaimTaskUseCase.Claimed;
import dev.tasklane.application.port.in.CompleteTaskUseCase.Completed;
import dev.tasklane.application.port.in.Created;
import dev.tasklane.application.port.in.EventStreamUseCase;
import dev.tasklane.application.port.in.HookEntry;
import dev.tasklane.application.port.in.MetricsRequest;
import dev.tasklane.application.port.in.ReviewDecision;
import dev.tasklane.domain.flow.FlowReport;
import dev.tasklane.application.port.in.ReviewUseCase.Reviewed;
import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.task.ReviewStatus;
import dev.tasklane.domain.error.InvalidStateException;
import dev.tasklane.domain.error.TasklaneException;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.hook.HookProofRejectedException;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.task.Verbatim;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.ChangedFile;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.validation.ChangedFilesDraft;
import dev.tasklane.domain.validation.ChangedFilesRules;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.domain.validation.CompletionRejectedException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.tasklane.application.usecase.BoardFixture.completion;
import static dev.tasklane.application.usecase.BoardFixture.id;
import static dev.tasklane.application.usecase.BoardFixture.proof;
import static dev.tasklane.application.usecase.BoardFixture.keyFile;
import static dev.tasklane.application.usecase.BoardFixture.hook;
import static dev.tasklane.application.usecase.BoardFixture.failedHook;
import static dev.tasklane.application.usecase.BoardFixture.ref;
import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The spec's transition table, run through the use cases against a store adapter. Each adapter extends
 * this class with only {@link #newStores()}.
 */
public abstract class WorkflowContract {
    private static final ChangedFilesDraft NO_FILES = ChangedFilesDraft.of(List.of());

    protected abstract StoreSet newStores();

    protected BoardFixture board;

    @BeforeEach
    void createBoard() {
        board = new BoardFixture(newStores(), CompletionMode.GRACE);
    }

    private List<HookName> names(List<HookEntry> hooks) {
        return hooks.stream().map(HookEntry::name).toList();
    }

    @Test
    void claimMovesAnOpenTaskToDoingWithAOneHourLeaseAndBeforeDoingMetadata() {
        String w1 = id(board.create(board.admin, task("Add login")));
        Claimed claimed = board.claim(board.alice, w1);
        assertEquals(Status.IN_PROGRESS, claimed.task().task().status());
        assertEquals(board.alice.userId(), claimed.task().task().assignedToId());
        assertEquals(BoardFixture.START.plus(Duration.ofMinutes(60)), claimed.task().task().claim().expiresAt());
        assertEquals(HookName.BEFORE_DOING, claimed.hook().name());
        assertEquals(60_000, claimed.hook().timeoutMs());
        assertEquals("in_progress", claimed.hook().env().get("TASK_STATUS"));
        assertEquals("Doing", claimed.hook().env().get("COLUMN_NAME"));
        assertEquals(w1, claimed.hook().env().get("TASK_IDENTIFIER"));
        assertEquals(14, claimed.hook().env().size());
    }

    @Test
    void aMissingOrFailedBeforeDoingProofRefusesTheClaimAndChangesNothing() {
        TaskView created = board.create(board.admin, task("Add login"));
        String w1 = id(created);
        HookProofRejectedException missing = assertThrows(HookProofRejectedException.class,
                () -> board.app.claims().claim(board.alice, new ClaimTask(w1, "agent", null, null)));
        assertEquals("before_doing hook result is required", missing.getMessage());
        HookProofRejectedException failed = assertThrows(HookProofRejectedException.class,
                () -> board.app.claims().claim(board.alice, new ClaimTask(w1, "agent", failedHook(), null)));
        assertEquals("before_doing is a blocking hook and failed with exit code 2. Fix the issues and try again.",
                failed.getMessage());
        TaskView after = board.get(w1);
        assertEquals(Status.OPEN, after.task().status());
        assertEquals(created.task().version(), after.task().version());
    }

    @Test
    void aClaimOfATaskAssignedToAnotherUserIsForbiddenAndLeavesItUntouched() {
        String w1 = id(board.create(board.admin, task("Mine", "assigned_to_id", board.bob.userId().value())));
        ForbiddenException refused = assertThrows(ForbiddenException.class, () -> board.claim(board.alice, w1));
        assertEquals("assigned_to_other_user", refused.code());
        assertEquals("Task '" + w1 + "' is assigned to a different user. Only the assigned user can claim it.", refused.getMessage());
        assertEquals(Status.OPEN, board.get(w1).task().status());
        assertEquals(Status.IN_PROGRESS, board.claim(board.bob, w1).task().task().status());
    }

    @Test
    void aClaimBlockedByDependenciesSaysWhichAreUnfinished() {
        String w1 = id(board.create(board.admin, task("First")));
        String w2 = id(board.create(board.admin, task("Second", "dependencies", List.of(w1))));
        ConflictException refused = assertThrows(ConflictException.class, () -> board.claim(board.alice, w2));
        assertEquals(new ErrorDetails.BlockedBy(tids(w1)), refused.details());
        assertTrue(board.get(w2).blocked());
    }

    @Test
    void aKeyFileHeldInDoingRefusesAClaimByIdentifierAndHidesTheTaskFromNext() {
        String w1 = id(board.create(board.admin, task("Edit auth", "key_files", List.of(keyFile("lib/auth.ex")))));
        String w2 = id(board.create(board.admin, task("Also auth", "key_files", List.of(keyFile("lib/auth.ex")))));
        board.claim(board.alice, w1);
        ConflictException refused = assertThrows(ConflictException.class, () -> board.claim(board.bob, w2));
        ErrorDetails.KeyFileHeld held = (ErrorDetails.KeyFileHeld) refused.details();
        assertEquals("lib/auth.ex", held.filePath());
        assertEquals(w1, held.heldBy());
        assertTrue(board.app.next().next(board.bob).isEmpty());
    }

    @Test
    void theKeyFileStaysHeldWhileTheHolderIsInReview() {
        String w1 = id(board.create(board.admin, task("Edit auth", "needs_review", true, "key_files", List.of(keyFile("lib/auth.ex")))));
        String w2 = id(board.create(board.admin, task("Also auth", "key_files", List.of(keyFile("lib/auth.ex")))));
        board.claim(board.alice, w1);
        board.complete(board.alice, w1);
        assertEquals(Status.REVIEW, board.get(w1).task().status());
        assertThrows(ConflictException.class, () -> board.claim(board.bob, w2));
    }

    @Test
    void anExpiredClaimIsClaimableAgainAndTheSweeperReturnsItToReady() {
        String w1 = id(board.create(board.admin, task("Slow")));
        board.claim(board.alice, w1);
        assertTrue(board.app.next().next(board.bob).isEmpty());
        board.clock.advance(Duration.ofMinutes(61));
        assertEquals(w1, id(board.app.next().next(board.bob).orElseThrow()));
        assertEquals(1, board.app.maintenance().sweep().claimsExpired());
        TaskView swept = board.get(w1);
        assertEquals(Status.OPEN, swept.task().status());
        assertNull(swept.task().assignedToId());
        assertTrue(board.app.reads().history(board.admin, ref(w1)).stream().anyMatch(e -> e.kind() == HistoryKind.CLAIM_EXPIRED));
        assertEquals(board.bob.userId(), board.claim(board.bob, w1).task().task().assignedToId());
    }

    @Test
    void anExpiredClaimCanBeTakenOverBeforeTheSweeperRuns() {
        String w1 = id(board.create(board.admin, task("Slow")));
        board.claim(board.alice, w1);
        board.clock.advance(Duration.ofMinutes(60));
        Claimed taken = board.claim(board.bob, w1);
        assertEquals(board.bob.userId(), taken.task().task().assignedToId());
        assertThrows(ForbiddenException.class, () -> board.complete(board.alice, w1));
    }

    @Test
    void unclaimReleasesTheTaskAndRestoresTheAssignmentItHadBefore() {
        String w1 = id(board.create(board.admin, task("Mine", "assigned_to_id", board.alice.userId().value())));
        board.claim(board.alice, w1);
        TaskView released = board.app.leases().unclaim(board.alice, ref(w1), null);
        assertEquals(Status.OPEN, released.task().status());
        assertEquals(board.alice.userId(), released.task().assignedToId());
        assertNull(released.task().claim());
        assertThrows(InvalidStateException.class, () -> board.app.leases().unclaim(board.alice, ref(w1), null));
    }

    @Test
    void onlyTheHolderMayUnclaimHeartbeatOrComplete() {
        String w1 = id(board.create(board.admin, task("Mine")));
        board.claim(board.alice, w1);
        assertEquals("not_authorized_to_unclaim",
                assertThrows(ForbiddenException.class, () -> board.app.leases().unclaim(board.bob, ref(w1), null)).code());
        assertThrows(ForbiddenException.class, () -> board.app.leases().heartbeat(board.bob, ref(w1), null));
        assertThrows(ForbiddenException.class, () -> board.complete(board.bob, w1));
    }

    @Test
    void aHeartbeatExtendsTheLease() {
        String w1 = id(board.create(board.admin, task("Long")));
        board.claim(board.alice, w1);
        board.clock.advance(Duration.ofMinutes(50));
        TaskView extended = board.app.leases().heartbeat(board.alice, ref(w1), null);
        assertEquals(board.clock.instant().plus(Duration.ofMinutes(60)), extended.task().claim().expiresAt());
        board.clock.advance(Duration.ofMinutes(20));
        assertTrue(board.app.next().next(board.bob).isEmpty());
    }

    @Test
    void aStaleClaimTokenCannotCompleteATaskThatWasReclaimed() {
        String w1 = id(board.create(board.admin, task("Contested")));
        String firstToken = board.claim(board.alice, w1).claimToken();
        board.app.leases().unclaim(board.alice, ref(w1), firstToken);
        board.claim(board.alice, w1);
        ConflictException stale = assertThrows(ConflictException.class, () -> board.app.completion()
                .complete(board.alice, ref(w1), completion().withClaimToken(firstToken)));
        assertEquals("stale_claim", stale.code());
        assertEquals(Status.IN_PROGRESS, board.get(w1).task().status());
    }

    @Test
    void aRetriedClaimAnswersTheSameClaim() {
        String w1 = id(board.create(board.admin, task("Once")));
        Claimed first = board.claim(board.alice, w1);
        Claimed again = board.claim(board.alice, w1);
        assertEquals(first.claimToken(), again.claimToken());
        assertEquals(first.task().task().version(), again.task().task().version());
    }

    @Test
    void completingWithoutReviewGoesToDoneWithThreeHooksAndUnblocksDependents() {
        String w1 = id(board.create(board.admin, task("First")));
        String w2 = id(board.create(board.admin, task("Second", "dependencies", List.of(w1))));
        assertTrue(board.app.next().next(board.alice).map(v -> id(v).equals(w1)).orElse(false));
        board.claim(board.alice, w1);
        Completed done = board.complete(board.alice, w1);
        assertEquals(Status.COMPLETED, done.task().task().status());
        assertEquals(board.clock.instant(), done.task().task().completion().completedAt());
        assertEquals(List.of(HookName.AFTER_DOING, HookName.BEFORE_REVIEW, HookName.AFTER_REVIEW), names(done.hooks()));
        assertEquals("Done", done.hooks().get(2).env().get("COLUMN_NAME"));
        assertFalse(board.get(w2).blocked());
        assertEquals(w2, id(board.app.next().next(board.alice).orElseThrow()));
    }

    @Test
    void aRetriedCompleteAnswersTheStoredResult() {
        String w1 = id(board.create(board.admin, task("Once")));
        board.claim(board.alice, w1);
        Completed first = board.complete(board.alice, w1);
        Completed again = board.complete(board.alice, w1);
        assertEquals(first.task().task().version(), again.task().task().version());
        assertEquals(names(first.hooks()), names(again.hooks()));
    }

    @Test
    void missingCompletionHookProofsRefuseTheCompletion() {
        String w1 = id(board.create(board.admin, task("Work")));
        board.claim(board.alice, w1);
        CompleteTask full = completion();
        CompleteTask body = new CompleteTask(full.agentName(), null, full.afterDoing(),
                HookResultDraft.of(HookName.BEFORE_REVIEW, null), full.report(), null, CompletionProblems.NONE);
        assertEquals("before_review hook result is required", assertThrows(HookProofRejectedException.class,
                () -> board.app.completion().complete(board.alice, ref(w1), body)).getMessage());
        CompleteTask failing = CompleteTask.of("agent", null, failedHook(), hook(), BoardFixture.report());
        assertThrows(HookProofRejectedException.class, () -> board.app.completion().complete(board.alice, ref(w1), failing));
        assertEquals(Status.IN_PROGRESS, board.get(w1).task().status());
    }

    @Test
    void aTaskThatNeedsReviewStopsInReviewUntilApprovedAndMarkedReviewed() {
        String w1 = id(board.create(board.admin, task("Risky", "needs_review", true)));
        String w2 = id(board.create(board.admin, task("After", "dependencies", List.of(w1))));
        board.claim(board.alice, w1);
        Completed inReview = board.complete(board.alice, w1);
        assertEquals(Status.REVIEW, inReview.task().task().status());
        assertEquals(List.of(HookName.AFTER_DOING, HookName.BEFORE_REVIEW), names(inReview.hooks()));
        assertTrue(board.get(w2).blocked());
        assertThrows(ForbiddenException.class, () -> board.app.reviews().review(board.alice, ref(w1), ReviewDecision.fromCode("approved", null)));
        assertEquals("review_not_performed", assertThrows(InvalidStateException.class,
                () -> board.app.reviews().markReviewed(board.alice, ref(w1), hook(), "agent")).code());
        board.app.reviews().review(board.reviewer, ref(w1), ReviewDecision.fromCode("approved", null));
        Reviewed reviewed = board.app.reviews().markReviewed(board.alice, ref(w1), hook(), "agent");
        assertEquals(Status.COMPLETED, reviewed.task().task().status());
        assertEquals(List.of(HookName.AFTER_REVIEW), names(reviewed.hooks()));
        assertEquals(board.reviewer.userId(), reviewed.task().task().review().reviewedById());
        assertFalse(board.get(w2).blocked());
    }

    @Test
    void changesRequestedSendTheTaskBackToDoingWithTheSameAssigneeAndAFreshLease() {
        String w1 = id(board.create(board.admin, task("Risky", "needs_review", true)));
        board.claim(board.alice, w1);
        board.complete(board.alice, w1);
        board.clock.advance(Duration.ofMinutes(90));
        board.app.reviews().review(board.reviewer, ref(w1), ReviewDecision.fromCode("changes_requested", "Handle the empty password case"));
        Reviewed rework = board.app.reviews().markReviewed(board.alice, ref(w1), hook(), "agent");
        assertEquals(Status.IN_PROGRESS, rework.task().task().status());
        assertEquals(board.alice.userId(), rework.task().task().assignedToId());
        assertEquals(board.clock.instant().plus(Duration.ofMinutes(60)), rework.task().task().claim().expiresAt());
        assertTrue(rework.hooks().isEmpty());
        Completed again = board.complete(board.alice, w1);
        assertEquals(Status.REVIEW, again.task().task().status());
        assertNull(again.task().task().review(), "a new completion starts a new review round");
    }

    @Test
    void changesRequestedAndRejectionNeedNotes() {
        String w1 = id(board.create(board.admin, task("Risky", "needs_review", true)));
        board.claim(board.alice, w1);
        board.complete(board.alice, w1);
        assertThrows(TasklaneException.class, () -> board.app.reviews().review(board.reviewer, ref(w1), ReviewDecision.fromCode("rejected", " ")));
        assertThrows(TasklaneException.class, () -> board.app.reviews().review(board.reviewer, ref(w1), ReviewDecision.fromCode("pending", "x")));
        assertEquals(Status.REVIEW, board.app.reviews().review(board.reviewer, ref(w1), ReviewDecision.fromCode("rejected", "Wrong approach")).task().status());
        assertEquals(Status.IN_PROGRESS, board.app.reviews().markReviewed(board.alice, ref(w1), hook(), null).task().task().status());
    }

    @Test
    void markDoneIsAPersonsBypassFromReviewOnly() {
        String w1 = id(board.create(board.admin, task("Risky", "needs_review", true)));
        board.claim(board.alice, w1);
        assertThrows(InvalidStateException.class, () -> board.app.reviews().markDone(board.admin, ref(w1)));
        board.complete(board.alice, w1);
        assertEquals(Status.COMPLETED, board.app.reviews().markDone(board.admin, ref(w1)).task().status());
    }

    @Test
    void strictModeRefusesACompletionWithoutExplorerAndReviewerResults() {
        BoardFixture strict = new BoardFixture(newStores(), CompletionMode.STRICT);
        String w1 = id(strict.create(strict.admin, task("Work")));
        strict.claim(strict.alice, w1);
        CompletionRejectedException refused = assertThrows(CompletionRejectedException.class, () -> strict.complete(strict.alice, w1));
        assertEquals(List.of("explorer_result", "reviewer_result"), refused.failures().stream().map(f -> f.field()).toList());
        assertEquals(Status.IN_PROGRESS, strict.get(w1).task().status());
    }

    @Test
    void graceModeLetsAMissingResultThroughWithAWarning() {
        String w1 = id(board.create(board.admin, task("Work")));
        board.claim(board.alice, w1);
        Completed done = board.complete(board.alice, w1);
        assertFalse(done.warnings().isEmpty());
    }

    @Test
    void aReadOnlyMemberCannotClaimOrCreate() {
        String w1 = id(board.create(board.admin, task("Work")));
        assertThrows(ForbiddenException.class, () -> board.claim(board.reader, w1));
        assertThrows(ForbiddenException.class, () -> board.create(board.reader, task("Nope")));
    }

    @Test
    void changedFilesAreWrittenByTheAssigneeOrWhileInReview() {
        String w1 = id(board.create(board.admin, task("Diff", "needs_review", true)));
        board.claim(board.alice, w1);
        ChangedFilesDraft files = ChangedFilesDraft.of(List.of(ChangedFile.of("lib/a.ex", "+x\n")));
        assertThrows(ForbiddenException.class, () -> board.app.changedFiles().putChangedFiles(board.bob, ref(w1), files, null));
        assertEquals(1, board.app.changedFiles().putChangedFiles(board.alice, ref(w1), files, null).task().changedFiles().size());
        board.app.completion().complete(board.alice, ref(w1), completion().withChangedFiles(ChangedFilesDraft.of(List.of())));
        assertEquals(1, board.get(w1).task().changedFiles().size(), "changed_files in a complete body is ignored");
        assertEquals(0, board.app.changedFiles().putChangedFiles(board.bob, ref(w1), NO_FILES, null).task().changedFiles().size());
    }

    @Test
    void aChangedFilesSnapshotIsStoredAsSentUnknownKeysIncluded() {
        String w1 = id(board.create(board.admin, task("Snapshot")));
        board.claim(board.alice, w1);
        Map<String, Verbatim> extra = new LinkedHashMap<>();
        extra.put("diff_url", new Verbatim("\"https://example.test/d/1\""));
        extra.put("stats", new Verbatim("{\"added\":3,\"removed\":[1,2]}"));
        List<ChangedFile> sent = List.of(new ChangedFile("lib/a.ex", "@@ -1 +1 @@\n-a\n+b\n", new UnknownKeys(extra)),
                ChangedFile.of("logo.png", ChangedFilesRules.BINARY_PLACEHOLDER), ChangedFile.of("README.md", null));
        board.app.changedFiles().putChangedFiles(board.alice, ref(w1), ChangedFilesDraft.of(sent), null);
        assertEquals(sent, board.get(w1).task().changedFiles(), "read back from the store exactly as written");
    }

    @Test
    void eventsAreDeliveredAfterCommitAndNotForRefusedTransitions() throws InterruptedException {
        String w1 = id(board.create(board.admin, task("Evented")));
        try (var subscription = board.app.events().subscribe(board.boardId, null)) {
            assertThrows(HookProofRejectedException.class, () -> board.app.claims().claim(board.alice, new ClaimTask(w1, "a", failedHook(), null)));
            board.claim(board.alice, w1);
            TaskEvent claimed = ((EventStreamUseCase.Event) subscription.poll(Duration.ofSeconds(30))).event();
            assertEquals("task.claimed", claimed.type(), "the refused claim left no event");
            assertEquals(w1, claimed.identifier());
            assertEquals("Doing", claimed.column());
        }
        try (var replay = board.app.events().subscribe(board.boardId, 0L)) {
            List<String> types = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                types.add(((EventStreamUseCase.Event) replay.poll(Duration.ofSeconds(30))).event().type());
            }
            assertEquals(List.of("task.created", "task.claimed"), types);
        }
    }

    @Test
    void aCompletionAndAMarkReviewedWithoutAgentNameAreTheClaimsAgents() {
        String w1 = id(board.create(board.admin, task("Reviewed", "needs_review", true)));
        board.app.claims().claim(board.alice, new ClaimTask(w1, "newcomer-bot", hook(), null));
        Completed completed = board.app.completion().complete(board.alice, ref(w1),
                CompleteTask.of(null, null, hook(), hook(), BoardFixture.report()));
        assertEquals("newcomer-bot", completed.task().task().completion().completedByAgent());
        completed.hooks().forEach(h -> assertEquals("newcomer-bot", h.env().get("AGENT_NAME"), h.name().code()));
        board.app.reviews().review(board.reviewer, ref(w1), ReviewDecision.fromCode("approved", null));
        Reviewed reviewed = board.app.reviews().markReviewed(board.alice, ref(w1), hook(), null);
        reviewed.hooks().forEach(h -> assertEquals("newcomer-bot", h.env().get("AGENT_NAME"), h.name().code()));
        assertEquals("newcomer-bot", board.get(w1).task().completion().completedByAgent(), "as stored");
        List<String> agents = board.app.reads().history(board.admin, ref(w1)).stream()
                .map(HistoryEntry::agentName).filter(name -> name != null).distinct().toList();
        assertEquals(List.of("agent", "newcomer-bot"), agents, "the history's agents: the creator's, the claim's");
        FlowReport report = board.app.flow().metrics(board.admin, MetricsRequest.defaults()).report();
        List<FlowReport.AgentFigures> alices = report.agents().stream()
                .filter(a -> board.alice.userId().equals(a.agent().user())).toList();
        assertEquals(List.of("newcomer-bot"), alices.stream().map(a -> a.agent().agentName()).toList(),
                "alice's agents in the flow figures");
        assertEquals(1, alices.get(0).done());
    }

    @Test
    void historyRecordsEachTransitionWithItsActorAndAgent() {
        String w1 = id(board.create(board.admin, task("Tracked")));
        board.claim(board.alice, w1);
        board.complete(board.alice, w1);
        List<HistoryEntry> history = board.app.reads().history(board.admin, ref(w1));
        assertEquals(List.of(HistoryKind.CREATED, HistoryKind.CLAIMED, HistoryKind.COMPLETED),
                history.stream().map(HistoryEntry::kind).toList());
        assertEquals(board.alice.userId(), history.get(1).actorUserId());
        assertEquals("agent-" + board.alice.userId(), history.get(1).agentName());
    }

    @Test
    void capabilitiesComeFromTheTokenAndAnEmptyListMatchesEverything() {
        Actor tester = board.member("tess", Access.MODIFY, Set.of(Capability.TESTING), false);
        String w1 = id(board.create(board.admin, task("DB work", "required_capabilities", List.of("database_design"))));
        assertTrue(board.app.next().next(tester).isEmpty());
        assertThrows(ConflictException.class, () -> board.claim(tester, w1));
        assertEquals(w1, id(board.app.next().next(board.alice).orElseThrow()));
    }
    // ---- access rules and claim identity, rework, reassignment ----

    /** Every write use case, as the read-only member tries it: each is refused with the one write-access error. */
    @Test
    void aReadOnlyMemberCanWriteNothingAndNothingChanges() {
        String goal = id(board.createGoal(board.admin, BoardFixture.goal("Goal", List.of(task("child")))).root());
        String held = id(board.create(board.admin, task("Held", "needs_review", true)));
        board.claim(board.alice, held);
        String reviewed = id(board.create(board.admin, task("In review", "needs_review", true)));
        board.claim(board.alice, reviewed);
        board.complete(board.alice, reviewed);
        Actor readerReviewer = board.member("rory", Access.READ_ONLY, Set.of(), true);
        List<Object> before = snapshot();
        Map<String, org.junit.jupiter.api.function.Executable> writes = new java.util.LinkedHashMap<>();
        writes.put("create", () -> board.create(board.reader, task("Nope")));
        writes.put("batch", () -> board.app.batch().createBatch(board.reader,
                TaskCommands.batch(List.of(BoardFixture.goal("G", List.of())), "r")));
        writes.put("update", () -> board.app.update().update(board.reader, ref(held), TaskCommands.edit(Map.of("title", "renamed"))));
        writes.put("claim", () -> board.claim(board.reader, held));
        writes.put("unclaim", () -> board.app.leases().unclaim(board.reader, ref(held), null));
        writes.put("heartbeat", () -> board.app.leases().heartbeat(board.reader, ref(held), null));
        writes.put("complete", () -> board.app.completion().complete(board.reader, ref(held), completion()));
        writes.put("changed_files in Review", () -> board.app.changedFiles().putChangedFiles(board.reader, ref(reviewed), NO_FILES, null));
        writes.put("review decision", () -> board.app.reviews().review(readerReviewer, ref(reviewed), ReviewDecision.fromCode("approved", null)));
        writes.put("mark_reviewed", () -> board.app.reviews().markReviewed(board.reader, ref(reviewed), hook(), "r"));
        writes.put("mark_done", () -> board.app.reviews().markDone(readerReviewer, ref(reviewed)));
        writes.put("assign", () -> board.app.assignment().assign(board.reader, ref(goal), board.reader.userId()));
        writes.put("after_goal", () -> board.app.afterGoal().report(board.reader, ref(goal), new AfterGoalReport(0L, "ok", 1L)));
        writes.forEach((name, write) -> {
            ForbiddenException refused = assertThrows(ForbiddenException.class, write, name);
            assertEquals(dev.tasklane.domain.agent.BoardAccess.WRITE_REQUIRED_CODE, refused.code(), name);
            assertEquals(dev.tasklane.domain.agent.BoardAccess.WRITE_REQUIRED_MESSAGE, refused.getMessage(), name);
        });
        assertEquals(before, snapshot(), "no refused write changed anything");
    }

    /** Every task of the board with its version, status, assignee and history length. */
    private List<Object> snapshot() {
        List<Object> rows = new ArrayList<>();
        for (TaskView view : board.app.reads().list(board.admin, dev.tasklane.application.port.in.TaskQuery.all(board.boardId)).tasks()) {
            rows.add(List.of(id(view), view.task().version(), view.task().status(), String.valueOf(view.task().assignedToId()),
                    view.task().changedFiles().size(), board.app.reads().history(board.admin, ref(id(view))).size()));
        }
        return rows;
    }

    @Test
    void markDoneNeedsAReviewerTokenOrTheBoardOwner() {
        String w1 = id(board.create(board.admin, task("Risky", "needs_review", true)));
        board.claim(board.alice, w1);
        board.complete(board.alice, w1);
        ForbiddenException refused = assertThrows(ForbiddenException.class, () -> board.app.reviews().markDone(board.alice, ref(w1)));
        assertEquals(dev.tasklane.domain.agent.BoardAccess.REVIEW_AUTHORITY_CODE, refused.code());
        assertEquals(Status.REVIEW, board.get(w1).task().status());
        Actor ownersAgent = board.member("olga", Access.OWNER, Set.of(), false);
        assertEquals(dev.tasklane.domain.agent.BoardAccess.REVIEW_AUTHORITY_CODE, assertThrows(ForbiddenException.class,
                () -> board.app.reviews().markDone(ownersAgent, ref(w1))).code(), "the owner's agent is an agent");
        Actor owner = BoardFixture.actor(ownersAgent.user(), ownersAgent.board(), Access.OWNER, Set.of(), true, null);
        assertEquals(Status.COMPLETED, board.app.reviews().markDone(owner, ref(w1)).task().status());
        String w2 = id(board.create(board.admin, task("Also risky", "needs_review", true)));
        board.claim(board.alice, w2);
        board.complete(board.alice, w2);
        assertEquals(Status.COMPLETED, board.app.reviews().markDone(board.reviewer, ref(w2)).task().status());
    }

    /** Work never approves itself: the token that completed a task cannot take it past review, in any way. */
    @Test
    void theTokenThatCompletedATaskNeverTakesItPastReview() {
        Actor reviewerToken = BoardFixture.withToken(board.reviewer, 555L);
        assertTrue(reviewerToken.reviewer(), "a reviewer token");
        String w1 = id(board.create(board.admin, task("Own work", "needs_review", true)));
        board.claim(reviewerToken, w1);
        board.complete(reviewerToken, w1);
        String own = dev.tasklane.domain.agent.BoardAccess.OWN_WORK_CODE;
        assertEquals(own, assertThrows(ForbiddenException.class,
                () -> board.app.reviews().markDone(reviewerToken, ref(w1))).code(), "not by mark_done");
        assertEquals(own, assertThrows(ForbiddenException.class, () -> board.app.update().update(reviewerToken, ref(w1),
                TaskCommands.edit(Map.of("needs_review", false)))).code(), "not by turning needs_review off");
        assertEquals(own, assertThrows(ForbiddenException.class, () -> board.app.reviews().review(reviewerToken, ref(w1),
                new ReviewDecision(ReviewStatus.APPROVED, null))).code(), "not by the review decision");
        assertEquals(Status.REVIEW, board.get(w1).task().status(), "nothing moved");
        assertTrue(board.get(w1).task().spec().needsReview());
        Actor sameUsersOtherReviewerToken = BoardFixture.withToken(board.reviewer, 556L);
        assertEquals(Status.COMPLETED, board.app.reviews().markDone(sameUsersOtherReviewerToken, ref(w1)).task().status(),
                "the same person approves with another reviewer token of theirs");
    }

    @Test
    void turningNeedsReviewOffNeedsAReviewerTokenOrTheBoardOwner() {
        String w1 = id(board.create(board.admin, task("Risky", "needs_review", true)));
        ForbiddenException refused = assertThrows(ForbiddenException.class,
                () -> board.app.update().update(board.alice, ref(w1), TaskCommands.edit(Map.of("needs_review", false))));
        assertEquals(dev.tasklane.domain.agent.BoardAccess.REVIEW_AUTHORITY_CODE, refused.code());
        assertTrue(board.get(w1).task().spec().needsReview());
        board.app.update().update(board.alice, ref(w1), TaskCommands.edit(Map.of("title", "still reviewed")));
        assertFalse(board.app.update().update(board.reviewer, ref(w1), TaskCommands.edit(Map.of("needs_review", false))).task().spec().needsReview());
        assertTrue(board.app.update().update(board.alice, ref(w1), TaskCommands.edit(Map.of("needs_review", true))).task().spec().needsReview(),
                "turning review on needs no authority");
    }

    @Test
    void aTokenCannotRecordTheReviewOfWorkItCompleted() {
        Actor reviewerToken = BoardFixture.withToken(board.reviewer, 7001);
        String w1 = id(board.create(board.admin, task("Self-reviewed?", "needs_review", true)));
        board.claim(reviewerToken, w1);
        board.complete(reviewerToken, w1);
        ForbiddenException refused = assertThrows(ForbiddenException.class,
                () -> board.app.reviews().review(reviewerToken, ref(w1), ReviewDecision.fromCode("approved", null)));
        assertEquals(dev.tasklane.domain.agent.BoardAccess.OWN_WORK_CODE, refused.code());
        assertNull(board.get(w1).task().review());
        Actor otherReviewerToken = BoardFixture.withToken(board.reviewer, 7002);
        assertEquals(dev.tasklane.domain.task.ReviewStatus.APPROVED,
                board.app.reviews().review(otherReviewerToken, ref(w1), ReviewDecision.fromCode("approved", null)).task().review().status());
    }

    @Test
    void reworkAfterChangesRequestedHandsTheAgentAFreshClaimToken() {
        String w1 = id(board.create(board.admin, task("Rework", "needs_review", true)));
        String first = board.claim(board.alice, w1).claimToken();
        board.complete(board.alice, w1);
        board.app.reviews().review(board.reviewer, ref(w1), ReviewDecision.fromCode("changes_requested", "Add tests"));
        Reviewed rework = board.app.reviews().markReviewed(board.alice, ref(w1), hook(), "agent");
        assertTrue(rework.claimToken() != null && !rework.claimToken().equals(first), "a fresh claim_token");
        assertEquals(rework.claimToken(), board.get(w1).task().claim().claimToken());
        ConflictException stale = assertThrows(ConflictException.class,
                () -> board.app.leases().heartbeat(board.alice, ref(w1), first));
        assertEquals("stale_claim", stale.code());
        assertEquals(Status.IN_PROGRESS, board.app.leases().heartbeat(board.alice, ref(w1), rework.claimToken()).task().status());
    }

    @Test
    void reassigningAGoalNeverTakesAHeldTaskAndTheNewAssigneeTakesOverWhenTheClaimEnds() {
        Created goal = board.createGoal(board.admin, BoardFixture.goal("Goal", List.of(task("held"), task("open"), task("lapsing"))));
        String g = id(goal.root());
        String held = id(goal.children().get(0));
        String open = id(goal.children().get(1));
        String lapsing = id(goal.children().get(2));
        board.app.assignment().assign(board.admin, ref(g), board.alice.userId());
        board.claim(board.alice, held);
        board.claim(board.alice, lapsing);
        board.app.assignment().assign(board.admin, ref(g), board.bob.userId());
        assertEquals(board.alice.userId(), board.get(held).task().assignedToId(), "the holder keeps its task");
        assertEquals(Status.IN_PROGRESS, board.get(held).task().status());
        assertEquals(board.bob.userId(), board.get(open).task().assignedToId());
        assertTrue(board.app.reads().history(board.admin, ref(held)).stream()
                .anyMatch(e -> e.facts() instanceof HistoryFacts.Assignment assignment && assignment.deferredUntilClaimEnds()));
        assertEquals(board.bob.userId(), board.app.leases().unclaim(board.alice, ref(held), null).task().assignedToId(),
                "unclaim gives the task to the goal's current assignee");
        board.clock.advance(dev.tasklane.domain.workflow.WorkflowLimits.DEFAULT_CLAIM_TTL.plusSeconds(1));
        board.app.maintenance().sweep();
        assertEquals(Status.OPEN, board.get(lapsing).task().status());
        assertEquals(board.bob.userId(), board.get(lapsing).task().assignedToId(), "expiry too");
    }

    @Test
    void aClaimBelongsToOneAgentTheTokenAndAgentNameOrTheClaimToken() {
        Actor shared = BoardFixture.withToken(board.alice, 8001);
        String w1 = id(board.create(board.admin, task("One agent")));
        Claimed first = board.app.claims().claim(shared, new ClaimTask(w1, "agent-1", hook(), null));
        ConflictException refused = assertThrows(ConflictException.class,
                () -> board.app.claims().claim(shared, new ClaimTask(w1, "agent-2", hook(), null)));
        assertEquals("agent-1", ((ErrorDetails.ClaimHeld) refused.details()).heldByAgent(), "the 409 names the holder");
        assertThrows(ConflictException.class, () -> board.app.claims().claim(BoardFixture.withToken(board.alice, 8002), new ClaimTask(w1, "agent-1", hook(), null)),
                "the same name on another token is another agent");
        assertEquals(first.claimToken(), board.app.claims().claim(shared, new ClaimTask(w1, "agent-1", hook(), null)).claimToken(), "a retry");
        assertEquals(first.claimToken(), board.app.claims().claim(shared, new ClaimTask(w1, "renamed", hook(), first.claimToken())).claimToken(),
                "presenting the claim_token is a retry");
        assertEquals(8001L, board.get(w1).task().claim().tokenId(), "the claim records its token");
        assertEquals(1, board.app.reads().history(board.admin, ref(w1)).stream().filter(e -> e.kind() == HistoryKind.CLAIMED).count());
    }
}
