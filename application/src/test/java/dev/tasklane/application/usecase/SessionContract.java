package dev.tasklane.application.usecase;

import dev.tasklane.application.port.in.SessionUseCase;
import dev.tasklane.application.port.in.SessionUseCase.ActivityPage;
import dev.tasklane.application.port.in.SessionUseCase.NewActivity;
import dev.tasklane.application.port.in.SessionUseCase.SessionView;
import dev.tasklane.application.port.out.AgentSessionStore;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.InvalidStateException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.session.Activity;
import dev.tasklane.domain.session.SessionEnd;
import dev.tasklane.domain.session.SessionLimits;
import dev.tasklane.domain.session.SessionRules;
import dev.tasklane.domain.session.SessionState;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.validation.ChangedFilesDraft;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.domain.task.ChangedFile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;

import static dev.tasklane.application.usecase.BoardFixture.completion;
import static dev.tasklane.application.usecase.BoardFixture.id;
import static dev.tasklane.application.usecase.BoardFixture.ref;
import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Agent sessions through the use cases against a store adapter (docs/rules.md, "Sessions"): a session per claim,
 * the holder's activities, questions and answers, the stop with its grace period, the caps, the waiting read, and a
 * stop racing a completion.
 */
public abstract class SessionContract {
    /** The stores and their agent-session store, sharing one transaction manager. */
    public record Stores(StoreSet set, AgentSessionStore sessions) {
    }

    protected abstract Stores newStores();

    /** The session caps the board is built with; the tests lower a few to reach them quickly. */
    protected static final SessionLimits LIMITS = SessionLimits.defaults().withKeptPerSession(5).withPostsPerSecond(50);

    protected BoardFixture board;
    private SessionUseCase sessions;
    private String task;

    @BeforeEach
    void createBoard() {
        Stores stores = newStores();
        board = new BoardFixture(stores.set(), CompletionMode.GRACE,
                builder -> builder.agentSessions(stores.sessions()).sessionLimits(LIMITS));
        sessions = board.app.sessions();
        task = id(board.create(board.admin, task("supervised")));
    }

    private String claim() {
        return board.claim(board.alice, task).claimToken();
    }

    private Activity post(Actor actor, String kind, String body, String claimToken) {
        return sessions.post(actor, ref(task), new NewActivity(kind, body, claimToken, null, null, null));
    }

    private List<String> bodies() {
        return sessions.activities(board.reader, ref(task), 0, LIMITS.pageMax(), Duration.ZERO).activities().stream()
                .map(Activity::body).toList();
    }

    private SessionView session() {
        return sessions.session(board.reader, ref(task));
    }

    private void stop(String reason) {
        sessions.stop(board.reviewer, ref(task), reason);
    }

    @Test
    void aClaimOpensASessionTheHolderPostsToReadOldestFirstInPages() {
        assertThrows(NotFoundException.class, this::session);
        String token = claim();
        SessionView opened = session();
        assertEquals(SessionState.WORKING, opened.state());
        assertEquals("agent-" + board.alice.userId(), opened.session().agentName());
        post(board.alice, "thought", "Reading the module", token);
        post(board.alice, "action", "running tests", token);
        Activity progress = sessions.post(board.alice, ref(task),
                new NewActivity("progress", "tests", token, 3L, 10L, null));
        assertEquals(3, progress.progress().done());
        assertEquals(10L, progress.progress().total());
        assertEquals(List.of("Reading the module", "running tests", "tests"), bodies());

        ActivityPage first = sessions.activities(board.reader, ref(task), 0, 2, Duration.ZERO);
        assertEquals(2, first.activities().size());
        ActivityPage rest = sessions.activities(board.reader, ref(task), first.nextAfter(), 2, Duration.ZERO);
        assertEquals(List.of("tests"), rest.activities().stream().map(Activity::body).toList());
        ActivityPage none = sessions.activities(board.reader, ref(task), rest.nextAfter(), 2, Duration.ZERO);
        assertTrue(none.activities().isEmpty());
        assertEquals(rest.nextAfter(), none.nextAfter(), "an empty page continues from where it was asked");
        assertEquals(3, session().session().posted());
    }

