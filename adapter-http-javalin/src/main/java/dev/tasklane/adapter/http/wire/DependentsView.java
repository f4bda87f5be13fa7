package dev.tasklane.adapter.http.wire;

import dev.tasklane.application.port.in.ReadTasksUseCase.Dependents;

import java.util.List;

/** {@code GET /api/tasks/:id/dependents}: the task and the tasks that depend on it. */
public record DependentsView(TaskSummary task, List<TaskSummary> dependents) {
    public static DependentsView of(Dependents dependents) {
        return new DependentsView(TaskSummary.of(dependents.task()),
                dependents.dependents().stream().map(TaskSummary::of).toList());
    }
}
