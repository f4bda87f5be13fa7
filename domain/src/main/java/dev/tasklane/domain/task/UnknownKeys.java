package dev.tasklane.domain.task;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The keys of an object an agent sent that no rule names, each with its value kept {@link Verbatim}, in the order
 * they were sent. A typed record that must keep what the agent sent carries one of these beside its typed fields,
 * so that a round trip through a store and back to the agent loses nothing. The domain never reads these values.
 */
public record UnknownKeys(Map<String, Verbatim> values) {
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
