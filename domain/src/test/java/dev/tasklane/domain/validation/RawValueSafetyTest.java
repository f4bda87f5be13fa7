package dev.tasklane.domain.validation;

import dev.tasklane.domain.error.TasklaneException;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static dev.tasklane.domain.validation.TaskFieldRulesTest.map;

/**
 * Issue 9, finding 3, at its root: the rules walk raw JSON trees, so every position of a body is replaced by every
 * kind of value a client can send, and the rules may only accept it or refuse it with their own exception, never
 * throw anything else (a NullPointerException or ClassCastException would be a 500).
 */
class RawValueSafetyTest {
    private static final List<Object> ODD = Arrays.asList(null, 0, -1, Long.MIN_VALUE, new BigInteger("99999999999999999999"),
            1.5, true, "", " ", "x".repeat(70_000), "\u0000\uD83D\uDE42\u202e", new ArrayList<>(), new LinkedHashMap<>(),
            new ArrayList<>(Arrays.asList(null, 1, "s")), map("k", List.of(map())));

    // The completion body's positions are exercised where the body is read: the HTTP adapter's
    // CompletionRawValueSafetyTest.

    @SuppressWarnings("unchecked")
    private static void everyPosition(Map<String, Object> template, Consumer<Map<String, Object>> rules) {
        List<List<Object>> positions = new ArrayList<>();
        collect(template, new ArrayList<>(), positions);
        for (List<Object> position : positions) {
            for (Object odd : ODD) {
                Map<String, Object> candidate = (Map<String, Object>) mutableCopy(template);
                set(candidate, position, odd);
                try {
                    rules.accept(candidate);
                } catch (TasklaneException refused) {
                    // the rules' own refusal: fine
                } catch (RuntimeException broken) {
                    throw new AssertionError(position + " = " + abbreviate(odd) + " threw " + broken, broken);
                }
            }
        }
    }

    private static void collect(Object node, List<Object> prefix, List<List<Object>> out) {
        if (!prefix.isEmpty()) {
            out.add(List.copyOf(prefix));
        }
        if (node instanceof Map<?, ?> map) {
            map.forEach((key, value) -> {
                prefix.add(key);
                collect(value, prefix, out);
                prefix.remove(prefix.size() - 1);
            });
        } else if (node instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                prefix.add(i);
                collect(list.get(i), prefix, out);
                prefix.remove(prefix.size() - 1);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static void set(Object root, List<Object> position, Object value) {
        Object node = root;
        for (Object key : position.subList(0, position.size() - 1)) {
            node = key instanceof Integer index ? ((List<Object>) node).get(index) : ((Map<String, Object>) node).get(key);
        }
        Object last = position.get(position.size() - 1);
        if (last instanceof Integer index) {
            ((List<Object>) node).set(index, value);
        } else {
            ((Map<String, Object>) node).put((String) last, value);
        }
    }

    private static Object mutableCopy(Object value) {
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((key, inner) -> out.put(String.valueOf(key), mutableCopy(inner)));
            return out;
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>();
            list.forEach(inner -> out.add(mutableCopy(inner)));
            return out;
        }
        return value;
    }

    private static String abbreviate(Object value) {
        String text = String.valueOf(value);
        return text.length() > 80 ? text.substring(0, 80) + "…" : text;
    }
}
