package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.JdbiEventOutbox.WriteFold;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.application.service.Secrets;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.application.usecase.BoardFixture;
import dev.tasklane.domain.identity.ApiToken;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;

import static dev.tasklane.application.usecase.BoardFixture.goal;
import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How many statements and transactions the agent loop's requests cost on a database: authenticating, next,
 * claim and complete. Each budget is a count, not a time: a change that adds a statement to these hot paths
 * fails here and must say why (docs/benchmarks.md, "What bounds each figure"). Besides its statements, a
 * unit of work may cost the database one more round trip, its commit: the connections are watched for the
 * others the driver can make (asking or setting the isolation level, savepoints, rollbacks).
 */
abstract class StatementBudget {
    /** The token's secret; only its hash is stored. */
    private static final String SECRET = "statement-budget-secret";

    private final ConnectionWatch watch = new ConnectionWatch();
    private JdbiStores jdbiStores;
    private BoardFixture board;

    /** Fresh stores on an empty database, whose connections pass through {@code watch}; closed after the test. */
    protected abstract JdbiStores openStores(ConnectionWatch watch);

    @AfterEach
    void closeStores() {
        jdbiStores.close();
    }

    @BeforeEach
    void createBoard() {
        createBoard(UnaryOperator.identity());
    }

    /** A board on fresh stores, its application built with {@code customize}: the fixture's token, three tasks. */
    private void createBoard(UnaryOperator<Tasklane.Builder> customize) {
        jdbiStores = openStores(watch);
        board = new BoardFixture(new StoreSet(jdbiStores.tasks(), jdbiStores.directory(), jdbiStores.transactions(),
                jdbiStores.events()), CompletionMode.GRACE, customize);
        board.stores.tx(() -> board.stores.directory().insertToken(new ApiToken(0, "budget", Secrets.sha256(SECRET),
                board.alice.userId(), board.boardId, Set.of(), "model", ApiToken.scopesOf(false), BoardFixture.START, null, null,
                BoardFixture.START, "agent")));
        for (int i = 0; i < 3; i++) {
            board.create(board.alice, task("work " + i));
        }
        // as on a server that has answered a request of this board in the last TASKLANE_AUTH_CACHE
        jdbiStores.credentialLifetime(java.time.Duration.ofMinutes(10));
        board.stores.directory().boardById(board.boardId).orElseThrow();
    }

    private Measured cost(Runnable work) {
        StatementCounter.Cost cost;
        List<String> calls;
        watch.start();
        try {
            cost = StatementCounter.measure(jdbiStores, () -> {
                work.run();
                return null;
            });
        } finally {
            calls = watch.stop();
        }
        Measured measured = new Measured(cost, calls);
        System.out.println(getClass().getSimpleName() + ": " + cost + "\n  and on the connection: " + measured.calls());
        return measured;
    }

    /** The statements of a piece of work, and the other round trips made on its connections. */
    private record Measured(StatementCounter.Cost cost, List<String> calls) {
    }

    private static void assertBudget(String what, int statements, Measured measured) {
        assertBudget(what, statements, measured, "commit");
    }

    /** {@code commit}: how the unit's commit is recorded, a round trip of its own or sent with the last statement. */
    private static void assertBudget(String what, int statements, Measured measured, String commit) {
        StatementCounter.Cost cost = measured.cost();
        assertEquals(1, cost.transactions(), what + " runs in one transaction; " + cost);
        assertEquals(statements, cost.count(), what + " costs " + statements + " statements; " + cost);
        assertEquals(List.of(commit), measured.calls(), what + " makes no round trip besides its statements "
                + "but its commit");
    }

    /**
     * How the commit of a unit of work that ends with the outbox's statement is recorded: on PostgreSQL that
     * statement carries it, so the commit makes no round trip of its own (UnitOfWork#mayCommitWithStatement).
     */
    protected String outboxCommit() {
        return "commit";
    }

    /** Without the credential cache (a lifetime of zero), or when its entry lapsed: one statement. */
    @Test
    void authenticatingARequestIsOneStatementWhenTheLastUseIsRecent() {
        jdbiStores.credentialLifetime(java.time.Duration.ZERO);
        Actor caller = board.app.identity().authenticate(SECRET, "agent");
        assertEquals(board.alice.userId(), caller.user().id());

        assertBudget("authenticate", 1, cost(() -> board.app.identity().authenticate(SECRET, "agent")));
    }

