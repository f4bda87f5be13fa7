package dev.tasklane.adapter.http;

import dev.tasklane.domain.task.Verbatim;
import dev.tasklane.domain.task.UnknownKeys;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One decoded JSON object read into a typed record without refusing anything: a documented key is typed when its
 * value is of its type, and otherwise kept as sent among the unknown keys, with every key the record does not
 * name. Which values the rules refuse is the domain's to say; this only keeps what was sent (docs/api.md,
 * "Completion validation": results are stored as sent).
 */
final class OracleSentObject {
    private final Json json;
    private final Map<?, ?> map;
    private final Map<String, Verbatim> unknown = new LinkedHashMap<>();

    OracleSentObject(Json json, Map<?, ?> map, Collection<String> documented) {
        this.json = json;
        this.map = map;
        Set<String> named = Set.copyOf(documented);
        map.forEach((key, value) -> {
            if (!named.contains(String.valueOf(key))) {
                unknown.put(String.valueOf(key), raw(value));
            }
        });
    }

    Object get(String key) {
        return map.get(key);
    }

    String string(String key) {
        return map.get(key) instanceof String text ? text : keep(key);
    }

    Boolean bool(String key) {
        return map.get(key) instanceof Boolean value ? value : keep(key);
    }

    Long integer(String key) {
        Object value = map.get(key);
        return HookResultJson.isInteger(value) ? Long.valueOf(((Number) value).longValue()) : keep(key);
    }

    /** Keeps a documented key whose value will not be typed, as sent; returns null for the typed field. */
    <T> T keep(String key) {
        if (map.containsKey(key)) {
            unknown.put(key, raw(map.get(key)));
        }
        return null;
    }

    Verbatim raw(Object value) {
        return new Verbatim(json.write(value));
    }

    UnknownKeys unknownKeys() {
        return new UnknownKeys(unknown);
    }
}
