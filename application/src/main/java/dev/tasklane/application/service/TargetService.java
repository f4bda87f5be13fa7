package dev.tasklane.application.service;

import dev.tasklane.application.port.in.TargetForecastUseCase;
import dev.tasklane.application.port.in.TargetsUseCase;
import dev.tasklane.application.port.out.FlowStore;
import dev.tasklane.application.port.out.TargetStore;
import dev.tasklane.application.port.out.TaskReads;
import dev.tasklane.application.port.out.WipLimitStore;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.flow.FlowWindow;
import dev.tasklane.domain.flow.TaskFlow;
import dev.tasklane.domain.forecast.FlowSample;
import dev.tasklane.domain.forecast.Forecast;
import dev.tasklane.domain.forecast.ForecastEngine;
import dev.tasklane.domain.forecast.ForecastPlan;
import dev.tasklane.domain.forecast.ForecastSettings;
import dev.tasklane.domain.forecast.TeamProfile;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.targets.Target;
import dev.tasklane.domain.targets.TargetId;
import dev.tasklane.domain.targets.TargetScope;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Targets and their forecasts. A target's scope is resolved on every read, so archived and deleted tasks leave
 * it at once; its default forecast is cached by {@link ForecastCache} and refreshed off the request when the
 * scope or the board's work has moved since; a forecast asked for is computed by {@link ForecastRuns}, off the
 * request too, and kept by what it was asked with.
 */
final class TargetService implements TargetsUseCase, TargetForecastUseCase {
    private final UseCaseRunner runner;
    private final TaskReads tasks;
    private final WipLimitStore limits;
    private final FlowStore flows;
    private final TargetStore targets;
    private final FlowService flow;
    private final ForecastCache cache;
    private final ForecastRuns runs;

    TargetService(UseCaseRunner runner, TaskReads tasks, WipLimitStore limits, FlowStore flows, TargetStore targets,
                  FlowService flow, ForecastCache cache, ForecastRuns runs) {
        this.runner = runner;
        this.runs = runs;
        this.tasks = tasks;
        this.limits = limits;
        this.flows = flows;
        this.targets = targets;
        this.flow = flow;
        this.cache = cache;
        cache.computeWith(this::computeDefault);
    }

    @Override
    public TargetView create(Actor actor, NewTarget sent) {
        String name = TargetFields.name(sent.name());
        LocalDate due = TargetFields.dueDate(sent.dueDate());
        ZoneId zone = TargetFields.zone(sent.zone());
        List<TaskIdentifier> goals = TargetFields.goals(sent.goals());
        List<TaskIdentifier> named = TargetFields.tasks(sent.tasks());
        Target stored = runner.write(actor, changes -> {
            BoardId board = actor.boardId();
            if (targets.list(board).size() >= Target.MAX_PER_BOARD) {
                throw TargetFields.invalid("name", "cannot be added: the board keeps at most " + Target.MAX_PER_BOARD
                        + " targets, archived ones included (cap TARGETS_PER_BOARD): change one of them instead");
            }
            requireKnown(board, "goals", goals);
            requireKnown(board, "tasks", named);
            Instant now = changes.now();
            return targets.add(new Target(TargetId.UNASSIGNED, board, name, due, zone, goals, named, null, now, now, 0));
        });
        return runner.read(changes -> view(stored, scope(stored)));
    }

    @Override
    public List<TargetView> list(Actor actor, boolean archived) {
        return runner.read(changes -> {
            List<TargetView> views = new ArrayList<>();
            for (Target target : targets.list(actor.boardId())) {
                if (archived || !target.isArchived()) {
                    views.add(view(target, scope(target)));
                }
            }
            return views;
        });
    }

    @Override
    public TargetView get(Actor actor, TargetId id) {
        return runner.read(changes -> {
            Target target = require(actor.boardId(), id);
            return view(target, scope(target));
        });
    }

