package dev.tasklane.adapter.http.pipeline;

import dev.tasklane.adapter.http.error.RequestRefused;

/** A strict reader of query-string integers: a bad one is a 422 naming the parameter. */
public final class Params {
    private Params() {
    }

    /** A query-string integer within bounds; null when absent. */
    public static Integer queryInt(String raw, String field, int min, int max) {
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
