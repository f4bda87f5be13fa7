package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/** The body of {@code PATCH /api/tasks/:id/assign}: the user to assign, or null to unassign (the key is required). */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record AssignBody(Long assignedToId) {
}
