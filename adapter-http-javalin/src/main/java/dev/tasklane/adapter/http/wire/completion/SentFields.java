package dev.tasklane.adapter.http.wire.completion;

import dev.tasklane.application.edge.ResultEnvelope;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.Verbatim;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * One sent JSON object read into a domain record without refusing anything: a documented key is typed when its
 * value is of its type, and otherwise kept as sent among the unknown keys, after every key the record does not name
 * (in the order sent). Which values the rules refuse is the domain's to say; this only keeps what was sent
 * (docs/api.md, "Completion validation": results are stored as sent). A value that is not an object reads as an
 * empty one.
 */
public final class SentFields implements ResultEnvelope.Fields {
    private final ObjectMapper mapper;
    private final JsonNode node;
    private final Map<String, Verbatim> unknown = new LinkedHashMap<>();

    public SentFields(ObjectMapper mapper, JsonNode node, Collection<String> documented) {
        this.mapper = mapper;
        this.node = node != null && node.isObject() ? node : mapper.createObjectNode();
        Set<String> named = Set.copyOf(documented);
        this.node.fields().forEachRemaining(field -> {
            if (!named.contains(field.getKey())) {
                unknown.put(field.getKey(), raw(field.getValue()));
            }
        });
    }

    /** The value of a key, null when it is missing or JSON null. */
    public JsonNode get(String key) {
        return at(node, key);
    }

    @Override
    public String string(String key) {
        JsonNode value = node.get(key);
        return value != null && value.isTextual() ? value.textValue() : keep(key);
    }

    @Override
    public Boolean bool(String key) {
        JsonNode value = node.get(key);
        return value != null && value.isBoolean() ? Boolean.valueOf(value.booleanValue()) : keep(key);
    }

    @Override
    public Long integer(String key) {
        JsonNode value = node.get(key);
        return isInteger(value) ? Long.valueOf(value.longValue()) : keep(key);
    }

    /** Keeps a documented key whose value will not be typed, as sent; returns null for the typed field. */
    public <T> T keep(String key) {
        if (node.has(key)) {
            unknown.put(key, raw(node.get(key)));
        }
        return null;
    }

    /** A value's JSON text, as the edge's mapper writes it. */
    public Verbatim raw(JsonNode value) {
        try {
            return new Verbatim(mapper.writeValueAsString(value));
        } catch (JsonProcessingException unwritable) {
            throw new IllegalStateException("sent value not writable", unwritable);
        }
    }

    public UnknownKeys unknownKeys() {
        return new UnknownKeys(unknown);
    }

    /** The value of a key of an object node, null when it is missing, JSON null, or the node is no object. */
    public static JsonNode at(JsonNode object, String key) {
        JsonNode value = object == null ? null : object.get(key);
        return value == null || value.isNull() ? null : value;
    }

    /** An integral JSON number that fits a long (1, not 1.5, not "1", not true). */
    public static boolean isInteger(JsonNode value) {
        return value != null && value.isIntegralNumber() && value.canConvertToLong();
    }

    public static boolean isNonNegativeInteger(JsonNode value) {
        return isInteger(value) && value.longValue() >= 0;
    }

    /** Whether a value is one of the allowed strings (never throws on null or another type). */
    public static boolean oneOf(JsonNode value, Collection<String> allowed) {
        return value != null && value.isTextual() && allowed.contains(value.textValue());
    }
}
