package dev.tasklane.application.usecase;

import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.port.in.Created;
import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.out.EventOutbox;
import dev.tasklane.domain.goal.AfterGoalReport;
import dev.tasklane.domain.goal.GoalProgress;
import dev.tasklane.application.port.in.CompleteTaskUseCase.Completed;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.identity.Access;
import org.junit.jupiter.api.Test;

import dev.tasklane.application.service.Tasklane;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.workflow.WorkflowLimits;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.tasklane.application.usecase.BoardFixture.id;
import static dev.tasklane.application.usecase.BoardFixture.hook;
import static dev.tasklane.application.usecase.BoardFixture.proof;
import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Many agents race to claim the same tasks, by identifier and through next: no task is ever claimed twice,
 * and no two tasks sharing a key file are ever in Doing together. Two sweepers racing over the same expired
 * claims release each one once. Store adapters extend it with only {@link #newStores()}.
 */
public abstract class ClaimRaceContract {
    static final int AGENTS = 8;
    static final int TASKS = 120;
    static final int SHARED_FILES = 6;
    static final int KEY_FILE_TASKS = 48;
    static final int OFFER_ROUNDS = 5;
    static final int GOALS = 3;
    static final int GOAL_CHILDREN = 6;
    static final int GOAL_RACE_STEPS = 6;

    protected abstract StoreSet newStores();

    @Test
    void racingAgentsClaimEveryTaskExactlyOnce() throws Exception {
        BoardFixture board = new BoardFixture(newStores(), CompletionMode.GRACE);
        List<String> identifiers = new ArrayList<>();
        for (int i = 0; i < TASKS; i++) {
            identifiers.add(id(board.create(board.admin, task("task " + i, "priority", i % 2 == 0 ? "high" : "low"))));
        }
        List<Actor> agents = agents(board, "agent");
        Map<String, UserId> winners = new ConcurrentHashMap<>();
        AtomicInteger doubleClaims = new AtomicInteger();
        AtomicInteger attempts = new AtomicInteger();
        race(AGENTS, a -> {
            Actor agent = agents.get(a);
            boolean byIdentifier = a % 2 == 0;
            for (String identifier : identifiers) {
                attempts.incrementAndGet();
                try {
                    String claimed = id(board.app.claims().claim(agent, new ClaimTask(byIdentifier ? identifier : null, "agent-" + agent.userId(), hook(), null)).task());
                    if (winners.putIfAbsent(claimed, agent.userId()) != null) {
                        doubleClaims.incrementAndGet();
                    }
                } catch (ConflictException lost) {
                    // another agent won this one, or nothing is left
                }
            }
            return 0;
        });
        assertEquals(0, doubleClaims.get());
        assertEquals(TASKS, winners.size());
        assertTrue(attempts.get() >= TASKS);
        for (var view : board.app.reads().list(board.admin, TaskQuery.all(board.boardId)).tasks()) {
            List<HistoryEntry> claims = board.app.reads().history(board.admin, BoardFixture.ref(id(view)))
                    .stream().filter(e -> e.kind() == HistoryKind.CLAIMED).toList();
            assertEquals(1, claims.size(), id(view) + " was claimed " + claims.size() + " times");
            assertEquals(winners.get(id(view)), view.task().assignedToId());
        }
    }

    @Test
    void racingAgentsNeverHoldTwoTasksSharingAKeyFile() throws Exception {
        BoardFixture board = new BoardFixture(newStores(), CompletionMode.GRACE);
        List<String> identifiers = new ArrayList<>();
        for (int i = 0; i < KEY_FILE_TASKS; i++) {
            // each task touches two of a few shared files, in either order (both lock orders are exercised)
            String first = "lib/shared_" + (i % SHARED_FILES) + ".ex";
            String second = "lib/shared_" + ((i + 1 + (i / SHARED_FILES) % (SHARED_FILES - 1)) % SHARED_FILES) + ".ex";
            List<Map<String, Object>> files = i % 2 == 0
                    ? List.of(BoardFixture.keyFile(first), BoardFixture.keyFile(second))
                    : List.of(BoardFixture.keyFile(second), BoardFixture.keyFile(first));
            identifiers.add(id(board.create(board.admin, task("shared " + i, "key_files", files))));
        }
        List<Actor> agents = agents(board, "holder");
        race(AGENTS, a -> {
            Actor agent = agents.get(a);
            boolean byIdentifier = a % 2 == 0;
            for (String identifier : identifiers) {
                try {
                    board.app.claims().claim(agent, new ClaimTask(byIdentifier ? identifier : null, "holder-" + agent.userId(), hook(), null));
                } catch (ConflictException heldOrTaken) {
                    // a shared file is held, another agent won it, or nothing is left
                }
            }
            return 0;
        });
        Map<String, String> holderOfFile = new HashMap<>();
        int inDoing = 0;
        for (var view : board.app.reads().list(board.admin, TaskQuery.all(board.boardId)).tasks()) {
            if (view.task().status() != Status.IN_PROGRESS) {
                continue;
            }
            inDoing++;
            for (KeyFile file : view.task().spec().keyFiles()) {
                String other = holderOfFile.putIfAbsent(file.filePath(), id(view));
                assertNull(other, file.filePath() + " is held by both " + other + " and " + id(view));
            }
        }
        assertTrue(inDoing > 0, "some tasks were claimed");
    }

    /**
     * Every child of one goal claimed, then all completed at once: a completion that cannot hold a sibling still in
     * Doing locks the goal and re-derives it, so exactly one of them sees the last open child go and hands out
     * after_goal, the goal holds in Doing until it is reported, and then it is Done once, with one goal_completed
     * entry and one goal.completed event.
     */
    @Test
    void racingCompletionsOfOneGoalsChildrenCompleteTheGoalOnce() throws Exception {
        BoardFixture board = new BoardFixture(newStores(), CompletionMode.GRACE);
        List<Map<String, Object>> children = new ArrayList<>();
        for (int i = 0; i < AGENTS; i++) {
            children.add(task("step " + i));
        }
        Created goal = board.createGoal(board.admin, BoardFixture.goal("Raced goal", children));
        String goalId = id(goal.root());
        List<Actor> agents = agents(board, "finisher");
        for (int a = 0; a < AGENTS; a++) {
            board.claim(agents.get(a), id(goal.children().get(a)));
        }
        assertEquals(Status.IN_PROGRESS, board.get(goalId).task().status());
        EventOutbox outbox = board.app.eventBus().outbox();
        long before = outbox.lastId();
        List<Integer> handedAfterGoal = race(AGENTS, a -> board.complete(agents.get(a), id(goal.children().get(a)))
                .hooks().stream().anyMatch(hook -> hook.name() == HookName.AFTER_GOAL) ? 1 : 0);
        assertEquals(1, handedAfterGoal.stream().mapToInt(Integer::intValue).sum(), "one completion was the last");
        assertEquals(Status.IN_PROGRESS, board.get(goalId).task().status(), "the goal holds until after_goal is reported");
        board.app.afterGoal().report(board.admin, BoardFixture.ref(goalId), new AfterGoalReport(0L, "ok", 1L));
        assertEquals(Status.COMPLETED, board.get(goalId).task().status());
        List<HistoryEntry> completions = board.app.reads().history(board.admin, BoardFixture.ref(goalId)).stream()
                .filter(entry -> entry.kind() == HistoryKind.GOAL_COMPLETED).toList();
        assertEquals(1, completions.size(), completions.toString());
        List<String> goalEvents = outbox.after(before, 1_000).stream().filter(event -> goalId.equals(event.identifier()))
                .map(TaskEvent::type).filter(type -> type.equals("goal.completed")).toList();
        assertEquals(List.of("goal.completed"), goalEvents);
    }

    /**
     * Agents racing over the children of a few goals, each taking server-picked claims and then, at random from a
     * printed seed, completing, releasing or keeping what it took: once they stop, every goal is in the column its
     * children's leftmost one gives ({@link GoalProgress#derive}), and after_goal was handed out once for each goal
     * whose children are all done and never for another. Completions that hold a sibling in Doing instead of the
     * goal's row must leave the same goals as completions that lock it.
     */
    @Test
    void racingWorkOnGoalsLeavesEachGoalInItsChildrensLeftmostColumn() throws Exception {
        long seed = Long.getLong("tasklane.race.seed", new Random().nextLong());
        System.out.println("goal race: seed " + seed + " (replay with -Dtasklane.race.seed=" + seed + ")");
        BoardFixture board = new BoardFixture(newStores(), CompletionMode.GRACE);
        List<String> goals = new ArrayList<>();
        for (int g = 0; g < GOALS; g++) {
            List<Map<String, Object>> children = new ArrayList<>();
            for (int c = 0; c < GOAL_CHILDREN; c++) {
                children.add(task("step " + c + " of goal " + g));
            }
            goals.add(id(board.createGoal(board.admin, BoardFixture.goal("Goal " + g, children)).root()));
        }
        List<Actor> agents = agents(board, "worker");
        Map<String, Integer> afterGoalHandedOut = new ConcurrentHashMap<>();
        race(AGENTS, a -> {
            Random random = new Random(seed + a);
            Actor agent = agents.get(a);
            for (int step = 0; step < GOAL_RACE_STEPS; step++) {
                String taken;
                try {
                    taken = id(board.app.claims().claim(agent, new ClaimTask(null, "worker-" + a, hook(), null)).task());
                } catch (ConflictException nothingLeft) {
                    continue;
                }
                int roll = random.nextInt(100);
                if (roll < 60) {
                    Completed completed = board.complete(agent, taken);
                    if (completed.hooks().stream().anyMatch(hook -> hook.name() == HookName.AFTER_GOAL)) {
                        afterGoalHandedOut.merge(String.valueOf(completed.task().task().parentId()), 1, Integer::sum);
                    }
                } else if (roll < 85) {
                    board.app.leases().unclaim(agent, BoardFixture.ref(taken), null);
                }
            }
            return 0;
        });
        for (String goalId : goals) {
            Task goal = board.get(goalId).task();
            List<Task> children = board.stores.tx(() -> board.stores.tasks().children(board.boardId, goal.id()));
            assertEquals(GoalProgress.derive(goal, children), goal.status(), goalId + " with children in "
                    + children.stream().map(Task::status).toList() + " (seed " + seed + ")");
            boolean allDone = children.stream().allMatch(Task::isCompleted);
            assertEquals(allDone ? 1 : 0, afterGoalHandedOut.getOrDefault(String.valueOf(goal.id()), 0),
                    goalId + ": after_goal handed out (seed " + seed + ")");
        }
    }

    @Test
    void racingSweepersReleaseEachExpiredClaimOnce() throws Exception {
        BoardFixture board = new BoardFixture(newStores(), CompletionMode.GRACE);
        int claimed = AGENTS * 3;
        for (int i = 0; i < claimed; i++) {
            String identifier = id(board.create(board.admin, task("leased " + i)));
            board.claim(i % 2 == 0 ? board.alice : board.bob, identifier);
        }
        board.clock.advance(WorkflowLimits.DEFAULT_CLAIM_TTL.plusSeconds(1));
        List<Tasklane> servers = new ArrayList<>();
        for (int i = 0; i < AGENTS; i++) {
            servers.add(BoardFixture.builder(board.stores)
                    .clock(board.clock).build());
        }
        int released = race(AGENTS, s -> servers.get(s).maintenance().sweep().claimsExpired()).stream()
                .mapToInt(Integer::intValue).sum();
        assertEquals(claimed, released, "every expired claim released exactly once across all sweepers");
        for (var view : board.app.reads().list(board.admin, TaskQuery.all(board.boardId)).tasks()) {
            assertEquals(Status.OPEN, view.task().status(), id(view));
            long expiries = board.app.reads().history(board.admin, BoardFixture.ref(id(view))).stream()
                    .filter(e -> e.kind() == HistoryKind.CLAIM_EXPIRED).count();
            assertEquals(1, expiries, id(view) + " expired " + expiries + " times");
        }
    }

    static final int SHARED_TOKEN_AGENTS = 32;

    /**
     * 32 agents share one token, each with its own agent_name. Half loop next + claim by
     * identifier until nothing is left; the other half walk every identifier in order, so that agents of
     * the same token always ask for the same tasks at once. Every task is held by exactly one agent (no two
     * agents were told 200 for the same task) and none is lost (each was claimed once, by the agent that was
     * told so).
     */
    @Test
    void agentsSharingOneTokenNeverHoldTheSameTask() throws Exception {
        BoardFixture board = new BoardFixture(newStores(), CompletionMode.GRACE);
        List<String> identifiers = new ArrayList<>();
        for (int i = 0; i < TASKS; i++) {
            identifiers.add(id(board.create(board.admin, task("shared-token task " + i))));
        }
        Actor shared = BoardFixture.withToken(board.member("shared", Access.MODIFY, Set.of(), false), 4242);
        Map<String, Set<String>> holders = new ConcurrentHashMap<>();
        AtomicInteger refused = new AtomicInteger();
        race(SHARED_TOKEN_AGENTS, a -> {
            String agentName = "agent-" + a;
            java.util.Iterator<String> walk = identifiers.iterator();
            for (int step = 0; step < TASKS * 4; step++) {
                String identifier;
                if (a % 2 == 0) {
                    var next = board.app.next().next(shared);
                    if (next.isEmpty()) {
                        break;
                    }
                    identifier = id(next.get());
                } else if (walk.hasNext()) {
                    identifier = walk.next();
                } else {
                    break;
                }
                try {
                    var claimed = board.app.claims().claim(shared, new ClaimTask(identifier, agentName, hook(), null));
                    holders.computeIfAbsent(id(claimed.task()), key -> ConcurrentHashMap.newKeySet()).add(agentName);
                } catch (ConflictException heldByAnother) {
                    refused.incrementAndGet();
                }
            }
            return 0;
        });
        long heldTwice = holders.values().stream().filter(names -> names.size() > 1).count();
        System.out.printf("shared-token race (%s): %d agents, %d tasks, %d held, %d held twice, %d refused with 409%n",
                getClass().getSimpleName(), SHARED_TOKEN_AGENTS, TASKS, holders.size(), heldTwice, refused.get());
        assertEquals(0, heldTwice, "tasks held by two agents at once");
        assertEquals(TASKS, holders.size(), "every task claimed, none lost");
        for (var view : board.app.reads().list(board.admin, TaskQuery.all(board.boardId)).tasks()) {
            assertEquals(Status.IN_PROGRESS, view.task().status(), id(view));
            assertEquals(holders.get(id(view)), Set.of(view.task().claim().agentName()), id(view) + ": the stored holder is the one told 200");
            long claims = board.app.reads().history(board.admin, BoardFixture.ref(id(view))).stream()
                    .filter(e -> e.kind() == HistoryKind.CLAIMED).count();
            assertEquals(1, claims, id(view) + " was claimed " + claims + " times");
        }
    }

    /**
     * Whether two of this store's transactions can be open at once. A store that runs one transaction at a
     * time holds nothing against another transaction, so the lock tests below have nothing to check there.
     */
    protected boolean transactionsRunConcurrently() {
        return true;
    }

    /**
     * An agent that steps past tasks it cannot take (capabilities here) leaves them to the
     * other agents. While the first agent's claim is still uncommitted, an agent that has the capability is
     * offered the tasks the first one passed over, instead of being told there is nothing, and claims both.
     */
    @Test
    void tasksAnAgentPassedOverStayClaimableWhileItsClaimIsUncommitted() throws Exception {
        assumeTrue(transactionsRunConcurrently(), "this store runs one transaction at a time");
        BoardFixture board = new BoardFixture(newStores(), CompletionMode.GRACE);
        String needsDebugging = id(board.create(board.admin, task("needs debugging", "priority", "critical",
                "required_capabilities", List.of("debugging"))));
        String alsoNeedsDebugging = id(board.create(board.admin, task("also needs debugging", "priority", "high",
                "required_capabilities", List.of("debugging"))));
        String anyone = id(board.create(board.admin, task("anyone can do it", "priority", "low")));
        Actor writer = board.member("writer", Access.MODIFY, Set.of(Capability.DOCUMENTATION), false);
        Actor debugger = board.member("debugger", Access.MODIFY, Set.of(Capability.DEBUGGING), false);

        CountDownLatch claimed = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService holder = Executors.newSingleThreadExecutor();
        try {
            // the writer's claim joins this outer transaction, which stays open until released
            Future<String> held = holder.submit(() -> board.stores.tx(() -> {
                String taken = id(board.claim(writer, null).task());
                claimed.countDown();
                awaitQuietly(release);
                return taken;
            }));
            assertTrue(claimed.await(1, TimeUnit.MINUTES), "the writer's claim did not finish");
            // next, which writes nothing, answers while the writer's transaction is still open: a claim would
            // wait for it at the end (the event outbox's sequence serialises the commits of writing use cases)
            var offered = board.app.next().next(debugger);
            assertTrue(offered.isPresent(), "a task the writer passed over was reported as taken");
            assertEquals(needsDebugging, id(offered.get()));
            release.countDown();
            assertEquals(anyone, held.get(1, TimeUnit.MINUTES));
            String first = id(board.claim(debugger, null).task());
            String second = id(board.claim(debugger, null).task());
            assertEquals(List.of(needsDebugging, alsoNeedsDebugging), List.of(first, second));
        } finally {
            release.countDown();
            holder.shutdownNow();
        }
    }

    /**
     * Agents calling next together are handed different tasks when that many are eligible, so that each one's claim
     * of what it was handed succeeds (docs/rules.md, "Offers made by next"). Several rounds, each on fresh tasks.
     */
    @Test
    void agentsCallingNextTogetherAreHandedDifferentTasks() throws Exception {
        BoardFixture board = new BoardFixture(newStores(), CompletionMode.GRACE);
        List<Actor> agents = agents(board, "asker");
        for (int round = 0; round < OFFER_ROUNDS; round++) {
            Set<String> created = new HashSet<>();
            for (int i = 0; i < AGENTS; i++) {
                created.add(id(board.create(board.admin, task("round " + round + " task " + i))));
            }
            Map<Integer, String> handed = new ConcurrentHashMap<>();
            race(AGENTS, a -> {
                handed.put(a, id(board.app.next().next(agents.get(a)).orElseThrow()));
                return 0;
            });
            assertEquals(created, new HashSet<>(handed.values()), "round " + round + ": " + handed);
            race(AGENTS, a -> {
                Actor agent = agents.get(a);
                board.app.claims().claim(agent, new ClaimTask(handed.get(a), "asker-" + agent.userId(), hook(), null));
                return 0;
            });
        }
    }

    /**
     * Agents sharing one token and calling next together are handed different tasks when each gives its name
     * (docs/rules.md, "Offers made by next"): the token alone cannot tell them apart.
     */
    @Test
    void agentsSharingATokenAreHandedDifferentTasksByTheirNames() throws Exception {
        BoardFixture board = new BoardFixture(newStores(), CompletionMode.GRACE);
        Actor shared = board.member("shared", Access.MODIFY, Set.of(), false);
        Set<String> created = new HashSet<>();
        for (int i = 0; i < AGENTS; i++) {
            created.add(id(board.create(board.admin, task("shared task " + i))));
        }
        Map<Integer, String> handed = new ConcurrentHashMap<>();
        race(AGENTS, a -> {
            handed.put(a, id(board.app.next().next(shared, "shared-agent-" + a).orElseThrow()));
            return 0;
        });
        assertEquals(created, new HashSet<>(handed.values()), handed.toString());
        race(AGENTS, a -> {
            board.app.claims().claim(shared, new ClaimTask(handed.get(a), "shared-agent-" + a, hook(), null));
            return 0;
        });
    }

    /**
     * An offer is a hint, never a refusal: the caller it was made to is handed it again, another caller whose only
     * eligible task it is is handed it too, and anyone may claim it by identifier. It lapses after its window.
     */
    @Test
    void anOfferNeverRefusesAClaimAndLapses() {
        BoardFixture board = new BoardFixture(newStores(), CompletionMode.GRACE);
        String first = id(board.create(board.admin, task("first", "priority", "high")));
        String second = id(board.create(board.admin, task("second", "priority", "low")));
        Actor one = board.member("one", Access.MODIFY, Set.of(), false);
        Actor two = board.member("two", Access.MODIFY, Set.of(), false);
        Actor three = board.member("three", Access.MODIFY, Set.of(), false);

        assertEquals(first, id(board.app.next().next(one).orElseThrow()));
        assertEquals(first, id(board.app.next().next(one).orElseThrow()), "asking again answers the same offer");
        assertEquals(second, id(board.app.next().next(two).orElseThrow()), "the first is on offer to another");
        assertEquals(first, id(board.app.next().next(three).orElseThrow()),
                "when every eligible task is on offer, the first in queue order is answered");
        board.clock.advance(Tasklane.DEFAULT_NEXT_OFFER);
        assertEquals(first, id(board.app.next().next(two).orElseThrow()), "an offer lapses after its window");

        assertEquals(first, id(board.claim(three, first).task()), "a claim by identifier ignores offers");
        assertEquals(second, id(board.app.next().next(one).orElseThrow()));
        assertEquals(second, id(board.claim(two, null).task()), "claim without identifier falls back to offered tasks");
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(1, TimeUnit.MINUTES);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Servers sharing one database that start together on an empty store all start: one creates the board and
     * the admin, the others find them (a unique-name collision is not a failure to start).
     */
    @Test
    void serversBootstrappingAnEmptyStoreAtOnceAllStart() throws Exception {
        StoreSet stores = newStores();
        List<Tasklane> servers = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            servers.add(BoardFixture.builder(stores).passwordHashIterations(BoardFixture.TEST_PASSWORD_ITERATIONS).build());
        }
        String token = "tasklane_" + "race-bootstrap-token-".repeat(3);
        List<Integer> created = race(servers.size(), i -> servers.get(i).identity().bootstrap(token).created() ? 1 : 0);
        assertEquals(1, created.stream().mapToInt(Integer::intValue).sum(), "exactly one server created the admin");
        Actor admin = servers.get(3).identity().authenticate(token, null);
        assertEquals("admin", admin.user().username());
    }

    /**
     * A bootstrap token given to servers that start together on a store that already has users (made without a
     * token) is stored once, as the admin's, and works; a start with it again writes nothing; a revoked one is
     * ignored with the reason and does not come back.
     */
    @Test
    void aBootstrapTokenOnAnExistingStoreIsStoredOnceAndARevokedOneIsIgnored() throws Exception {
        StoreSet stores = newStores();
        List<Tasklane> servers = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            servers.add(BoardFixture.builder(stores).passwordHashIterations(BoardFixture.TEST_PASSWORD_ITERATIONS).build());
        }
        assertEquals(IdentityUseCase.BootstrapToken.NONE, servers.get(0).identity().bootstrap(null).token());
        String token = "tasklane_" + "late-bootstrap-token-".repeat(3);
        List<Integer> created = race(servers.size(), i -> {
            IdentityUseCase.Bootstrap bootstrap = servers.get(i).identity().bootstrap(token);
            assertTrue(bootstrap.tokenWorks(), bootstrap::toString);
            return bootstrap.token() == IdentityUseCase.BootstrapToken.CREATED ? 1 : 0;
        });
        assertEquals(1, created.stream().mapToInt(Integer::intValue).sum(), "exactly one server stored the token");
        Actor admin = servers.get(3).identity().authenticate(token, null);
        assertEquals("admin", admin.user().username());
        assertTrue(admin.reviewer(), "the bootstrap token reviews too");
        assertEquals(IdentityUseCase.BootstrapToken.PRESENT, servers.get(1).identity().bootstrap(token).token());
        servers.get(0).identity().revokeToken(admin, admin.tokenId());
        IdentityUseCase.Bootstrap revoked = servers.get(2).identity().bootstrap(token);
        assertEquals(IdentityUseCase.BootstrapToken.IGNORED, revoked.token());
        assertTrue(revoked.tokenNote().contains("revoked"), revoked.tokenNote());
    }

    private static List<Actor> agents(BoardFixture board, String prefix) {
        List<Actor> agents = new ArrayList<>();
        for (int i = 0; i < AGENTS; i++) {
            agents.add(board.member(prefix + i, Access.MODIFY, Set.of(), false));
        }
        return agents;
    }

    /** One racer's work: given its number, returns what it counted. */
    @FunctionalInterface
    private interface Racer {
        int run(int racer) throws Exception;
    }

    /** Runs {@code racers} threads that start together; returns what each counted, failing on any failure. */
    private static List<Integer> race(int racers, Racer racer) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(racers);
        try {
            List<Future<Integer>> runs = new ArrayList<>();
            for (int r = 0; r < racers; r++) {
                int number = r;
                runs.add(pool.submit(() -> {
                    start.await();
                    return racer.run(number);
                }));
            }
            start.countDown();
            List<Integer> counts = new ArrayList<>();
            for (Future<Integer> run : runs) {
                counts.add(run.get(2, TimeUnit.MINUTES));
            }
            return counts;
        } finally {
            pool.shutdownNow();
        }
    }
}
