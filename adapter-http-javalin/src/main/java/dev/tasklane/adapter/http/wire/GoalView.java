package dev.tasklane.adapter.http.wire;

import dev.tasklane.adapter.http.wire.TaskAnswer.WireTime;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.task.Task;

/** The 13-key goal render of goal-creation answers (docs/api.md, "Task renders"). */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record GoalView(TaskId id, String identifier, String title, String description, String status, String priority,
                       String complexity, String type, UserId createdById, String createdByAgent, Long columnId,
                       String insertedAt, String updatedAt) {
    public static GoalView of(TaskView view, Board board) {
        Task task = view.task();
        return new GoalView(task.id(), task.identifier().toString(), task.spec().title(), task.spec().description(),
                task.status().code(), task.priority().code(), task.spec().complexity().code(), task.type().code(),
                task.createdById(), task.createdByAgent(), board.columnId(task.status()),
                WireTime.naive(task.insertedAt()), WireTime.naive(task.updatedAt()));
    }
}
