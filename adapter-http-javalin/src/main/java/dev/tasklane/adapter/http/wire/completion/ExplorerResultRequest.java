package dev.tasklane.adapter.http.wire.completion;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * An {@code explorer_result} as sent with a completion (docs/rules.md, "Completion results"): the envelope's values
 * as sent (null when missing, a null node when sent as null) and the object itself, whose key order the keys no
 * rule names keep. The answer form is {@link ExplorerResultBody}.
 */
public record ExplorerResultRequest(JsonNode dispatched, JsonNode summary, JsonNode durationMs, JsonNode reason,
        ObjectNode sent) {

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static ExplorerResultRequest of(ObjectNode sent) {
        return new ExplorerResultRequest(sent.get("dispatched"), sent.get("summary"), sent.get("duration_ms"),
                sent.get("reason"), sent);
    }

    /** The dispatched flag when it is a boolean, else null. */
    public Boolean flag() {
        return dispatched != null && dispatched.isBoolean() ? dispatched.booleanValue() : null;
    }
}
