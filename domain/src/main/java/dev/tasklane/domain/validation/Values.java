package dev.tasklane.domain.validation;

import dev.tasklane.domain.hook.HookProof;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Type tests and copies for the plain Java trees parsed JSON arrives as. */
final class Values {
    private Values() {
    }

    static boolean isInteger(Object value) {
        return HookProof.isInteger(value);
    }

    static boolean isNonNegativeInteger(Object value) {
        return isInteger(value) && ((Number) value).longValue() >= 0;
    }

    /**
     * Whether a raw JSON value is one of the allowed strings. Never throws: {@code List.of(..).contains(null)}
     * does, which is why every membership test of a request value goes through here.
     */
    static boolean oneOf(Object value, java.util.Collection<String> allowed) {
        return value instanceof String text && allowed.contains(text);
    }

    /** Entries of a list or keys of a map; 0 for anything else. */
    static int size(Object value) {
        if (value instanceof List<?> list) {
            return list.size();
        }
        return value instanceof Map<?, ?> map ? map.size() : 0;
    }

    static boolean isBlank(Object value) {
        return value == null || (value instanceof String text && text.isBlank());
    }

    static int codePoints(String text) {
        return text.codePointCount(0, text.length());
    }

    static int nonWhitespace(String text) {
        return (int) text.codePoints().filter(cp -> !Character.isWhitespace(cp)).count();
    }

    static Map<String, Object> stringKeyed(Map<?, ?> map) {
        Map<String, Object> out = new LinkedHashMap<>();
        map.forEach((key, value) -> out.put(String.valueOf(key), value));
        return out;
    }

    /** A deep, unmodifiable copy of a JSON tree (maps keep insertion order). */
    static Object deepCopy(Object value) {
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((key, inner) -> out.put(String.valueOf(key), deepCopy(inner)));
            return Collections.unmodifiableMap(out);
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>();
            list.forEach(inner -> out.add(deepCopy(inner)));
            return Collections.unmodifiableList(out);
        }
        return value;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> deepCopyMap(Map<?, ?> map) {
        return (Map<String, Object>) deepCopy(map);
    }
}
