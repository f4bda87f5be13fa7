package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code GET /health} and {@code GET /health/ready}: the state and the store's name; a readiness refusal adds the
 * error body's keys after them.
 *
 * @param refusal the error body of a refused readiness as a tree, empty otherwise
 */
public record HealthView(String status, String store, @JsonIgnore ObjectNode refusal) {
    public static HealthView of(String status, String store) {
        return new HealthView(status, store, null);
    }

    /** A readiness refusal: the state, the store and the error body's keys. */
    public static HealthView refused(String status, String store, ObjectNode refusal) {
        return new HealthView(status, store, refusal);
    }

    /** The error body's keys, written after {@code status} and {@code store}. */
    @JsonAnyGetter
    public Map<String, JsonNode> refusalKeys() {
        if (refusal == null) {
            return Map.of();
        }
        Map<String, JsonNode> keys = new LinkedHashMap<>();
        refusal.fields().forEachRemaining(key -> keys.put(key.getKey(), key.getValue()));
        return Collections.unmodifiableMap(keys);
    }
}