    @Test
    void onlyTheHolderWithItsClaimTokenPostsTheHoldersKinds() {
        String token = claim();
        assertEquals("claim_token_required",
                assertThrows(InvalidInputException.class, () -> post(board.alice, "thought", "x", null)).code());
        assertEquals("stale_claim",
                assertThrows(ConflictException.class, () -> post(board.alice, "thought", "x", "not-the-token")).code());
        assertThrows(ForbiddenException.class, () -> post(board.bob, "thought", "x", token));
        assertThrows(ForbiddenException.class, () -> post(board.reader, "thought", "x", token));
        assertEquals("not_authorized_supervise",
                assertThrows(ForbiddenException.class, () -> post(board.alice, "answer", "x", token)).code());
        assertEquals("invalid_activity_kind",
                assertThrows(InvalidInputException.class, () -> post(board.alice, "stop", "x", token)).code());
        assertEquals("progress_not_allowed", assertThrows(InvalidInputException.class, () -> sessions.post(
                board.alice, ref(task), new NewActivity("thought", "x", token, 1L, 2L, null))).code());
        assertEquals("invalid_progress", assertThrows(InvalidInputException.class, () -> sessions.post(
                board.alice, ref(task), new NewActivity("progress", "x", token, 5L, 2L, null))).code());
        assertTrue(bodies().isEmpty(), "nothing refused was kept");
    }

    @Test
    void aQuestionAwaitsInputKeepsTheLeaseAndTheAnswerCountsTheWait() {
        String token = claim();
        var leaseBefore = board.get(task).task().claim().expiresAt();
        post(board.alice, "question", "Which module, a or b?", token);
        SessionView waiting = session();
        assertEquals(SessionState.AWAITING_INPUT, waiting.state());
        var held = board.get(task).task().claim().expiresAt();
        assertTrue(held.isAfter(leaseBefore), "a question holds the lease for the awaiting-input bound");
        assertEquals(BoardFixture.START.plus(LIMITS.awaitingInputMax()), held);

        board.clock.advance(Duration.ofMinutes(90)); // past the 60-minute lease: waiting is not abandonment
        board.app.maintenance().sweep();
        assertEquals(Status.IN_PROGRESS, board.get(task).task().status());

        Activity answer = post(board.reviewer, "answer", "Module b", null);
        assertNull(answer.agentName());
        assertEquals("rita", answer.byUsername());
        SessionView answered = session();
        assertEquals(SessionState.WORKING, answered.state());
        assertEquals(Duration.ofMinutes(90), answered.awaited());
        assertEquals(1, answered.session().questions());
        assertEquals(board.clock.instant().plus(board.app.workflowSettings().limits().claimTtl()),
                board.get(task).task().claim().expiresAt(), "the answer gives the holder a full lease");
        post(board.reviewer, "instruction", "Also update the docs", null);
        assertEquals(List.of("Which module, a or b?", "Module b", "Also update the docs"), bodies());
    }

    @Test
    void aSessionUnheardOfForTheStaleTimeIsStale() {
        claim();
        board.clock.advance(LIMITS.staleAfter().minusSeconds(1));
        assertEquals(SessionState.WORKING, session().state());
        board.clock.advance(Duration.ofSeconds(1));
        assertEquals(SessionState.STALE, session().state());
        board.app.leases().heartbeat(board.alice, ref(task), null);
        assertEquals(SessionState.WORKING, session().state(), "a heartbeat is a sign of life");
    }

