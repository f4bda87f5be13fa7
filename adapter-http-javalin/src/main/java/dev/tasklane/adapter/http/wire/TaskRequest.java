package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * The body of {@code POST /api/tasks} and {@code PATCH}/{@code PUT /api/tasks/:id}: the task object under
 * {@code task} (docs/api.md, "Creating and editing tasks"). Each component is the value as sent (null when the key
 * is missing, a null node when sent as null), so that the root-key refusals come in Stride's order: {@code data}
 * sent instead, {@code task} missing, {@code task} not an object. The object is then bound as a {@link TaskObject}.
 * The other root keys (agent_name, response_view) are read as request parameters.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record TaskRequest(JsonNode task, JsonNode data) {
}
