package dev.tasklane.adapter.http;

import com.fasterxml.jackson.databind.util.RawValue;
import dev.tasklane.domain.json.RawJson;
import dev.tasklane.domain.json.UnknownKeys;

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
final class SentObject {
    private final Json json;
    private final Map<?, ?> map;
    private final Map<String, RawJson> unknown = new LinkedHashMap<>();

    SentObject(Json json, Map<?, ?> map, Collection<String> documented) {
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

    RawJson raw(Object value) {
        return value == null ? RawJson.NULL : new RawJson(json.write(value));
    }

    UnknownKeys unknownKeys() {
        return new UnknownKeys(unknown);
    }

    /** The typed fields of a record on the wire, then its unknown keys as sent; null typed fields are left out. */
    static Map<String, Object> write(UnknownKeys unknownKeys, Object... keysAndValues) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            if (keysAndValues[i + 1] != null) {
                out.put((String) keysAndValues[i], keysAndValues[i + 1]);
            }
        }
        unknownKeys.values().forEach((key, raw) -> out.put(key, new RawValue(raw.text())));
        return out;
    }

    static List<Object> writeRaw(List<RawJson> values) {
        return values.stream().map(raw -> (Object) new RawValue(raw.text())).toList();
    }
}