    @Test
    void aStopRefusesTheHoldersFurtherWorkAndItsUnclaimEndsTheSession() {
        String token = claim();
        assertThrows(ForbiddenException.class, () -> sessions.stop(board.alice, ref(task), "mine"));
        assertThrows(ForbiddenException.class, () -> sessions.stop(board.bob, ref(task), "an agent's"));
        assertEquals("stop_reason_required",
                assertThrows(InvalidInputException.class, () -> stop(" ")).code());
        SessionView stopped = sessions.stop(board.reviewer, ref(task), "Wrong module");
        assertEquals(SessionState.STOPPING, stopped.state());
        assertEquals(BoardFixture.START.plus(LIMITS.stopGrace()), stopped.stopGraceEndsAt());

        List<Runnable> work = List.of(
                () -> board.app.leases().heartbeat(board.alice, ref(task), token),
                () -> board.app.leases().heartbeat(board.alice, ref(task), null),
                () -> post(board.alice, "thought", "still going", token),
                () -> board.app.changedFiles().putChangedFiles(board.alice, ref(task),
                        ChangedFilesDraft.of(List.of(ChangedFile.of("a.txt", "+a\n"))), token),
                () -> board.app.completion().complete(board.alice, ref(task), completion().withClaimToken(token)));
        for (Runnable call : work) {
            ConflictException refused = assertThrows(ConflictException.class, call::run);
            assertEquals(SessionRules.STOP_REQUESTED, refused.code());
            ErrorDetails.StopRequested details = (ErrorDetails.StopRequested) refused.details();
            assertEquals("rita", details.byUsername());
            assertEquals("Wrong module", details.reason());
            assertEquals(BoardFixture.START, details.at());
        }
        assertEquals(SessionRules.NOT_WORKING,
                assertThrows(ConflictException.class, () -> stop("again")).code(), "a session is stopped once");

        board.app.leases().unclaim(board.alice, ref(task), token);
        assertEquals(Status.OPEN, board.get(task).task().status());
        SessionView ended = session();
        assertEquals(SessionState.ENDED, ended.state());
        assertEquals(SessionEnd.STOPPED, ended.session().end());
        assertEquals("stale_claim", assertThrows(ConflictException.class,
                () -> board.app.leases().heartbeat(board.alice, ref(task), token)).code());
        assertEquals(List.of("Wrong module"), bodies(), "the stop is in the log, so a waiting agent learns of it");
    }

    @Test
    void aHolderThatIgnoresAStopLosesTheClaimAfterTheGracePeriod() {
        String token = claim();
        stop("Stop now");
        board.clock.advance(LIMITS.stopGrace().minusSeconds(1));
        board.app.maintenance().sweep();
        assertEquals(Status.IN_PROGRESS, board.get(task).task().status(), "within the grace period nothing happens");
        board.clock.advance(Duration.ofSeconds(1));
        board.app.maintenance().sweep();
        assertEquals(Status.OPEN, board.get(task).task().status());
        assertNull(board.get(task).task().claim());
        assertEquals(SessionEnd.STOP_GRACE_EXPIRED, session().session().end());
        for (Runnable call : List.<Runnable>of(
                () -> board.app.leases().heartbeat(board.alice, ref(task), token),
                () -> board.app.leases().unclaim(board.alice, ref(task), token),
                () -> board.app.completion().complete(board.alice, ref(task), completion().withClaimToken(token)),
                () -> post(board.alice, "thought", "late", token))) {
            assertEquals("stale_claim", assertThrows(ConflictException.class, call::run).code());
        }
        // the task is claimable again, with a fresh session
        String fresh = board.claim(board.bob, task).claimToken();
        assertEquals(SessionState.WORKING, session().state());
        assertEquals(fresh, board.get(task).task().claim().claimToken());
    }

    @Test
    void theClaimsEndEndsItsSession() {
        String token = claim();
        board.app.leases().unclaim(board.alice, ref(task), token);
        assertEquals(SessionEnd.UNCLAIMED, session().session().end());
        assertEquals(SessionRules.NOT_WORKING, assertThrows(ConflictException.class, () -> stop("late")).code());

        claim();
        board.clock.advance(board.app.workflowSettings().limits().claimTtl());
        board.app.maintenance().sweep();
        assertEquals(SessionEnd.EXPIRED, session().session().end());

        claim();
        board.complete(board.alice, task);
        SessionView completed = session();
        assertEquals(SessionEnd.COMPLETED, completed.session().end());
        assertEquals(SessionRules.NOT_WORKING, assertThrows(ConflictException.class, () -> stop("too late")).code(),
                "a stop after the completion is too late");
        assertThrows(ConflictException.class, () -> post(board.reviewer, "answer", "late", null));
    }

