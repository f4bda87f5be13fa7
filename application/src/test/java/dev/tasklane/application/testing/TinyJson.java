package dev.tasklane.application.testing;

import dev.tasklane.application.port.out.WebhookBody;
import dev.tasklane.application.port.out.WebhookJson;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A JSON writer of plain trees (maps, lists, strings, numbers, booleans, null), for tests without Jackson. */
public final class TinyJson implements WebhookJson {
    public static final TinyJson INSTANCE = new TinyJson();

    @Override
    public String write(WebhookBody body) {
        return write(tree(body));
    }

    /** The body as the plain tree Jackson's writer makes of it: keys in the body's order. */
    private static Map<String, Object> tree(WebhookBody body) {
        Map<String, Object> node = new LinkedHashMap<>();
        body.writeTo(fields(node));
        return node;
    }

    private static WebhookBody.Fields fields(Map<String, Object> node) {
        return new WebhookBody.Fields() {
            @Override
            public void put(String key, String value) {
                node.put(key, value);
            }

            @Override
            public void put(String key, Long value) {
                node.put(key, value);
            }

            @Override
            public WebhookBody.Fields object(String key) {
                Map<String, Object> nested = new LinkedHashMap<>();
                node.put(key, nested);
                return fields(nested);
            }
        };
    }

    public String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    private static void write(Object value, StringBuilder out) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String text) {
            out.append('"');
            for (char c : text.toCharArray()) {
                switch (c) {
                    case '"' -> out.append("\\\"");
                    case '\\' -> out.append("\\\\");
                    case '\n' -> out.append("\\n");
                    case '\r' -> out.append("\\r");
                    case '\t' -> out.append("\\t");
                    default -> {
                        if (c < 0x20) {
                            out.append(String.format("\\u%04x", (int) c));
                        } else {
                            out.append(c);
                        }
                    }
                }
            }
            out.append('"');
        } else if (value instanceof Number || value instanceof Boolean) {
            out.append(value);
        } else if (value instanceof Map<?, ?> map) {
            out.append('{');
            Iterator<? extends Map.Entry<?, ?>> entries = map.entrySet().iterator();
            while (entries.hasNext()) {
                Map.Entry<?, ?> entry = entries.next();
                write(String.valueOf(entry.getKey()), out);
                out.append(':');
                write(entry.getValue(), out);
                if (entries.hasNext()) {
                    out.append(',');
                }
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
            throw new IllegalArgumentException("not a plain JSON value: " + value.getClass());
        }
    }
}