    /**
     * A token used within the credential cache's lifetime authenticates with no statement and no transaction
     * (docs/operations.md, "Authentication cache").
     */
    @Test
    void authenticatingARequestAgainCostsNoStatement() {
        jdbiStores.credentialLifetime(java.time.Duration.ofMinutes(10));
        board.app.identity().authenticate(SECRET, "agent");

        Measured again = cost(() -> assertEquals(board.alice.userId(),
                board.app.identity().authenticate(SECRET, "agent").user().id()));
        assertEquals(0, again.cost().count(), "a cached authentication runs no statement; " + again.cost());
        assertEquals(0, again.cost().transactions(), "nor a transaction; " + again.cost());
        assertEquals(List.of(), again.calls(), "nor any other round trip");
    }

    /** The first {@code next} of a board on this server reads its candidates (docs/operations.md, "Next from a snapshot"). */
    @Test
    void nextReadingTheBoardStaysWithinItsBudget() {
        assertBudget("next", NEXT_READ, cost(() -> board.app.next().next(board.alice).orElseThrow()));
    }

    /** Later, {@code next} answers from the board's snapshot: no statement, no transaction, no connection. */
    @Test
    void nextAgainCostsNoStatement() {
        board.app.next().next(board.alice).orElseThrow();

        assertNothing("next from the snapshot", cost(() -> board.app.next().next(board.alice).orElseThrow()));
        assertNothing("next for another agent", cost(() -> board.app.next().next(board.bob).orElseThrow()));
    }

    /**
     * The agent's whole cycle once the board's snapshot is read: next answers from it, and the claim and the
     * completion correct it as they commit, so the next {@code next} needs no statement either. Two transactions,
     * the claim's and the completion's: {@link #NEXT} + {@link #CLAIM} + {@link #COMPLETE} statements.
     */
    @Test
    void aCycleCostsTwoTransactions() {
        board.app.next().next(board.alice).orElseThrow();
        for (int cycle = 0; cycle < 2; cycle++) {
            Measured measured = cost(() -> {
                String identifier = BoardFixture.id(board.app.next().next(board.alice).orElseThrow());
                board.claim(board.alice, identifier);
                board.complete(board.alice, identifier);
            });
            assertEquals(2, measured.cost().transactions(), "a cycle is two transactions; " + measured.cost());
            if (cycle == 0) { // later claims of the same agent may find its activity stored within the minute (H2)
                assertEquals(NEXT + claimBudget() + completeBudget(), measured.cost().count(), "statements of a cycle; "
                        + measured.cost());
            }
            assertEquals(List.of(outboxCommit(), outboxCommit()), measured.calls(), "and no round trip but the two commits");
        }
    }

    /**
     * With agent sessions, as the server runs: a claim reads the task's latest session and opens one, a completion
     * reads the claim's session and ends it. Each read is a statement; each write waits for the next statement and
     * travels in its round trip on a store that can send it so ({@link #sendsWritesWithTheNextStatement},
     * PostgreSQL): the goal's lock, or the fold.
     */
    @Test
    void anAgentSessionCostsItsReadsAndItsWritesGoWithTheNextStatement() {
        String identifier = BoardFixture.id(board.app.next().next(board.alice).orElseThrow());
        int claimWithout = cost(() -> board.claim(board.alice, identifier)).cost().count();
        int completeWithout = cost(() -> board.complete(board.alice, identifier)).cost().count();
        jdbiStores.close();
        createBoard(builder -> builder.agentSessions(jdbiStores.agentSessions()));
        String withSession = BoardFixture.id(board.app.next().next(board.alice).orElseThrow());

        Measured claim = cost(() -> board.claim(board.alice, withSession));
        Measured complete = cost(() -> board.complete(board.alice, withSession));
        int writes = sendsWritesWithTheNextStatement() ? 0 : 1;
        assertEquals(claimWithout + 1 + writes, claim.cost().count(), "the latest session read, then the new one: "
                + claim.cost());
        assertEquals(completeWithout + 1 + writes, complete.cost().count(), "the claim's session read, then ended: "
                + complete.cost());
        assertEquals(List.of(outboxCommit()), claim.calls(), "and no round trip but the commit");
        assertEquals(List.of(outboxCommit()), complete.calls(), "and no round trip but the commit");
        if (sendsWritesWithTheNextStatement()) {
            List<String> claimed = claim.cost().statements();
            assertTrue(claimed.get(claimed.size() - 1).startsWith("INSERT INTO agent_sessions"),
                    "the fold carries the new session: " + claim.cost());
            List<String> completed = complete.cost().statements();
            assertTrue(completed.get(completed.size() - 1).startsWith("UPDATE agent_sessions"),
                    "the fold carries the ended session: " + complete.cost());
        }
        assertEquals(1, board.stores.tx(() -> jdbiStores.agentSessions().latestOf(
                board.get(withSession).task().id())).filter(session -> !session.isOpen()).stream().count(),
                "the session was opened and ended");
    }

