package dev.tasklane.adapter.http.wire.completion;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tasklane.edge.ResultEnvelope;
import dev.tasklane.json.SentObject;

import java.util.Collection;

/**
 * One sent JSON object read into a domain record without refusing anything, as the edge's mapper writes its kept
 * values: the shared reader {@link SentObject} (a documented key typed when its value is of its type, kept as sent
 * otherwise, after every key the record does not name), as the envelope's {@link ResultEnvelope.Fields}. Which
 * values the rules refuse is the domain's to say; this only keeps what was sent (docs/api.md, "Completion
 * validation": results are stored as sent).
 */
public final class SentFields extends SentObject implements ResultEnvelope.Fields {
    public SentFields(ObjectMapper mapper, JsonNode node, Collection<String> documented) {
        super(mapper.writer(), node, documented);
    }

    public static boolean isNonNegativeInteger(JsonNode value) {
        return isInteger(value) && value.longValue() >= 0;
    }

    /** Whether a value is one of the allowed strings (never throws on null or another type). */
    public static boolean oneOf(JsonNode value, Collection<String> allowed) {
        return value != null && value.isTextual() && allowed.contains(value.textValue());
    }
}
