package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.tasklane.application.port.in.AfterGoalUseCase.AfterGoalStatus;
import dev.tasklane.domain.id.TaskId;

import java.util.Map;

/** {@code GET /api/tasks/:id/after_goal_status}: whether the goal's after_goal hook is armed, and its environment. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record AfterGoalStatusView(boolean afterGoalArmed, TaskId goalId, String goalIdentifier, Map<String, String> env) {
    public static AfterGoalStatusView of(AfterGoalStatus status) {
        if (!status.armed()) {
            return new AfterGoalStatusView(false, null, null, Map.of());
        }
        return new AfterGoalStatusView(true, status.goal().task().id(), status.goal().task().identifier().toString(),
                status.env());
    }
}
