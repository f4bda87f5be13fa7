package dev.tasklane.domain.validation;

import dev.tasklane.domain.hook.HookProof;
import dev.tasklane.domain.json.RawJson;
import dev.tasklane.domain.json.UnknownKeys;
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

    /**
     * The keys of a parsed JSON object, each with its value written back as compact JSON text: how a free-form object
     * that the API stores as sent ({@code technical_details}) becomes typed. Only the request parser, which receives
     * the body as a plain Java tree, needs it.
     */
    static UnknownKeys unknownKeys(Map<?, ?> object) {
        Map<String, RawJson> values = new LinkedHashMap<>();
        object.forEach((key, value) -> values.put(String.valueOf(key), new RawJson(json(value, new StringBuilder()).toString())));
        return new UnknownKeys(values);
    }

    private static StringBuilder json(Object value, StringBuilder out) {
        if (value == null || value instanceof Boolean || value instanceof Number) {
            return out.append(value);
        }
        if (value instanceof Map<?, ?> map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                out.append(first ? "" : ",");
                first = false;
                json(String.valueOf(entry.getKey()), out).append(':');
                json(entry.getValue(), out);
            }
            return out.append('}');
        }
        if (value instanceof List<?> list) {
            out.append('[');
            for (int i = 0; i < list.size(); i++) {
                json(list.get(i), out.append(i == 0 ? "" : ","));
            }
            return out.append(']');
        }
        return quoted(String.valueOf(value), out);
    }

    private static StringBuilder quoted(String text, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04X", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"');
    }
}
