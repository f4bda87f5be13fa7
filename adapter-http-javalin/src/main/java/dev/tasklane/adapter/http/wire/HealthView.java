package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;

import java.util.Map;

/**
 * {@code GET /health} and {@code GET /health/ready}: the state and the store's name; a readiness refusal adds the
 * error body's keys after them.
 */
public record HealthView(String status, String store, @JsonIgnore Map<String, Object> refusal) {
    public static HealthView of(String status, String store) {
        return new HealthView(status, store, Map.of());
    }

    /** The error body's keys, written after {@code status} and {@code store}. */
    @JsonAnyGetter
    public Map<String, Object> refusalKeys() {
        return refusal;
    }
}