    @Override
    public TargetDetail detail(Actor actor, TargetId id) {
        return runner.read(changes -> {
            Target target = require(actor.boardId(), id);
            TargetScope scope = scope(target);
            List<Instant> doneAt = new ArrayList<>();
            for (Task task : scope.tasks()) {
                if (task.status() == Status.COMPLETED) {
                    doneAt.add(flows.flow(task.id()).map(TaskFlow::doneAt).filter(Objects::nonNull)
                            .orElse(task.updatedAt()));
                }
            }
            doneAt.sort(null);
            List<BurnPoint> burnUp = new ArrayList<>();
            Instant start = doneAt.isEmpty() || target.createdAt().isBefore(doneAt.get(0)) ? target.createdAt()
                    : doneAt.get(0);
            burnUp.add(new BurnPoint(start, 0));
            for (int i = 0; i < doneAt.size(); i++) {
                burnUp.add(new BurnPoint(doneAt.get(i), i + 1));
            }
            burnUp.add(new BurnPoint(changes.now(), doneAt.size()));
            return new TargetDetail(view(target, scope), scope.tasks(), burnUp);
        });
    }

    @Override
    public TargetView change(Actor actor, TargetId id, TargetChange change) {
        String name = change.name().isSent() ? TargetFields.name(change.name().orElse(null)) : null;
        LocalDate due = change.dueDate().isSent() ? TargetFields.dueDate(change.dueDate().orElse(null)) : null;
        ZoneId zone = change.zone().isSent() ? TargetFields.zone(change.zone().orElse(null)) : null;
        List<TaskIdentifier> goals = change.goals() == null ? null : TargetFields.goals(change.goals());
        List<TaskIdentifier> named = change.tasks() == null ? null : TargetFields.tasks(change.tasks());
        List<TaskIdentifier> addGoals = TargetFields.goals(change.addGoals());
        List<TaskIdentifier> removeGoals = TargetFields.goals(change.removeGoals());
        List<TaskIdentifier> addTasks = TargetFields.tasks(change.addTasks());
        List<TaskIdentifier> removeTasks = TargetFields.tasks(change.removeTasks());
        Target stored = runner.write(actor, changes -> {
            BoardId board = actor.boardId();
            Target target = require(board, id);
            List<TaskIdentifier> newGoals = TargetFields.edit("goals", goals == null ? target.goals() : goals,
                    addGoals, removeGoals);
            List<TaskIdentifier> newTasks = TargetFields.edit("tasks", named == null ? target.tasks() : named,
                    addTasks, removeTasks);
            requireKnown(board, "goals", added(target.goals(), newGoals));
            requireKnown(board, "tasks", added(target.tasks(), newTasks));
            return targets.save(target.changed(name == null ? target.name() : name,
                    due == null ? target.dueDate() : due, zone == null ? target.zone() : zone, newGoals, newTasks,
                    changes.now()));
        });
        return runner.read(changes -> view(stored, scope(stored)));
    }

    @Override
    public TargetView archive(Actor actor, TargetId id) {
        Target stored = runner.write(actor, changes -> {
            Target target = require(actor.boardId(), id);
            if (target.isArchived()) {
                throw new ConflictException("already_archived", "Target " + id + " is already archived.");
            }
            return targets.save(target.archived(changes.now()));
        });
        cache.forget(id);
        return runner.read(changes -> view(stored, scope(stored)));
    }

