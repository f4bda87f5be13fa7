package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * The body of {@code POST /api/tasks/batch}: the goals, each with its tasks (docs/api.md, "Creating and editing
 * tasks"). Each component is the value as sent, so that the root-key refusals come in Stride's order: {@code tasks}
 * sent as the root, {@code goals} missing, {@code goals} not an array. Each goal that is an object is then bound as a
 * {@link TaskObject}.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record BatchRequest(JsonNode goals, JsonNode tasks) {
}
