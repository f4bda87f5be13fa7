package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.history.HistoryEntry;

import java.util.List;

/** The read side: one task, a list, a goal's tree, dependencies, dependents and history. */
public interface ReadTasksUseCase {
    TaskView get(Actor actor, TaskRef ref);

    TaskListPage list(Actor actor, TaskQuery query);

    TaskTree tree(Actor actor, TaskRef ref);

    DependencyNode dependencies(Actor actor, TaskRef ref);

    Dependents dependents(Actor actor, TaskRef ref);

    List<HistoryEntry> history(Actor actor, TaskRef ref);

    record TaskListPage(List<TaskView> tasks, String nextCursor) {
    }

    /** A goal (or task) and its children, with counts that include the root itself. */
    record TaskTree(TaskView root, List<TaskView> children, int total, int completed, int blocked) {
    }

    /** A task and, recursively, the tasks it depends on. */
    record DependencyNode(TaskView task, List<DependencyNode> dependencies) {
    }

    record Dependents(TaskView task, List<TaskView> dependents) {
    }
}
