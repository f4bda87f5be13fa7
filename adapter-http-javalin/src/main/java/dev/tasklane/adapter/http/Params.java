package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.error.RequestRefused;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/** Small, strict readers of JSON values and query strings; each failure is a 422 naming the field. */
final class Params {
    private Params() {
    }

    static String jsonType(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof Map<?, ?>) {
            return "an object";
        }
        if (value instanceof List<?>) {
            return "an array";
        }
        if (value instanceof String) {
            return "a string";
        }
        if (value instanceof Boolean) {
            return "a boolean";
        }
        return "a number";
    }

    /** A JSON integer that fits a long; null stays null. */
    static Long optionalLong(Map<String, Object> body, String field) {
        Object value = body.get(field);
        if (value == null) {
            return null;
        }
        if (value instanceof Integer || value instanceof Long) {
            return ((Number) value).longValue();
        }
        if (value instanceof BigInteger) {
            throw RequestRefused.invalid(field, "is out of range");
        }
        throw RequestRefused.invalid(field, "must be an integer, got " + jsonType(value));
    }

    /** An optional string from a JSON object. */
    static String optionalString(Map<String, Object> body, String field) {
        Object value = body.get(field);
        if (value == null || value instanceof String) {
            return (String) value;
        }
        throw RequestRefused.invalid(field, "must be a string, got " + jsonType(value));
    }

    /** A query-string integer within bounds; null when absent. */
    static Integer queryInt(String raw, String field, int min, int max) {
        if (raw == null) {
            return null;
        }
        try {
            int value = Integer.parseInt(raw.trim());
            if (value < min || value > max) {
                throw RequestRefused.invalid(field, "must be between " + min + " and " + max);
            }
            return value;
        } catch (NumberFormatException notANumber) {
            throw RequestRefused.invalid(field, "must be an integer");
        }
    }
}
