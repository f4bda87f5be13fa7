package dev.tasklane.application.service;

import dev.tasklane.application.port.out.TaskReads;
import dev.tasklane.application.port.out.TaskHistoryLog;
import dev.tasklane.application.port.in.ReadTasksUseCase;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.out.TaskPage;
import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Reads: a task, the list, a goal's tree, dependencies (recursive), dependents and history. */
final class ReadService implements ReadTasksUseCase {
    private final UseCaseRunner runner;
    private final TaskReads tasks;
    private final TaskHistoryLog history;
    private final TaskLookup lookup;

    ReadService(UseCaseRunner runner, TaskReads tasks, TaskHistoryLog history, TaskLookup lookup) {
        this.runner = runner;
        this.tasks = tasks;
        this.history = history;
        this.lookup = lookup;
    }

    @Override
    public TaskView get(Actor actor, TaskRef ref) {
        return runner.read(changes -> lookup.view(lookup.require(actor.boardId(), ref)));
    }

    @Override
    public TaskListPage list(Actor actor, TaskQuery query) {
        if (!query.boardId().equals(actor.boardId())) {
            throw new IllegalArgumentException("a query is scoped to the caller's board");
        }
        return runner.read(changes -> {
            TaskPage page = tasks.list(query);
            return new TaskListPage(page.tasks().isEmpty() ? List.of() : lookup.views(page.tasks()), page.nextCursor());
        });
    }

    @Override
    public TaskTree tree(Actor actor, TaskRef ref) {
        return runner.read(changes -> {
            Task root = lookup.require(actor.boardId(), ref);
            List<Task> children = root.isGoal() ? tasks.children(root.boardId(), root.id()) : List.of();
            List<Task> all = new ArrayList<>(children.size() + 1);
            all.add(root);
            all.addAll(children);
            List<TaskView> views = lookup.views(all);
            int completed = (int) views.stream().filter(v -> v.task().status() == Status.COMPLETED).count();
            int blocked = (int) views.stream().filter(TaskView::blocked).count();
            return new TaskTree(views.get(0), views.subList(1, views.size()), views.size(), completed, blocked);
        });
    }

    @Override
    public DependencyChain dependencies(Actor actor, TaskRef ref) {
        return runner.read(changes -> {
            Task root = lookup.require(actor.boardId(), ref);
            Set<TaskIdentifier> visited = new HashSet<>(List.of(root.identifier()));
            List<Dependency> found = new ArrayList<>();
            java.util.ArrayDeque<Task> frontier = new java.util.ArrayDeque<>(List.of(root));
            java.util.Map<TaskId, Integer> depthOf = new java.util.HashMap<>(java.util.Map.of(root.id(), 0));
            while (!frontier.isEmpty()) {
                Task task = frontier.removeFirst();
                int depth = depthOf.get(task.id()) + 1;
                for (TaskIdentifier identifier : task.spec().dependencies()) {
                    if (!visited.add(identifier)) {
                        continue;
                    }
                    tasks.findByIdentifier(task.boardId(), identifier).ifPresent(dependency -> {
                        found.add(new Dependency(lookup.view(dependency), depth, task.identifier()));
                        depthOf.put(dependency.id(), depth);
                        frontier.addLast(dependency);
                    });
                }
            }
            return new DependencyChain(lookup.view(root), List.copyOf(found));
        });
    }

    @Override
    public Dependents dependents(Actor actor, TaskRef ref) {
        return runner.read(changes -> {
            Task task = lookup.require(actor.boardId(), ref);
            List<Task> dependents = tasks.dependents(task.boardId(), task.identifier());
            return new Dependents(lookup.view(task),
                    dependents.isEmpty() ? List.of() : lookup.views(dependents));
        });
    }

    @Override
    public List<HistoryEntry> history(Actor actor, TaskRef ref) {
        return runner.read(changes -> history.history(lookup.require(actor.boardId(), ref).id()));
    }
}
