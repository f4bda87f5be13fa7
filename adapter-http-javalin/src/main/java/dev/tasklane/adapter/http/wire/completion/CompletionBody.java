package dev.tasklane.adapter.http.wire.completion;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * The body of {@code PATCH /api/tasks/:id/complete} (docs/api.md, "Completion validation"), bound by Jackson. Every
 * component is the {@link JsonNode} sent: null when the key is missing, a null node when it was sent as null, so
 * that a value of the wrong type is reported in Stride's order by the reader rather than failing the binding. Keys
 * it does not name are not read (the completion keeps no unknown top-level key).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonIgnoreProperties(ignoreUnknown = true)
public record CompletionBody(
        JsonNode agentName,
        JsonNode claimToken,
        JsonNode completionSummary,
        JsonNode actualComplexity,
        JsonNode actualFilesChanged,
        JsonNode timeSpentMinutes,
        JsonNode completionNotes,
        JsonNode reviewReport,
        JsonNode explorerResult,
        JsonNode reviewerResult,
        JsonNode workflowSteps,
        JsonNode changedFiles,
        JsonNode afterDoingResult,
        JsonNode beforeReviewResult) {

    /** A value that was sent and is not JSON null (what the rules call "sent"). */
    public static boolean sent(JsonNode value) {
        return value != null && !value.isNull();
    }

    /** The value as a string when it is one, else null. */
    public static String text(JsonNode value) {
        return value != null && value.isTextual() ? value.textValue() : null;
    }
}
