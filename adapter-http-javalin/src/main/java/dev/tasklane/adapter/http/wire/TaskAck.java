package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.Task;

/** The 9-key acknowledgement of slim complete and slim changed_files (docs/api.md, "Slim views"). */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record TaskAck(TaskId id, String identifier, String title, String status, TaskId parentId, boolean needsReview,
                      String reviewStatus, String complexity, String priority) implements TaskRender {
    public static TaskAck of(TaskView view) {
        Task task = view.task();
        return new TaskAck(task.id(), task.identifier().toString(), task.spec().title(), task.status().code(),
                task.parentId(), task.spec().needsReview(), task.review() == null ? null : task.review().status().code(),
                task.spec().complexity().code(), task.priority().code());
    }
}
