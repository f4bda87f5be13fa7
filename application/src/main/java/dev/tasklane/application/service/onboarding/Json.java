package dev.tasklane.application.service.onboarding;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the ordered, unmodifiable {@code Map}/{@code List} trees the onboarding document is made of, and
 * writes them as JSON text for the curl commands and file templates that quote them. Pure Java: the HTTP
 * adapter serialises the same trees with its own JSON library.
 */
final class Json {
    private static final int HEX_RADIX = 16;
    private static final int LAST_CONTROL_CHAR = 0x1f;

    private Json() {
    }

    /** An insertion-ordered object from alternating keys and values: {@code obj("a", 1, "b", 2)}. */
    static Map<String, Object> obj(Object... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("keys and values must alternate");
        }
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return Collections.unmodifiableMap(map);
    }

    /** A copy of {@code base} with more entries appended (later keys win). */
    static Map<String, Object> with(Map<String, Object> base, Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>(base);
        map.putAll(obj(keysAndValues));
        return Collections.unmodifiableMap(map);
    }

    /** Compact JSON text of a tree of maps, lists, strings, numbers, booleans and nulls. */
    static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    private static void write(Object value, StringBuilder out) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String text) {
            string(text, out);
        } else if (value instanceof Number || value instanceof Boolean) {
            out.append(value);
        } else if (value instanceof Map<?, ?> map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                string(String.valueOf(entry.getKey()), out);
                out.append(':');
                write(entry.getValue(), out);
            }
            out.append('}');
        } else if (value instanceof List<?> list) {
            out.append('[');
            for (int i = 0; i < list.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                write(list.get(i), out);
            }
            out.append(']');
        } else {
            throw new IllegalArgumentException("not a JSON value: " + value.getClass().getName());
        }
    }

    private static void string(String text, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c <= LAST_CONTROL_CHAR) {
                        out.append("\\u00").append(c < HEX_RADIX ? "0" : "").append(Integer.toHexString(c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