    @Test
    void everyCapIsEnforcedAndNamedAndTheOldestActivitiesAreDroppedAndCounted() {
        String token = claim();
        String longest = "x".repeat(LIMITS.bodyMax());
        post(board.alice, "thought", longest, token);
        InvalidInputException tooLong = assertThrows(InvalidInputException.class,
                () -> post(board.alice, "thought", longest + "x", token));
        assertEquals("activity_body_too_long", tooLong.code());
        assertEquals(new ErrorDetails.Cap("body_max", LIMITS.bodyMax()), tooLong.details());
        assertTrue(tooLong.getMessage().contains(String.valueOf(LIMITS.bodyMax())), tooLong.getMessage());
        assertEquals("stop_reason_too_long", assertThrows(InvalidInputException.class,
                () -> stop("r".repeat(LIMITS.reasonMax() + 1))).code());
        assertEquals("invalid_limit", assertThrows(InvalidInputException.class,
                () -> sessions.activities(board.reader, ref(task), 0, LIMITS.pageMax() + 1, Duration.ZERO)).code());

        for (int i = 1; i <= LIMITS.keptPerSession() + 2; i++) {
            post(board.alice, "action", "step " + i, token);
        }
        List<String> kept = bodies();
        assertEquals(LIMITS.keptPerSession(), kept.size());
        assertEquals("step " + (LIMITS.keptPerSession() + 2), kept.get(kept.size() - 1));
        assertEquals("step 3", kept.get(0), "the oldest were dropped");
        assertEquals(LIMITS.keptPerSession() + 3, session().session().posted());
        assertEquals(3, session().session().dropped());
    }

    @Test
    void postsPastTheRatePerSessionAreRefused() {
        Stores stores = newStores();
        board = new BoardFixture(stores.set(), CompletionMode.GRACE,
                builder -> builder.agentSessions(stores.sessions()).sessionLimits(LIMITS.withPostsPerSecond(2)));
        sessions = board.app.sessions();
        task = id(board.create(board.admin, task("chatty")));
        String token = claim();
        post(board.alice, "thought", "1", token);
        post(board.alice, "thought", "2", token);
        InvalidInputException refused = assertThrows(InvalidInputException.class,
                () -> post(board.alice, "thought", "3", token));
        assertEquals("activity_rate_limited", refused.code());
        assertEquals(new ErrorDetails.Cap("posts_per_second", 2), refused.details());
        board.clock.advance(Duration.ofSeconds(1));
        post(board.alice, "thought", "4", token);
        assertEquals(List.of("1", "2", "4"), bodies());
    }

    @Test
    void aWaitingReadReturnsAsSoonAsAnAnswerArrivesAndEmptyAtTheEndOfItsWait() throws Exception {
        String token = claim();
        Activity question = post(board.alice, "question", "Proceed?", token);
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long cpuBefore = threads.getCurrentThreadCpuTime();
        long started = System.nanoTime();
        ActivityPage idle = sessions.activities(board.alice, ref(task), question.id(), 10, Duration.ofSeconds(1));
        long idleMillis = (System.nanoTime() - started) / 1_000_000;
        long cpuMillis = (threads.getCurrentThreadCpuTime() - cpuBefore) / 1_000_000;
        assertTrue(idle.activities().isEmpty());
        assertTrue(idleMillis >= 950, "waited for its wait: " + idleMillis + " ms");
        assertTrue(cpuMillis < 50, "a waiting read sleeps: " + cpuMillis + " ms of CPU in a 1 s wait");
        assertEquals(question.id(), idle.nextAfter());

        CompletableFuture<ActivityPage> waiting = CompletableFuture.supplyAsync(() ->
                sessions.activities(board.alice, ref(task), question.id(), 10, Duration.ofSeconds(20)));
        Thread.sleep(200);
        long answeredAt = System.nanoTime();
        post(board.reviewer, "answer", "Yes", null);
        ActivityPage page = waiting.get(10, TimeUnit.SECONDS);
        long latencyMillis = (System.nanoTime() - answeredAt) / 1_000_000;
        assertEquals(List.of("Yes"), page.activities().stream().map(Activity::body).toList());
        assertTrue(latencyMillis < 1_000, "answer to the waiting call's return: " + latencyMillis + " ms");
        System.out.println("session wait: answer to the waiting read's return in " + latencyMillis + " ms");
    }

