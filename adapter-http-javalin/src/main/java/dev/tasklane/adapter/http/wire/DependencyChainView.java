package dev.tasklane.adapter.http.wire;

import dev.tasklane.adapter.http.wire.TaskAnswer.WireIds;
import dev.tasklane.application.port.in.ReadTasksUseCase.Dependency;
import dev.tasklane.application.port.in.ReadTasksUseCase.DependencyChain;

import java.util.List;

/** {@code GET /api/tasks/:id/dependencies}: the task and the tasks it depends on, recursively, as a flat list. */
public record DependencyChainView(TaskSummary task, List<Entry> dependencies) {
    /** One dependency: the task, how deep it sits and the identifier of the task that names it. */
    public record Entry(TaskSummary task, int depth, String parent) {
        static Entry of(Dependency dependency) {
            return new Entry(TaskSummary.of(dependency.task()), dependency.depth(), WireIds.text(dependency.parent()));
        }
    }

    public static DependencyChainView of(DependencyChain chain) {
        return new DependencyChainView(TaskSummary.of(chain.task()), chain.dependencies().stream().map(Entry::of).toList());
    }
}
