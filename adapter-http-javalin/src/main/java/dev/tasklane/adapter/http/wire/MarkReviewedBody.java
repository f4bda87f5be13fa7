package dev.tasklane.adapter.http.wire;

import static dev.tasklane.adapter.http.wire.BodyChecks.string;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.hook.HookResult;

/**
 * The body of {@code PATCH /api/tasks/:id/mark_reviewed}: the after_review hook's result as sent
 * ({@code {exit_code, output, duration_ms}}) and the agent's name.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record MarkReviewedBody(JsonNode afterReviewResult, String agentName) {
    /** The proof first, then agent_name. */
    public static final BodyChecks CHECKS = BodyChecks.of(
            BodyChecks.proof(HookName.AFTER_REVIEW),
            string("agent_name"));

    /** The after_review proof, typed; null when none was sent. */
    public HookResult proof() {
        return BodyChecks.proof(HookName.AFTER_REVIEW, afterReviewResult);
    }
}
