package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.forecast.Forecast;
import dev.tasklane.domain.targets.Target;
import dev.tasklane.domain.targets.TargetId;
import dev.tasklane.domain.targets.TargetScope;
import dev.tasklane.domain.task.Task;

import java.time.Instant;
import java.util.List;

/**
 * Delivery targets of the caller's board (docs/rules.md, "Targets"): created, changed, archived and read, each
 * with its progress and its cached forecast. Reading needs read access; writing needs write access (owner or
 * modify) and the {@code tasks:work} scope.
 */
public interface TargetsUseCase {
    /**
     * @throws dev.tasklane.domain.error.InvalidInputException 422 {@code invalid_target} naming the field: a missing
     *                                                         or long name, a malformed due date or zone, identifiers
     *                                                         of the wrong kind or naming no task of the board, a cap
     */
    TargetView create(Actor actor, NewTarget target);

    /** The board's targets, oldest first; archived ones only when asked. */
    List<TargetView> list(Actor actor, boolean archived);

    /** @throws dev.tasklane.domain.error.NotFoundException 404 when the board has no such target */
    TargetView get(Actor actor, TargetId id);

    /** The target, its tasks and its burn-up, for its page. */
    TargetDetail detail(Actor actor, TargetId id);

    /** Changes what was sent; the scope is replaced, or edited by additions and removals. */
    TargetView change(Actor actor, TargetId id, TargetChange change);

    /** @throws dev.tasklane.domain.error.ConflictException 409 {@code already_archived} */
    TargetView archive(Actor actor, TargetId id);

    /**
     * What a target is asked for when created, as sent.
     *
     * @param dueDate an ISO date ("2026-12-24")
     * @param zone    where the due date ends: an IANA zone or an offset; UTC when null
     */
    record NewTarget(String name, String dueDate, String zone, List<String> goals, List<String> tasks) {
    }

    /**
     * A change, as sent: each {@link Patch} field changes only when sent; {@code goals} and {@code tasks} replace
     * the scope when not null, the {@code add}/{@code remove} lists edit it.
     */
    record TargetChange(Patch<String> name, Patch<String> dueDate, Patch<String> zone, List<String> goals,
                        List<String> tasks, List<String> addGoals, List<String> removeGoals, List<String> addTasks,
                        List<String> removeTasks) {
    }

    /**
     * A target with what its scope stands for now.
     *
     * @param forecast the last forecast made (null until one is), maybe older than the latest finished work: a
     *                 newer one is on its way whenever {@code fresh} is false
     * @param atRisk   the forecast's at-risk mark; false without a forecast
     */
    record TargetView(Target target, TargetScope.Progress progress, Forecast forecast, boolean fresh, boolean atRisk) {
    }

    /**
     * A target with its tasks and its burn-up.
     *
     * @param tasks  the tasks in scope
     * @param burnUp the tasks Done over time: one point per day a task of the scope reached Done, and now
     */
    record TargetDetail(TargetView view, List<Task> tasks, List<BurnPoint> burnUp) {
        public TargetDetail {
            tasks = List.copyOf(tasks);
            burnUp = List.copyOf(burnUp);
        }
    }

    /** How many tasks of the scope were Done at {@code at}. */
    record BurnPoint(Instant at, int done) {
    }
}
