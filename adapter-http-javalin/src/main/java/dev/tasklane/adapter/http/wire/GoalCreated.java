package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.tasklane.application.port.in.Created;
import dev.tasklane.domain.identity.Board;

import java.util.List;

/** A goal created with its children: {@code {goal, child_tasks}} (docs/api.md, "Creating and editing tasks"). */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record GoalCreated(GoalView goal, List<TaskSummary> childTasks) {
    public static GoalCreated of(Created created, Board board) {
        return new GoalCreated(GoalView.of(created.root(), board),
                created.children().stream().map(TaskSummary::of).toList());
    }
}
