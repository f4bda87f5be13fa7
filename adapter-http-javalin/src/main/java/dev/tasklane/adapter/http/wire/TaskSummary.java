package dev.tasklane.adapter.http.wire;

import dev.tasklane.adapter.http.wire.TaskAnswer.WireIds;
import dev.tasklane.adapter.http.wire.TaskAnswer.WireTime;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.Task;

import java.util.List;

/** The 11-key summary row plus {@code blocked} and {@code blocked_by} (docs/api.md, "Slim views"). */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record TaskSummary(TaskId id, String identifier, String title, String type, String status, String priority,
                          String complexity, List<String> dependencies, String createdByAgent, TaskId parentId,
                          String claimExpiresAt, boolean blocked, List<String> blockedBy) implements TaskRender {
    public static TaskSummary of(TaskView view) {
        Task task = view.task();
        return new TaskSummary(task.id(), task.identifier().toString(), task.spec().title(), task.type().code(),
                task.status().code(), task.priority().code(), task.spec().complexity().code(),
                WireIds.texts(task.spec().dependencies()), task.createdByAgent(), task.parentId(),
                task.claim() == null ? null : WireTime.utc(task.claim().expiresAt()), view.blocked(), WireIds.texts(view.blockedBy()));
    }
}
