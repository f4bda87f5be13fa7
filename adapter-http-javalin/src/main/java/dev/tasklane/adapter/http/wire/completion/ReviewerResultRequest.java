package dev.tasklane.adapter.http.wire.completion;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A {@code reviewer_result} as sent with a completion (docs/rules.md, "Completion results"): each documented value
 * as sent (null when missing, a null node when sent as null, any JSON type), so that {@link ReviewerChecks} reports
 * every wrong type in Stride's order instead of the binding failing on the first; and the object itself, whose key
 * order the keys no rule names keep. The answer form is {@link ReviewerResultBody}.
 */
public record ReviewerResultRequest(
        JsonNode dispatched,
        JsonNode summary,
        JsonNode durationMs,
        JsonNode reason,
        JsonNode acceptanceCriteriaChecked,
        JsonNode issuesFound,
        JsonNode status,
        JsonNode issueCounts,
        JsonNode issues,
        JsonNode acceptanceCriteria,
        JsonNode testingStrategy,
        JsonNode patterns,
        JsonNode pitfalls,
        JsonNode securityConsiderations,
        JsonNode behaviourTestMatrix,
        JsonNode projectChecks,
        JsonNode schemaVersion,
        ObjectNode sent) {

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static ReviewerResultRequest of(ObjectNode sent) {
        return new ReviewerResultRequest(sent.get("dispatched"), sent.get("summary"), sent.get("duration_ms"),
                sent.get("reason"), sent.get("acceptance_criteria_checked"), sent.get("issues_found"),
                sent.get("status"), sent.get("issue_counts"), sent.get("issues"), sent.get("acceptance_criteria"),
                sent.get("testing_strategy"), sent.get("patterns"), sent.get("pitfalls"),
                sent.get("security_considerations"), sent.get("behaviour_test_matrix"), sent.get("project_checks"),
                sent.get("schema_version"), sent);
    }

    /** The dispatched flag when it is a boolean, else null. */
    public Boolean flag() {
        return dispatched != null && dispatched.isBoolean() ? dispatched.booleanValue() : null;
    }

    /** One of the verdict sections by its wire name ({@code DocumentKeys.VERDICT_SECTIONS}, the matrix). */
    public JsonNode section(String name) {
        return switch (name) {
            case "testing_strategy" -> testingStrategy;
            case "patterns" -> patterns;
            case "pitfalls" -> pitfalls;
            case "security_considerations" -> securityConsiderations;
            case "behaviour_test_matrix" -> behaviourTestMatrix;
            default -> throw new IllegalArgumentException("no section " + name);
        };
    }
}
