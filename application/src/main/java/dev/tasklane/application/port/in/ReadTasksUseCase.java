package dev.tasklane.application.port.in;

import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.history.HistoryEntry;

import java.util.List;

/** The read side: one task, a list, a goal's tree, dependencies, dependents and history. */
public interface ReadTasksUseCase {
    TaskView get(Actor actor, TaskRef ref);

    TaskListPage list(Actor actor, TaskQuery query);

    TaskTree tree(Actor actor, TaskRef ref);

    DependencyChain dependencies(Actor actor, TaskRef ref);

    Dependents dependents(Actor actor, TaskRef ref);

    List<HistoryEntry> history(Actor actor, TaskRef ref);

    record TaskListPage(List<TaskView> tasks, String nextCursor) {
    }

    /** A goal (or task) and its children, with counts that include the root itself. */
    record TaskTree(TaskView root, List<TaskView> children, int total, int completed, int blocked) {
    }

    /**
     * A task and every task it depends on, directly or not, as a flat list in breadth-first order: each task
     * once, with its distance from the root and the identifier of the task that first led to it. Flat, so that a
     * chain of any depth is answered (a nested answer would nest as deep as the chain).
     */
    record DependencyChain(TaskView task, List<Dependency> dependencies) {
    }

    /** One task of a {@link DependencyChain}: {@code depth} 1 for a direct dependency of the root. */
    record Dependency(TaskView task, int depth, TaskIdentifier parent) {
    }

    record Dependents(TaskView task, List<TaskView> dependents) {
    }
}
