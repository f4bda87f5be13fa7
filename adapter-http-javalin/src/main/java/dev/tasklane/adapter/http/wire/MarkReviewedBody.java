package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.Map;

/**
 * The body of {@code PATCH /api/tasks/:id/mark_reviewed}: the after_review hook's result
 * ({@code {exit_code, output, duration_ms}}) and the agent's name.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record MarkReviewedBody(Map<String, Object> afterReviewResult, String agentName) {
}