    @Test
    void aStopRacingACompletionEitherStopsOrIsTooLateNeverBoth() throws Exception {
        int stopsWon = 0;
        int completionsWon = 0;
        for (int round = 0; round < 12; round++) {
            String racing = id(board.create(board.admin, task("race " + round)));
            String token = board.claim(board.alice, racing).claimToken();
            CyclicBarrier start = new CyclicBarrier(2);
            CompletableFuture<Boolean> completing = CompletableFuture.supplyAsync(() -> wins(start, () ->
                    board.app.completion().complete(board.alice, ref(racing), completion().withClaimToken(token))));
            CompletableFuture<Boolean> stopping = CompletableFuture.supplyAsync(() -> wins(start, () ->
                    sessions.stop(board.reviewer, ref(racing), "race")));
            boolean completed = completing.get(30, TimeUnit.SECONDS);
            boolean stopped = stopping.get(30, TimeUnit.SECONDS);
            assertTrue(completed ^ stopped, "round " + round + ": exactly one wins (completed " + completed
                    + ", stopped " + stopped + ")");
            Status status = board.get(racing).task().status();
            SessionView view = sessions.session(board.reader, ref(racing));
            if (completed) {
                completionsWon++;
                assertEquals(Status.COMPLETED, status);
                assertEquals(SessionEnd.COMPLETED, view.session().end());
                assertNull(view.session().stop());
            } else {
                stopsWon++;
                assertEquals(Status.IN_PROGRESS, status);
                assertEquals(SessionState.STOPPING, view.state());
                assertNotNull(view.session().stop());
            }
        }
        System.out.println("stop/complete race: completions won " + completionsWon + ", stops won " + stopsWon);
    }

    /** Runs {@code call} once both racers are ready; true when it succeeded, false when refused with a 409. */
    private static boolean wins(CyclicBarrier start, Runnable call) {
        try {
            start.await(10, TimeUnit.SECONDS);
        } catch (Exception interrupted) {
            throw new IllegalStateException(interrupted);
        }
        try {
            call.run();
            return true;
        } catch (ConflictException | InvalidStateException refused) {
            return false;
        }
    }

    @Test
    void activitiesAreTheSessionsLogNotTheTasksHistory() {
        String token = claim();
        int historyBefore = board.app.reads().history(board.admin, ref(task)).size();
        post(board.alice, "thought", "x", token);
        post(board.alice, "action", "y", token);
        assertEquals(historyBefore, board.app.reads().history(board.admin, ref(task)).size());
    }

    @Test
    void theBoardsOpenSessionsComeOldestFirstWithTheQuestionsTheyAwait() {
        assertTrue(sessions.open(board.reader).isEmpty(), "no claim, no open session");
        String token = claim();
        String other = id(board.create(board.admin, task("second")));
        String otherToken = board.claim(board.bob, other).claimToken();
        post(board.alice, "thought", "before the question", token);
        post(board.alice, "question", "Which module, a or b?", token);
        post(board.alice, "thought", "reading meanwhile", token);
        post(board.alice, "question", "And the docs?", token);

        List<SessionUseCase.Supervised> open = sessions.open(board.reader);
        assertEquals(List.of(task, other), open.stream().map(s -> s.view().identifier()).toList(), "oldest first");
        assertEquals(SessionState.AWAITING_INPUT, open.get(0).view().state());
        assertEquals(List.of("Which module, a or b?", "And the docs?"),
                open.get(0).openQuestions().stream().map(Activity::body).toList(), "the questions since it awaits");
        assertTrue(open.get(1).openQuestions().isEmpty(), "a working session awaits nothing");

        post(board.reviewer, "answer", "b, and yes", null);
        assertTrue(sessions.open(board.reader).get(0).openQuestions().isEmpty(), "answered");
        board.app.leases().unclaim(board.bob, ref(other), otherToken);
        assertEquals(List.of(task), sessions.open(board.reader).stream().map(s -> s.view().identifier()).toList(),
                "an ended session is not open");
    }

