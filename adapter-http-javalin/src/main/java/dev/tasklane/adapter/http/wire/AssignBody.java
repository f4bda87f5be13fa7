package dev.tasklane.adapter.http.wire;

import static dev.tasklane.adapter.http.wire.BodyChecks.integer;
import static dev.tasklane.adapter.http.wire.BodyChecks.required;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/** The body of {@code PATCH /api/tasks/:id/assign}: the user to assign, or null to unassign (the key is required). */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record AssignBody(Long assignedToId) {
    /** The key sent, then an integer or null. */
    public static final BodyChecks CHECKS = BodyChecks.of(
            required("assigned_to_id", "is required (a user id, or null to unassign)"), integer("assigned_to_id"));
}
