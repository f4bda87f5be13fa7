package dev.tasklane.adapter.http.wire;

import static dev.tasklane.adapter.http.wire.BodyChecks.string;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * The body of {@code PATCH /api/tasks/:id/review}: the reviewer's decision ({@code approved},
 * {@code changes_requested} or {@code rejected}) and notes.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ReviewBody(String reviewStatus, String reviewNotes) {
    /** Each key a string when sent, the decision first. */
    public static final BodyChecks CHECKS = BodyChecks.of(string("review_status"), string("review_notes"));
}
