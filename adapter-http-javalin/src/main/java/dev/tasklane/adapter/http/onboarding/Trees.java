package dev.tasklane.adapter.http.onboarding;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Builds the ordered, unmodifiable {@code Map} trees of the task object's hand-stated schema parts
 * ({@link TaskWire}); the other schema parts are {@link SchemaKeywords}, the document's sections records.
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
}