    /** Whether a write that waits for no answer travels with the next statement (PostgreSQL). */
    protected boolean sendsWritesWithTheNextStatement() {
        return false;
    }

    private static void assertNothing(String what, Measured measured) {
        assertEquals(0, measured.cost().count(), what + " runs no statement; " + measured.cost());
        assertEquals(0, measured.cost().transactions(), what + " opens no transaction; " + measured.cost());
        assertEquals(List.of(), measured.calls(), what + " makes no round trip");
    }

    @Test
    void claimStaysWithinItsBudget() {
        String identifier = BoardFixture.id(board.app.next().next(board.alice).orElseThrow());

        Measured claim = cost(() -> board.claim(board.alice, identifier));
        assertBudget("claim", claimBudget(), claim, outboxCommit());
        assertWritesOnlyWhatChanged("claim", claim, "claim = ", "spec = ", "completion = ", "archive = ");
        assertStateGoesWithTheUpdate("claim", claim, false);
    }

    /**
     * Whether the task's flow state goes with the update of its row, in the outbox's statement (PostgreSQL), rather
     * than in a statement of its own with the commit (H2).
     */
    protected boolean writesStateWithTheUpdate() {
        return false;
    }

    /**
     * On PostgreSQL the task's flow state is written by the update of its row, which the change rewrites anyway: no
     * other expression writes it, and {@code task_flow} is written once the task is {@code finished} only.
     */
    private void assertStateGoesWithTheUpdate(String what, Measured measured, boolean finished) {
        if (!writesStateWithTheUpdate()) {
            return;
        }
        List<String> statements = measured.cost().statements();
        String outbox = statements.get(statements.size() - 1);
        assertTrue(outbox.contains("version = version + 1, flow_column = "), what + " writes the state with the update: " + outbox);
        assertFalse(outbox.contains("task_states"), what + " writes the state once: " + outbox);
        assertEquals(finished, outbox.contains("INSERT INTO task_flow"), what + " writes task_flow once finished: " + outbox);
    }

    /**
     * The task's update writes the columns whose values changed and leaves out the documents the row already holds
     * ({@code TaskRows.unchanged}): {@code written} must be set, {@code kept} must not.
     */
    private static void assertWritesOnlyWhatChanged(String what, Measured measured, String written, String... kept) {
        String update = measured.cost().statements().stream().filter(statement -> statement.contains("UPDATE tasks SET"))
                .findFirst().orElseThrow(() -> new AssertionError(what + " updates the task; " + measured.cost()));
        String assignments = update.substring(update.indexOf("UPDATE tasks SET"), update.indexOf("WHERE id ="));
        assertTrue(assignments.contains(written), what + " writes " + written + assignments);
        for (String column : kept) {
            assertFalse(assignments.contains(" " + column) || assignments.contains("," + column),
                    what + " leaves " + column + "out of " + assignments);
        }
    }

    @Test
    void completeStaysWithinItsBudget() {
        String identifier = BoardFixture.id(board.app.next().next(board.alice).orElseThrow());
        board.claim(board.alice, identifier);

        Measured complete = cost(() -> board.complete(board.alice, identifier));
        assertBudget("complete", completeBudget(), complete, outboxCommit());
        assertWritesOnlyWhatChanged("complete", complete, "completion = ", "spec = ", "archive = ", "after_goal = ");
        assertStateGoesWithTheUpdate("complete", complete, true);
    }

