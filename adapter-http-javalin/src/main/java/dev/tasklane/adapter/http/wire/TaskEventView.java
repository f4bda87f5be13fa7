package dev.tasklane.adapter.http.wire;

import dev.tasklane.adapter.http.wire.TaskAnswer.WireTime;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;

/** The {@code data} of a task event of {@code GET /api/events} (docs/api.md, "Event stream"). */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record TaskEventView(long id, String type, TaskId taskId, String identifier, String status, String column,
                            UserId actor, String agent, String at) {
    public static TaskEventView of(TaskEvent event) {
        return new TaskEventView(event.sequence(), event.type(), event.taskId(), event.identifier(), event.status(),
                event.column(), event.actorUserId(), event.agentName(), WireTime.utc(event.at()));
    }
}
