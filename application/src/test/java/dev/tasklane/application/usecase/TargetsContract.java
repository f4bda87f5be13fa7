package dev.tasklane.application.usecase;

import dev.tasklane.application.port.in.Patch;
import dev.tasklane.application.port.in.TargetForecastUseCase.ForecastQuery;
import dev.tasklane.application.port.in.TargetsUseCase;
import dev.tasklane.application.port.in.TargetsUseCase.NewTarget;
import dev.tasklane.application.port.in.TargetsUseCase.TargetChange;
import dev.tasklane.application.port.in.TargetsUseCase.TargetView;
import dev.tasklane.application.port.out.TargetStore;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.domain.archive.ArchiveRequest;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.forecast.Forecast;
import dev.tasklane.domain.forecast.TeamProfile;
import dev.tasklane.domain.targets.TargetId;
import dev.tasklane.domain.targets.TargetScope;
import dev.tasklane.domain.task.ArchiveReason;
import dev.tasklane.domain.validation.CompletionMode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import static dev.tasklane.application.usecase.BoardFixture.goal;
import static dev.tasklane.application.usecase.BoardFixture.id;
import static dev.tasklane.application.usecase.BoardFixture.ref;
import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Targets and their forecasts through the use cases against a store adapter (docs/rules.md, "Targets";
 * docs/forecasting.md): scope, progress, archived and deleted tasks leaving, refusals, the cached forecast.
 */
public abstract class TargetsContract {
    /** The stores and their target store, sharing one transaction manager. */
    public record Stores(StoreSet set, TargetStore targets) {
    }

    protected abstract Stores newStores();

    protected BoardFixture board;
    private TargetsUseCase targets;
    private final Deque<Runnable> refreshes = new ArrayDeque<>();
    private String goal;
    private List<String> children;
    private String loose;

    @BeforeEach
    void createBoard() {
        Stores stores = newStores();
        board = new BoardFixture(stores.set(), CompletionMode.GRACE,
                builder -> builder.targets(stores.targets()).forecastRefresher(refreshes::add));
        targets = board.app.targets();
        var created = board.createGoal(board.admin, goal("Release", List.of(task("one"), task("two"), task("three"))));
        goal = created.root().task().identifier().toString();
        children = created.children().stream().map(child -> id(child)).toList();
        loose = id(board.create(board.admin, task("loose")));
    }

    private TargetView create(String name, List<String> goals, List<String> tasks) {
        return targets.create(board.alice, new NewTarget(name, "2026-12-24", "Europe/Paris", goals, tasks));
    }

    private static TargetChange change(List<String> addTasks, List<String> removeTasks) {
        return new TargetChange(Patch.unchanged(), Patch.unchanged(), Patch.unchanged(), null, null, List.of(),
                List.of(), addTasks, removeTasks);
    }

    private void runRefreshes() {
        while (!refreshes.isEmpty()) {
            refreshes.removeFirst().run();
        }
    }

    @Test
    void aTargetCountsItsGoalsChildrenAndItsTasksOnce() {
        TargetView view = create("Launch", List.of(goal), List.of(loose, children.get(0)));
        assertEquals("Launch", view.target().name());
        assertEquals(new TargetScope.Progress(0, 0, 4), view.progress());
        board.claim(board.alice, children.get(0));
        board.complete(board.alice, children.get(0));
        assertEquals(new TargetScope.Progress(1, 0, 4), targets.get(board.reader, view.target().id()).progress());
        assertEquals(1, targets.list(board.reader, false).size());
        assertEquals(4, targets.detail(board.reader, view.target().id()).tasks().size());
    }

    @Test
    void scopeIsEditedByAdditionsAndRemovalsAndArchivedAndDeletedTasksLeaveIt() {
        TargetView view = create("Launch", List.of(), List.of(loose));
        String extra = id(board.create(board.admin, task("extra")));
        TargetView changed = targets.change(board.alice, view.target().id(), change(List.of(extra, children.get(1)),
                List.of(loose)));
        assertEquals(List.of(extra, children.get(1)), changed.target().tasks().stream().map(String::valueOf).toList());
        board.app.archives().archive(board.admin, ref(extra), new ArchiveRequest(ArchiveReason.WONT_DO, "out of scope", null));
        assertEquals(1, targets.get(board.reader, view.target().id()).progress().total(), "the archived task left");
        board.app.archives().delete(board.admin, ref(children.get(1)));
        assertEquals(0, targets.get(board.reader, view.target().id()).progress().total(), "the deleted task left");
    }

