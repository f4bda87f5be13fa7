package dev.tasklane.domain.json;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The keys of a stored object that no rule names, each with its value as sent, in the order they were sent. A typed
 * record that must keep what the agent sent carries one of these beside its typed fields, so that a round trip
 * through the store and back to the wire loses nothing.
 */
public record UnknownKeys(Map<String, RawJson> values) {
    public static final UnknownKeys NONE = new UnknownKeys(Map.of());

    public UnknownKeys {
        values = values == null || values.isEmpty()
                ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public boolean isEmpty() {
        return values.isEmpty();
    }
}