    @Test
    void theNewestActivitiesReadOldestFirstWithinTheirLimit() {
        String token = claim();
        for (String body : List.of("one", "two", "three", "four")) {
            post(board.alice, "thought", body, token);
        }
        assertEquals(List.of("three", "four"), sessions.recent(board.reader, ref(task), 2).stream()
                .map(Activity::body).toList());
        assertEquals("invalid_limit", assertThrows(InvalidInputException.class,
                () -> sessions.recent(board.reader, ref(task), LIMITS.pageMax() + 1)).code());
        assertEquals("invalid_limit", assertThrows(InvalidInputException.class,
                () -> sessions.recent(board.reader, ref(task), 0)).code());
    }

    @Test
    void aPersonWithAuthorityStopsAndReleasesAnActiveAgentAtOnce() {
        assertEquals(SessionRules.NOT_WORKING, assertThrows(ConflictException.class,
                () -> sessions.release(board.reviewer, ref(task), "never claimed")).code());
        String token = claim();
        post(board.alice, "thought", "rewriting the wrong module", token);
        assertThrows(ForbiddenException.class, () -> sessions.release(board.alice, ref(task), "mine"));
        assertThrows(ForbiddenException.class, () -> sessions.release(board.reader, ref(task), "read-only"));

        SessionView released = sessions.release(board.reviewer, ref(task), "wrong module");
        assertEquals(SessionState.ENDED, released.state());
        assertEquals(SessionEnd.RELEASED_AFTER_STOP, released.session().end());
        assertEquals("wrong module", released.session().stop().reason());
        assertEquals(Status.OPEN, board.get(task).task().status(), "back in Ready without the grace period");
        assertEquals("stale_claim", assertThrows(ConflictException.class,
                () -> board.app.leases().heartbeat(board.alice, ref(task), token)).code());
        assertEquals(List.of("rewriting the wrong module", "wrong module"), bodies(), "the stop is in the log");
        assertEquals(SessionRules.NOT_WORKING, assertThrows(ConflictException.class,
                () -> sessions.release(board.reviewer, ref(task), "again")).code());

        String second = board.claim(board.bob, task).claimToken();
        stop("first stop");
        SessionView afterStop = sessions.release(board.reviewer, ref(task), "not waiting for the grace");
        assertEquals("first stop", afterStop.session().stop().reason(), "a stopping session keeps its first stop");
        assertEquals("stale_claim", assertThrows(ConflictException.class,
                () -> board.app.leases().unclaim(board.bob, ref(task), second)).code());
    }

    @Test
    void timeAwaitingInputIsAFlowFigurePerTaskAndPerAgent() {
        String token = claim();
        String other = id(board.create(board.admin, task("bob's")));
        board.app.leases().unclaim(board.bob, ref(other), board.claim(board.bob, other).claimToken());
        post(board.alice, "question", "Which module, a or b?", token);
        board.clock.advance(Duration.ofMinutes(10));
        post(board.reviewer, "answer", "b", null);
        board.app.completion().complete(board.alice, ref(task), completion());

        var awaiting = board.app.flow().metrics(board.reader,
                dev.tasklane.application.port.in.MetricsRequest.defaults()).awaitingInput();
        assertEquals(1, awaiting.perTask().count());
        assertEquals(Duration.ofMinutes(10), awaiting.perTask().p50());
        assertEquals(1, awaiting.agents().size());
        assertEquals(board.alice.userId(), awaiting.agents().get(0).agent().user());
        assertEquals(Duration.ofMinutes(10), awaiting.agents().get(0).total());
        assertEquals(0, board.app.flow().metrics(board.reader, new dev.tasklane.application.port.in.MetricsRequest(
                null, null, null, null, "agent-" + board.bob.userId())).awaitingInput().perTask().count(),
                "the agent filter applies");
    }
}
