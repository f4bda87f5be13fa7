package dev.tasklane.application.service;

import dev.tasklane.application.port.in.ReadTasksUseCase;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.out.TaskPage;
import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Reads: a task, the list, a goal's tree, dependencies (recursive), dependents and history. */
final class ReadService implements ReadTasksUseCase {
    private final ServiceContext context;

    ReadService(ServiceContext context) {
        this.context = context;
    }

    @Override
    public TaskView get(Actor actor, TaskRef ref) {
        return context.runner().read(changes -> context.lookup().view(context.lookup().require(actor.boardId(), ref)));
    }

    @Override
    public TaskListPage list(Actor actor, TaskQuery query) {
        if (query.boardId() != actor.boardId()) {
            throw new IllegalArgumentException("a query is scoped to the caller's board");
        }
        return context.runner().read(changes -> {
            TaskPage page = context.tasks().list(query);
            return new TaskListPage(page.tasks().isEmpty() ? List.of() : context.lookup().views(page.tasks()), page.nextCursor());
        });
    }

    @Override
    public TaskTree tree(Actor actor, TaskRef ref) {
        return context.runner().read(changes -> {
            Task root = context.lookup().require(actor.boardId(), ref);
            List<Task> children = root.isGoal() ? context.tasks().children(root.boardId(), root.id()) : List.of();
            List<Task> all = new ArrayList<>(children.size() + 1);
            all.add(root);
            all.addAll(children);
            List<TaskView> views = context.lookup().views(all);
            int completed = (int) views.stream().filter(v -> v.task().status() == Status.COMPLETED).count();
            int blocked = (int) views.stream().filter(TaskView::blocked).count();
            return new TaskTree(views.get(0), views.subList(1, views.size()), views.size(), completed, blocked);
        });
    }

    @Override
    public DependencyNode dependencies(Actor actor, TaskRef ref) {
        return context.runner().read(changes -> {
            Task root = context.lookup().require(actor.boardId(), ref);
            return node(root, new HashSet<>(List.of(root.identifier().toString())));
        });
    }

    private DependencyNode node(Task task, Set<String> visited) {
        List<DependencyNode> children = new ArrayList<>();
        for (String identifier : task.spec().dependencies()) {
            if (visited.add(identifier)) {
                context.tasks().findByIdentifier(task.boardId(), identifier)
                        .ifPresent(dependency -> children.add(node(dependency, visited)));
            }
        }
        return new DependencyNode(context.lookup().view(task), children);
    }

    @Override
    public Dependents dependents(Actor actor, TaskRef ref) {
        return context.runner().read(changes -> {
            Task task = context.lookup().require(actor.boardId(), ref);
            List<Task> dependents = context.tasks().dependents(task.boardId(), task.identifier().toString());
            return new Dependents(context.lookup().view(task),
                    dependents.isEmpty() ? List.of() : context.lookup().views(dependents));
        });
    }

    @Override
    public List<HistoryEntry> history(Actor actor, TaskRef ref) {
        return context.runner().read(changes -> context.tasks().history(context.lookup().require(actor.boardId(), ref).id()));
    }
}