    @Override
    public CompletableFuture<Optional<Forecast>> forecastAsync(Actor actor, TargetId targetId, ForecastQuery query) {
        Inputs inputs = runner.read(changes -> inputs(actor.boardId(), targetId, query, null, changes.now()));
        if (inputs.refusal != null) {
            throw inputs.refusal;
        }
        if (query.isDefault()) {
            Optional<ForecastCache.Entry> cached = cache.fresh(targetId, inputs.fingerprint);
            if (cached.isPresent()) {
                return CompletableFuture.completedFuture(Optional.of(cached.get().answer()));
            }
        }
        CompletableFuture<Forecast> running = runs.submit(actor.boardId(), inputs.key(targetId), () -> {
            Forecast made = compute(inputs);
            if (query.isDefault()) {
                cache.store(targetId, inputs.fingerprint, () -> made);
            }
            return made;
        });
        if (running.isDone()) {
            return running.thenApply(Optional::of);
        }
        Duration wait = runs.limits().waitAtMost();
        return running.thenApply(Optional::of).completeOnTimeout(Optional.empty(), wait.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    @Override
    public Forecast forecast(Actor actor, TargetId targetId, ForecastQuery query) {
        Inputs inputs = runner.read(changes -> inputs(actor.boardId(), targetId, query, null, changes.now()));
        if (query.isDefault()) {
            Optional<ForecastCache.Entry> cached = cache.fresh(targetId, inputs.fingerprint);
            if (cached.isPresent()) {
                return cached.get().answer();
            }
            return cache.store(targetId, inputs.fingerprint, () -> runs.now(inputs.key(targetId),
                    () -> compute(inputs))).answer();
        }
        if (inputs.refusal != null) {
            throw inputs.refusal;
        }
        return runs.now(inputs.key(targetId), () -> compute(inputs));
    }

    @Override
    public Forecast forecastWithTeam(Actor actor, TargetId targetId, ForecastQuery query, TeamProfile team) {
        Objects.requireNonNull(team, "team");
        Inputs inputs = runner.read(changes -> inputs(actor.boardId(), targetId, query, team, changes.now()));
        return compute(inputs);
    }

    /** The default forecast of a target, for the cache's refresh off any request. */
    private ForecastCache.Entry computeDefault(BoardId board, TargetId targetId) {
        Inputs inputs = runner.read(changes -> inputs(board, targetId, ForecastQuery.defaults(), null, changes.now()));
        return ForecastCache.Entry.of(inputs.fingerprint, () -> compute(inputs));
    }

    /** Everything one forecast needs, read in one unit of work; the simulation runs after it ends. */
    private record Inputs(ForecastPlan plan, FlowSample sample, InvalidInputException refusal,
                          ForecastSettings settings, long fingerprint, String window) {
        /** What makes one forecast the same as another: the target, its inputs' fingerprint and what was asked. */
        Key key(TargetId targetId) {
            return new Key(targetId, fingerprint, window, settings.runs(), settings.agents(), settings.reviewers());
        }
    }

    private record Key(TargetId target, long fingerprint, String window, int runs, Integer agents, Integer reviewers) {
    }

    private static Forecast compute(Inputs inputs) {
        if (inputs.refusal != null) {
            throw inputs.refusal;
        }
        return ForecastEngine.forecast(inputs.plan, inputs.sample, inputs.settings);
    }

    private Inputs inputs(BoardId board, TargetId targetId, ForecastQuery query, TeamProfile team, Instant now) {
        Target target = require(board, targetId);
        TargetScope scope = scope(target);
        String window = query.window() == null || query.window().isBlank() ? ForecastQuery.DEFAULT_WINDOW
                : query.window();
        FlowWindow days = FlowWindow.parse(window, null, null, target.zone().getId(), now);
        ForecastSettings settings = ForecastSettings.defaults(now, target.due()).withWhatIf(
                query.runs() == null ? ForecastSettings.DEFAULT_RUNS : query.runs(), query.agents(), query.reviewers());
        FlowSample sample = null;
        InvalidInputException refusal = null;
        try {
            sample = team != null ? FlowSample.ofTeam(team) : FlowSample.fromReport(flow.report(board, days, now, null));
        } catch (InvalidInputException thin) {
            refusal = thin;
        }
        Map<TaskIdentifier, Task> open = new LinkedHashMap<>();
        scope.open().forEach(task -> open.put(task.identifier(), task));
        Set<TaskIdentifier> counted = new HashSet<>(open.keySet());
        Set<TaskIdentifier> done = closeOverDependencies(board, open);
        ForecastPlan plan = ForecastPlan.of(open.values(), counted, done::contains, limits.wipLimits(board).doing(),
                now);
        return new Inputs(plan, sample, refusal, settings, fingerprint(target, scope, board), window);
    }

    /**
     * Adds to {@code open} the unfinished tasks its tasks depend on, however deep, up to the plan's cap; answers
     * the dependencies found Done.
     */
    private Set<TaskIdentifier> closeOverDependencies(BoardId board, Map<TaskIdentifier, Task> open) {
        Set<TaskIdentifier> done = new HashSet<>();
        Deque<Task> pending = new ArrayDeque<>(open.values());
        while (!pending.isEmpty() && open.size() < ForecastPlan.MAX_TASKS) {
            Task task = pending.removeFirst();
            List<TaskIdentifier> missing = new ArrayList<>();
            for (TaskIdentifier dependency : task.spec().dependencies()) {
                if (!open.containsKey(dependency) && !done.contains(dependency)) {
                    missing.add(dependency);
                }
            }
            if (missing.isEmpty()) {
                continue;
            }
            Map<TaskIdentifier, Status> statuses = tasks.statuses(board, missing);
            for (TaskIdentifier dependency : missing) {
                if (statuses.get(dependency) == Status.COMPLETED) {
                    done.add(dependency);
                } else if (statuses.containsKey(dependency) && open.size() < ForecastPlan.MAX_TASKS) {
                    tasks.findByIdentifier(board, dependency).ifPresent(found -> {
                        open.put(found.identifier(), found);
                        pending.addLast(found);
                    });
                }
            }
        }
        return done;
    }

    /** What the default forecast of a target depends on: the target, its tasks' states and the board's columns. */
    private long fingerprint(Target target, TargetScope scope, BoardId board) {
        long hash = target.id().value() * 31 + target.version();
        for (Task task : scope.tasks()) {
            hash = hash * 31 + task.id().hashCode();
            hash = hash * 31 + task.version();
        }
        hash = hash * 31 + flows.openCounts(board).hashCode();
        hash = hash * 31 + limits.wipLimits(board).hashCode();
        return hash * 31 + LocalDate.ofInstant(runner.now(), target.zone()).toEpochDay();
    }

    private TargetView view(Target target, TargetScope scope) {
        Optional<ForecastCache.Entry> entry = cache.latest(target.id());
        long fingerprint = fingerprint(target, scope, target.boardId());
        boolean fresh = entry.isPresent() && entry.get().fingerprint() == fingerprint;
        if (!fresh && !target.isArchived()) {
            cache.refreshLater(target.boardId(), target.id());
        }
        Forecast forecast = entry.flatMap(ForecastCache.Entry::forecast).orElse(null);
        return new TargetView(target, scope.progress(), forecast, fresh, forecast != null && forecast.atRisk());
    }

    /** The tasks the target stands for now. */
    private TargetScope scope(Target target) {
        BoardId board = target.boardId();
        List<Task> named = new ArrayList<>();
        for (TaskIdentifier identifier : target.tasks()) {
            tasks.findByIdentifier(board, identifier).ifPresent(named::add);
        }
        List<List<Task>> children = new ArrayList<>();
        for (TaskIdentifier goal : target.goals()) {
            tasks.findByIdentifier(board, goal).filter(g -> !g.isArchived())
                    .ifPresent(g -> children.add(tasks.children(board, g.id())));
        }
        return TargetScope.of(named, children);
    }

    private Target require(BoardId board, TargetId id) {
        return targets.byId(board, id).orElseThrow(() -> new NotFoundException("target_not_found",
                "The board has no target " + id + ". List the board's targets to find its id."));
    }


    private void requireKnown(BoardId board, String field, Collection<TaskIdentifier> identifiers) {
        if (identifiers.isEmpty()) {
            return;
        }
        Map<TaskIdentifier, Status> known = tasks.statuses(board, identifiers);
        List<String> unknown = identifiers.stream().filter(id -> !known.containsKey(id)).map(String::valueOf).toList();
        if (!unknown.isEmpty()) {
            throw new InvalidInputException(TargetFields.INVALID, field + " names no task of this board: "
                    + String.join(", ", unknown.subList(0, Math.min(5, unknown.size()))),
                    new ErrorDetails.Field(field));
        }
    }

    private static List<TaskIdentifier> added(List<TaskIdentifier> before, List<TaskIdentifier> after) {
        Set<TaskIdentifier> old = new HashSet<>(before);
        return after.stream().filter(id -> !old.contains(id)).toList();
    }
}