    /**
     * A goal's child costs what a standalone task costs, and the goal's lock with its children's statuses (GoalSync)
     * more for each of its claim and its completion, when the goal's status stays: one round trip on a store that
     * sends both in one text ({@link #readsAGoalWithItsLock}, PostgreSQL), two elsewhere. The child's row change is not
     * sent on its own for them: on PostgreSQL it goes with the events' statement, as a standalone task's does.
     */
    @Test
    void aGoalsChildCostsTheGoalsLockAndItsChildrenStatusesMore() {
        String first = BoardFixture.id(board.create(board.alice, task("first"))); // the board's first rows exist from here on
        board.claim(board.alice, first);
        board.complete(board.alice, first);
        String alone = BoardFixture.id(board.create(board.alice, task("standalone")));
        int claimAlone = cost(() -> board.claim(board.alice, alone)).cost().count();
        int completeAlone = cost(() -> board.complete(board.alice, alone)).cost().count();
        String child = BoardFixture.id(board.createGoal(board.alice, goal("goal", children(3))).children().get(0));

        Measured claim = cost(() -> board.claim(board.alice, child));
        Measured complete = cost(() -> board.complete(board.alice, child));
        int goalsLock = readsAGoalWithItsLock() ? 1 : 2;
        assertEquals(claimAlone + goalsLock, claim.cost().count(), claim.cost().toString());
        assertEquals(completeAlone + goalsLock, complete.cost().count(), complete.cost().toString());
        for (Measured measured : List.of(claim, complete)) {
            List<String> statements = measured.cost().statements();
            assertEquals(1, statements.stream().filter(statement -> statement.contains("UPDATE tasks SET")).count(),
                    "one update of the child's row, none of the goal's: " + measured.cost());
            if (writesStateWithTheUpdate()) {
                assertTrue(statements.get(statements.size() - 1).contains("UPDATE tasks SET"),
                        "the child's row change goes with the events' statement: " + measured.cost());
            }
        }
    }

    /**
     * A completion of a goal's child while a sibling is in Doing: on a store that holds the sibling instead of the
     * goal (PostgreSQL, {@link #holdsASiblingInsteadOfTheGoal}) one statement more than a standalone task's, the
     * hold, which carries the statuses' read in its round trip; elsewhere the goal's lock and the statuses, two more.
     */
    @Test
    void completingAChildBesideASiblingInDoingCostsTheHoldAlone() {
        String first = BoardFixture.id(board.create(board.alice, task("first")));
        board.claim(board.alice, first);
        board.complete(board.alice, first);
        String alone = BoardFixture.id(board.create(board.alice, task("standalone")));
        board.claim(board.alice, alone);
        int completeAlone = cost(() -> board.complete(board.alice, alone)).cost().count();
        List<TaskView> children = board.createGoal(board.alice, goal("goal", children(3))).children();
        board.claim(board.alice, BoardFixture.id(children.get(0)));
        board.claim(board.bob, BoardFixture.id(children.get(1)));

        Measured complete = cost(() -> board.complete(board.alice, BoardFixture.id(children.get(0))));
        int extra = holdsASiblingInsteadOfTheGoal() ? 1 : 2;
        assertEquals(completeAlone + extra, complete.cost().count(), complete.cost().toString());
        assertEquals(holdsASiblingInsteadOfTheGoal(), complete.cost().statements().stream()
                .filter(statement -> statement.contains("EXISTS (SELECT 1 FROM tasks c"))
                .allMatch(statement -> statement.startsWith("WITH held AS")), complete.cost().toString());
    }

    /** Whether a goal's lock and its children's statuses go in one round trip (PostgreSQL: a text of two queries). */
    protected boolean readsAGoalWithItsLock() {
        return false;
    }

    /** Whether a completion holds a sibling in Doing rather than lock the goal (PostgreSQL's SKIP LOCKED). */
    protected boolean holdsASiblingInsteadOfTheGoal() {
        return false;
    }

    @Test
    void creatingATaskStaysWithinItsBudget() {
        Measured create = cost(() -> board.create(board.alice, task("one more")));
        assertBudget("create", createBudget(), create, outboxCommit());
        // the row is inserted with the state of a task just created: the creation's flow write sends nothing more
        List<String> statements = create.cost().statements();
        assertTrue(statements.stream().anyMatch(statement -> statement.startsWith("INSERT INTO tasks") && statement.contains("flow_column")),
                "the task's row is inserted with its state; " + create.cost());
        assertTrue(statements.stream().noneMatch(statement -> statement.contains("flow_column =")
                || statement.contains("MERGE INTO tasks")), "and no statement writes it again; " + create.cost());
    }

