package dev.tasklane.adapter.http.onboarding;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Builds the ordered, unmodifiable {@code Map} trees the onboarding document is made of. Nothing here writes
 * JSON text: the HTTP adapter's one Jackson writer serialises the trees, and writes the compact examples that the
 * curl commands of {@code quick_start} quote.
 */
final class Trees {
    private Trees() {
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
}