    @Test
    void badFieldsAreRefusedNamingTheFieldAndNothingIsStored() {
        InvalidInputException unknown = assertThrows(InvalidInputException.class,
                () -> create("Launch", List.of(), List.of("W999")));
        assertEquals(new ErrorDetails.Field("tasks"), unknown.details());
        assertTrue(unknown.getMessage().contains("W999"), unknown.getMessage());
        assertEquals(new ErrorDetails.Field("goals"), assertThrows(InvalidInputException.class,
                () -> create("Launch", List.of(loose), List.of())).details());
        assertEquals(new ErrorDetails.Field("name"), assertThrows(InvalidInputException.class,
                () -> create(" ", List.of(), List.of())).details());
        assertEquals(new ErrorDetails.Field("due_date"), assertThrows(InvalidInputException.class,
                () -> targets.create(board.alice, new NewTarget("x", "24/12/2026", null, null, null))).details());
        assertEquals(new ErrorDetails.Field("zone"), assertThrows(InvalidInputException.class,
                () -> targets.create(board.alice, new NewTarget("x", "2026-12-24", "Mars/Base", null, null))).details());
        assertEquals(List.of(), targets.list(board.reader, true));
        assertThrows(ForbiddenException.class, () -> targets.create(board.reader,
                new NewTarget("x", "2026-12-24", null, null, null)));
        assertThrows(NotFoundException.class, () -> targets.get(board.reader, TargetId.of(404)));
    }

    @Test
    void anArchivedTargetLeavesTheListAndIsNotArchivedTwice() {
        TargetView view = create("Launch", List.of(goal), List.of());
        assertEquals(List.of(new TargetsUseCase.BurnPoint(board.clock.instant(), 0),
                        new TargetsUseCase.BurnPoint(board.clock.instant(), 0)),
                targets.detail(board.reader, view.target().id()).burnUp(), "nothing done yet: the burn-up starts at 0");
        TargetView archived = targets.archive(board.alice, view.target().id());
        assertNotNull(archived.target().archivedAt());
        assertEquals(List.of(), targets.list(board.reader, false));
        assertEquals(1, targets.list(board.reader, true).size());
        assertEquals("already_archived", assertThrows(ConflictException.class,
                () -> targets.archive(board.alice, view.target().id())).code());
    }

    @Test
    void aForecastFromTooLittleHistorySaysWhatIsMissing() {
        TargetView view = create("Launch", List.of(goal), List.of());
        InvalidInputException thin = assertThrows(InvalidInputException.class,
                () -> board.app.targetForecasts().forecast(board.reader, view.target().id(), ForecastQuery.defaults()));
        assertEquals("insufficient_history", thin.code());
        assertEquals(new ErrorDetails.InsufficientHistory(0, 10), thin.details());
        TeamProfile team = new TeamProfile(2, 1, new long[]{3_600_000L}, new long[]{600_000L}, 0);
        Forecast fromTeam = board.app.targetForecasts().forecastWithTeam(board.reader, view.target().id(),
                ForecastQuery.defaults(), team);
        assertEquals(Forecast.Source.TEAM_FILE, fromTeam.basedOn().source());
        assertEquals(board.clock.instant().plusMillis(2 * 3_600_000L), fromTeam.p50(), "three tasks, two agents, 1 h each");
    }

    @Test
    void theForecastDrawsFromTheFinishedWorkAndIsCachedUntilItMoves() {
        List<String> done = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            String identifier = id(board.create(board.admin, task("history " + i)));
            board.claim(board.alice, identifier);
            board.clock.advance(Duration.ofMinutes(20 + i));
            board.complete(board.alice, identifier);
            done.add(identifier);
        }
        TargetView view = create("Launch", List.of(goal), List.of(loose));
        assertNull(view.forecast(), "the strip never waits: no forecast yet, one on its way");
        runRefreshes();
        TargetView cached = targets.get(board.reader, view.target().id());
        assertNotNull(cached.forecast());
        assertTrue(cached.fresh());
        Forecast forecast = cached.forecast();
        assertEquals(Forecast.Method.MONTE_CARLO_SIMULATION, forecast.method());
        assertEquals(Forecast.Method.THROUGHPUT_SAMPLING, forecast.alternative().method());
        assertEquals(12, forecast.basedOn().tasksSampled());
        assertEquals(4, forecast.basedOn().openTasks());
        assertEquals(30, forecast.basedOn().windowDays());
        assertEquals(forecast, board.app.targetForecasts().forecast(board.reader, view.target().id(),
                ForecastQuery.defaults()), "the default forecast is the cached one");

        Forecast twoAgents = board.app.targetForecasts().forecast(board.reader, view.target().id(),
                new ForecastQuery(200, 2, null, "7d"));
        assertEquals(2, twoAgents.basedOn().agents());
        assertEquals(200, twoAgents.runs());
        assertEquals(7, twoAgents.basedOn().windowDays());

        board.claim(board.alice, loose);
        assertFalse(targets.get(board.reader, view.target().id()).fresh(), "a claim in scope moved the inputs");
        assertEquals(forecast, targets.get(board.reader, view.target().id()).forecast(), "the last one meanwhile");
        runRefreshes();
        assertTrue(targets.get(board.reader, view.target().id()).fresh());
        assertEquals("invalid_param", assertThrows(InvalidInputException.class, () -> board.app.targetForecasts()
                .forecast(board.reader, view.target().id(), new ForecastQuery(0, null, null, null))).code());
    }
}