    /**
     * A goal's children share its transaction's statements: their rows, their dependency rows, their history rows
     * and their counter values are written together, one statement per table whatever their number.
     */
    @Test
    void moreChildrenOfAGoalCostNoMoreStatements() {
        board.createGoal(board.alice, goal("first", children(1))); // the goal counter's row exists from here on
        int small = cost(() -> board.createGoal(board.alice, goal("small", children(WriteFold.MAX_ROWS_IN_ONE + 4)))).cost().count();
        Measured large = cost(() -> board.createGoal(board.alice, goal("large", children(WriteFold.MAX_ROWS_IN_ONE + 24))));

        // both past the events the outbox writes in its one statement on PostgreSQL, so both take the batched path
        assertBudget("a goal of 20 children more", small + 20 * PER_CHILD, large);
    }

    /**
     * Children that depend on each other add their dependency rows, one statement, and nothing else: the answer's
     * blocked_by of each child comes from its siblings, just written, not from a lookup of their statuses.
     */
    @Test
    void siblingsDependingOnEachOtherCostOnlyTheirDependencyRows() {
        board.createGoal(board.alice, goal("first", children(1))); // the goal counter's row exists from here on
        int unlinked = cost(() -> board.createGoal(board.alice, goal("unlinked", children(30)))).cost().count();
        List<Map<String, Object>> linked = IntStream.range(0, 30)
                .mapToObj(i -> task("child " + i, "dependencies", IntStream.range(Math.max(0, i - 3), i).boxed().toList()))
                .toList();
        Measured measured = cost(() -> {
            var created = board.createGoal(board.alice, goal("linked", linked));
            assertEquals(created.children().subList(26, 29).stream().map(child -> child.task().identifier()).toList(),
                    created.children().get(29).blockedBy(), "a child is blocked by its open siblings");
        });

        assertBudget("a goal whose children depend on each other", unlinked + 1, measured);
    }

    private static List<Map<String, Object>> children(int count) {
        return IntStream.range(0, count).mapToObj(i -> task("child " + i)).toList();
    }

    /** What one more child of a goal adds to the statements of its creation. */
    static final int PER_CHILD = 0;
    /**
     * A {@code next} answered from the board's snapshot (docs/operations.md, "Next from a snapshot"): none. next
     * locks nothing, since it hands out offers instead (docs/rules.md, "Offers made by next"), and the board comes
     * from the directory cache.
     */
    static final int NEXT = 0;
    /**
     * A {@code next} that reads the board's snapshot (the first on this server, or after a change of this server
     * that may add candidates, another server's change, or the lifetime): the first rows of both candidate streams
     * in one statement, and the identifiers other tasks wait on.
     */
    static final int NEXT_READ = 2;
    /**
     * On PostgreSQL: the task locked by identifier, then one statement of data-modifying CTEs that updates the
     * locked row, takes the event numbers (queuing the notification), writes the event rows and the history rows,
     * and upserts the flow rollup's rows (docs/operations.md, "Flow rollup"): the task's flow row, the board's move
     * count, and the agent's activity when it is due (the claim below is its agent's first). The board comes from
     * the directory cache. The board's WIP limit, which a claim checks, is read with the locked task (docs/rules.md,
     * "WIP limits"; a board with a limit costs 2 more, its claim lock and the count of Doing). With {@link #NEXT}, an
     * agent's cycle is 4 statements in 2 transactions.
     */
    static final int CLAIM = 2;
    static final int COMPLETE = 2;
    /**
     * The identifier and position counters, the task row, then the one statement of the events, the history and
     * the rollup's rows (PostgreSQL).
     */
    static final int CREATE = 4;
    /**
     * On H2, which writes the flow rollup with the commit, a batch per table: the changed tasks' flow states and the
     * board's move counts; a change by an agent whose activity was not stored in the last minute adds a statement,
     * its activity (the claim is its agent's first, the completion comes within the minute), and one into Done
     * another, the finished task's row.
     */
    static final int H2_FLOW = 2;

    /** What a claim costs on this database: {@link #CLAIM} on PostgreSQL. */
    protected int claimBudget() {
        return CLAIM;
    }

    protected int completeBudget() {
        return COMPLETE;
    }

    protected int createBudget() {
        return CREATE;
    }
}
