package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.in.IdentityUseCase.Caller;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.application.service.Secrets;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.usecase.BoardFixture;
import dev.tasklane.domain.identity.ApiToken;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

import static dev.tasklane.application.usecase.BoardFixture.goal;
import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * How many statements and transactions the agent loop's requests cost on a database: authenticating, next,
 * claim and complete. Each budget is a count, not a time: a change that adds a statement to these hot paths
 * fails here and must say why (docs/benchmarks.md, "What bounds each figure now"). Besides its statements, a
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
        jdbiStores = openStores(watch);
        board = new BoardFixture(new StoreSet(jdbiStores.tasks(), jdbiStores.directory(), jdbiStores.transactions(),
                jdbiStores.events()), CompletionMode.GRACE);
        board.stores.tx(() -> board.stores.directory().insertToken(new ApiToken(0, "budget", Secrets.sha256(SECRET),
                board.alice.userId(), board.boardId, Set.of(), "model", false, BoardFixture.START, null, null,
                BoardFixture.START, "agent")));
        for (int i = 0; i < 3; i++) {
            board.create(board.alice, task("work " + i));
        }
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
        StatementCounter.Cost cost = measured.cost();
        assertEquals(1, cost.transactions(), what + " runs in one transaction; " + cost);
        assertEquals(statements, cost.count(), what + " costs " + statements + " statements; " + cost);
        assertEquals(List.of("commit"), measured.calls(), what + " makes no round trip besides its statements "
                + "but its commit");
    }

    @Test
    void authenticatingARequestIsOneStatementWhenTheLastUseIsRecent() {
        Caller caller = board.app.identity().authenticate(SECRET, "agent");
        assertEquals(board.alice.userId(), caller.user().id());

        assertBudget("authenticate", 1, cost(() -> board.app.identity().authenticate(SECRET, "agent")));
    }

    @Test
    void nextStaysWithinItsBudget() {
        board.app.next().next(board.alice).orElseThrow();

        assertBudget("next", NEXT, cost(() -> board.app.next().next(board.alice)));
    }

    @Test
    void claimStaysWithinItsBudget() {
        String identifier = BoardFixture.id(board.app.next().next(board.alice).orElseThrow());

        assertBudget("claim", CLAIM, cost(() -> board.claim(board.alice, identifier)));
    }

    @Test
    void completeStaysWithinItsBudget() {
        String identifier = BoardFixture.id(board.app.next().next(board.alice).orElseThrow());
        board.claim(board.alice, identifier);

        assertBudget("complete", COMPLETE, cost(() -> board.complete(board.alice, identifier)));
    }

    @Test
    void creatingATaskStaysWithinItsBudget() {
        assertBudget("create", CREATE, cost(() -> board.create(board.alice, task("one more"))));
    }

    /**
     * A goal's children share its transaction's statements: each one more child costs only its own row (its
     * history row and its counter values are written with the others, once, before the commit).
     */
    @Test
    void eachMoreChildOfAGoalCostsOneStatement() {
        board.createGoal(board.alice, goal("first", children(1))); // the goal counter's row exists from here on
        int small = cost(() -> board.createGoal(board.alice, goal("small", children(10)))).cost().count();
        Measured large = cost(() -> board.createGoal(board.alice, goal("large", children(30))));

        assertBudget("a goal of 30 children", small + 20 * PER_CHILD, large);
    }

    private static List<Map<String, Object>> children(int count) {
        return IntStream.range(0, count).mapToObj(i -> task("child " + i)).toList();
    }

    static final int PER_CHILD = 1;
    static final int CREATE = 6;
    /**
     * The candidate page and the answered task's board: next locks nothing since it hands out offers instead
     * (docs/rules.md, "Offers made by next"); it was 3 with the lock of the answered task.
     */
    static final int NEXT = 2;
    /**
     * 6, plus the board's WIP limit: one primary-key read of {@code board_wip_limits} (docs/rules.md, "WIP limits").
     * A board with a limit costs 2 more, its claim lock and the count of Doing.
     */
    static final int CLAIM = 7;
    static final int COMPLETE = 6;
}
