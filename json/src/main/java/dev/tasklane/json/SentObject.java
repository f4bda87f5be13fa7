package dev.tasklane.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.Verbatim;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * One JSON object an agent sent, read into a domain record without refusing anything: a documented key is typed when
 * its value is of its type, and otherwise kept as sent among the unknown keys, after every key the record does not
 * name (in the order sent). Which values the rules refuse is the domain's to say; this only keeps what was sent. A
 * value that is not an object reads as an empty one. Each kept value is its JSON text as the given writer writes it.
 */
public class SentObject {
    private final ObjectWriter writer;
    private final JsonNode node;
    private final Map<String, Verbatim> unknown = new LinkedHashMap<>();

    /**
     * @param writer     writes each kept value (one writer made once: readers of stored documents make many objects)
     * @param node       the sent value; anything but an object reads as an empty object
     * @param documented the keys the record names (a {@link Set} is used as given)
     */
    public SentObject(ObjectWriter writer, JsonNode node, Collection<String> documented) {
        this.writer = writer;
        this.node = node != null && node.isObject() ? node : JsonNodeFactory.instance.objectNode();
        Set<String> named = documented instanceof Set<String> set ? set : Set.copyOf(documented);
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

    /** A documented text, or null (the value kept as sent when it is not a string). */
    public String string(String key) {
        JsonNode value = node.get(key);
        return value != null && value.isTextual() ? value.textValue() : keep(key);
    }

    /** A documented flag, or null (the value kept as sent when it is not a boolean). */
    public Boolean bool(String key) {
        JsonNode value = node.get(key);
        return value != null && value.isBoolean() ? Boolean.valueOf(value.booleanValue()) : keep(key);
    }

    /** A documented whole number, or null (the value kept as sent when it is not an integer that fits a long). */
    public Long integer(String key) {
        JsonNode value = node.get(key);
        return isInteger(value) ? Long.valueOf(value.longValue()) : keep(key);
    }

    /** A documented object read by {@code reader}, or null (the value kept as sent when it is not an object). */
    public <T> T object(String key, Function<JsonNode, T> reader) {
        JsonNode value = node.get(key);
        return value != null && value.isObject() ? reader.apply(value) : keep(key);
    }

    /** A documented list of objects, or null (kept as sent when it is not a list, or an entry is not an object). */
    public <T> List<T> list(String key, Function<JsonNode, T> reader) {
        JsonNode value = node.get(key);
        if (value == null || !value.isArray()) {
            return keep(key);
        }
        List<T> items = new ArrayList<>(value.size());
        for (JsonNode item : value) {
            if (!item.isObject()) {
                return keep(key);
            }
            items.add(reader.apply(item));
        }
        return List.copyOf(items);
    }

    /** A documented list whose entries are kept as sent, or null (the value kept as sent when it is not a list). */
    public List<Verbatim> raws(String key) {
        JsonNode value = node.get(key);
        if (value == null || !value.isArray()) {
            return keep(key);
        }
        List<Verbatim> items = new ArrayList<>(value.size());
        value.forEach(item -> items.add(raw(item)));
        return List.copyOf(items);
    }

    /** Keeps a documented key whose value will not be typed, as sent; returns null for the typed field. */
    public <T> T keep(String key) {
        if (node.has(key)) {
            unknown.put(key, raw(node.get(key)));
        }
        return null;
    }

    /** A value's JSON text, as the writer writes it. */
    public Verbatim raw(JsonNode value) {
        try {
            return new Verbatim(writer.writeValueAsString(value));
        } catch (JsonProcessingException unwritable) {
            throw new IllegalStateException("sent value not writable", unwritable);
        }
    }

    /** The keys no rule names, and the documented ones kept so far, each as sent. */
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
}
