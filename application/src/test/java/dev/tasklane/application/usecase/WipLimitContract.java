package dev.tasklane.application.usecase;

import dev.tasklane.application.port.in.BoardSettingsUseCase.BoardChange;
import dev.tasklane.application.port.in.BoardSettingsUseCase.BoardSettings;
import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.port.in.Patch;
import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.domain.wip.WipLimits;
import dev.tasklane.domain.wip.WipRule;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.tasklane.application.usecase.BoardFixture.hook;
import static dev.tasklane.application.usecase.BoardFixture.id;
import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * WIP limits on Doing through the use cases against a store adapter (docs/rules.md, "WIP limits"): set and read with
 * the board's settings, enforced by claims, atomically when claims race.
 */
public abstract class WipLimitContract {
    static final int RACERS = 8;
    static final int LIMIT = 3;

    protected abstract StoreSet newStores();

    protected BoardFixture board;

    @BeforeEach
    void createBoard() {
        board = new BoardFixture(newStores(), CompletionMode.GRACE);
    }

    private BoardSettings limit(Integer doing) {
        return board.app.boardSettings().configure(board.admin, board.boardId,
                new BoardChange(Patch.unchanged(), Patch.to(doing == null ? WipLimits.NONE : new WipLimits(doing))));
    }

    private long inDoing() {
        return board.app.reads().list(board.admin, TaskQuery.all(board.boardId)).tasks().stream()
                .filter(view -> view.task().status() == Status.IN_PROGRESS).count();
    }

    @Test
    void noLimitByDefaultAndTheSettingsSayWhatHoldsDoing() {
        BoardSettings settings = board.app.boardSettings().settings(board.alice, board.boardId);
        assertEquals(WipLimits.NONE, settings.wipLimits());
        for (int i = 0; i < 4; i++) {
            board.claim(board.alice, id(board.create(board.admin, task("t" + i))));
        }
        assertEquals(List.of("W1", "W2", "W3", "W4"),
                board.app.boardSettings().settings(board.alice, board.boardId).doing());
    }

    @Test
    void aClaimOverTheLimitIsRefusedNamingTheLimitAndTheTasksHoldingIt() {
        assertEquals(new WipLimits(2), limit(2).wipLimits());
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            ids.add(id(board.create(board.admin, task("t" + i))));
        }
        board.claim(board.alice, ids.get(0));
        board.claim(board.bob, ids.get(1));
        ConflictException full = assertThrows(ConflictException.class, () -> board.claim(board.alice, ids.get(2)));
        assertEquals(WipRule.REACHED, full.code());
        assertEquals(new ErrorDetails.WipLimit(2, List.of(ids.get(0), ids.get(1))), full.details());
        ConflictException viaNext = assertThrows(ConflictException.class, () -> board.app.claims()
                .claim(board.alice, new ClaimTask(null, "a", hook(), null)));
        assertEquals(WipRule.REACHED, viaNext.code());
        assertEquals(2, inDoing(), "nothing more went to Doing");

        board.claim(board.alice, ids.get(0));
        assertEquals(2, inDoing(), "a retried claim by its holder is not a new one");
        board.complete(board.alice, ids.get(0));
        board.claim(board.alice, ids.get(2));
        assertEquals(2, inDoing());

        limit(null);
        board.claim(board.alice, ids.get(3));
        assertEquals(3, inDoing(), "null removes the limit");
    }

    @Test
    void takingOverAnExpiredLeaseAtTheLimitDoesNotAddOne() {
        limit(1);
        String held = id(board.create(board.admin, task("held")));
        board.create(board.admin, task("waiting"));
        board.claim(board.alice, held);
        board.clock.advance(Duration.ofHours(2));
        board.claim(board.bob, held);
        assertEquals(1, inDoing());
    }

    @Test
    void onlyOwnersAndAdminsChangeTheSettingsAndLimitsHaveBounds() {
        Actor owner = board.member("olive", Access.OWNER, Set.of(), true);
        ForbiddenException agentOfOwner = assertThrows(ForbiddenException.class, () -> board.app.boardSettings()
                .configure(BoardFixture.actor(owner.user(), owner.board(), Access.OWNER, Set.of(), false, 77L),
                        board.boardId, new BoardChange(Patch.unchanged(), Patch.to(new WipLimits(3)))));
        assertEquals("insufficient_scope", agentOfOwner.code(), "the owner's agent token was not minted to administer");
        ForbiddenException notOwner = assertThrows(ForbiddenException.class, () -> board.app.boardSettings()
                .configure(board.alice, board.boardId,
                        new BoardChange(Patch.unchanged(), Patch.to(new WipLimits(3)))));
        assertEquals("not_board_owner", notOwner.code());
        Actor outsider = board.member("otto", Access.READ_ONLY, Set.of(), false);
        board.app.boardSettings().settings(outsider, board.boardId);
        BoardSettings renamed = board.app.boardSettings().configure(owner, board.boardId,
                new BoardChange(Patch.to("Platform"), Patch.to(new WipLimits(5))));
        assertEquals("Platform", renamed.board().name());
        assertEquals(new WipLimits(5), renamed.wipLimits());
        assertEquals(new WipLimits(5), board.app.boardSettings().settings(owner, board.boardId).wipLimits());
        assertThrows(InvalidInputException.class, () -> new WipLimits(0));
        assertThrows(InvalidInputException.class, () -> new WipLimits(WipLimits.MAX_DOING + 1));
        assertThrows(NotFoundException.class, () -> board.app.boardSettings().settings(owner,
                dev.tasklane.domain.id.BoardId.of(999_999)));
    }

    /** Racing claims of distinct tasks by distinct agents: never more than the limit in Doing, and exactly the limit. */
    @Test
    void racingClaimsNeverPutMoreThanTheLimitInDoing() throws Exception {
        limit(LIMIT);
        List<String> ids = new ArrayList<>();
        List<Actor> agents = new ArrayList<>();
        for (int i = 0; i < RACERS; i++) {
            ids.add(id(board.create(board.admin, task("race " + i))));
            agents.add(board.member("racer" + i, Access.MODIFY, Set.of(), false));
        }
        AtomicInteger won = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(RACERS);
        try {
            List<Future<?>> runs = new ArrayList<>();
            for (int r = 0; r < RACERS; r++) {
                int racer = r;
                runs.add(pool.submit(() -> {
                    start.await();
                    try {
                        board.app.claims().claim(agents.get(racer), new ClaimTask(ids.get(racer), "racer", hook(), null));
                        won.incrementAndGet();
                    } catch (ConflictException full) {
                        assertTrue(WipRule.REACHED.equals(full.code()) || full.code().equals("concurrent_update"),
                                full.code() + ": " + full.getMessage());
                        refused.incrementAndGet();
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> run : runs) {
                run.get(120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(LIMIT, inDoing(), "won " + won + ", refused " + refused);
        assertEquals(LIMIT, won.get());
        assertEquals(RACERS - LIMIT, refused.get());
    }
}
