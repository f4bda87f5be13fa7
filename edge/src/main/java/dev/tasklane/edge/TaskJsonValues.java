package dev.tasklane.edge;

import dev.tasklane.domain.task.Verbatim;
import dev.tasklane.domain.task.UnknownKeys;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Type tests of the plain Java trees a parsed task body arrives as, for the task body parsers. */
public final class TaskJsonValues {
    private TaskJsonValues() {
    }

    public static boolean isInteger(Object value) {
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            return true;
        }
        return value instanceof java.math.BigInteger big && big.bitLength() < 64;
    }

    /** Whether a value is one of the allowed strings; never throws, whatever the value. */
    public static boolean oneOf(Object value, Collection<String> allowed) {
        return value instanceof String text && allowed.contains(text);
    }

    /** Entries of a list or keys of a map; 0 for anything else. */
    public static int size(Object value) {
        if (value instanceof List<?> list) {
            return list.size();
        }
        return value instanceof Map<?, ?> map ? map.size() : 0;
    }

    public static boolean isBlank(Object value) {
        return value == null || (value instanceof String text && text.isBlank());
    }

    public static int codePoints(String text) {
        return text.codePointCount(0, text.length());
    }

    public static Map<String, Object> stringKeyed(Map<?, ?> map) {
        Map<String, Object> out = new LinkedHashMap<>();
        map.forEach((key, value) -> out.put(String.valueOf(key), value));
        return out;
    }

    /** The keys of an object stored as sent, each value written back as compact JSON text. */
    public static UnknownKeys unknownKeys(Map<?, ?> object, JsonText json) {
        Map<String, Verbatim> values = new LinkedHashMap<>();
        object.forEach((key, value) -> values.put(String.valueOf(key), new Verbatim(json.write(value))));
        return new UnknownKeys(values);
    }
}
