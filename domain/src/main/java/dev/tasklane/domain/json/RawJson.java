package dev.tasklane.domain.json;

import java.util.Objects;

/**
 * A JSON value the core keeps exactly as an agent sent it, without reading it: the documented escape hatch for
 * the parts of a report that the API stores verbatim (the keys of a result that no rule names). The domain never
 * parses it; an adapter that has already parsed the request creates it, and an adapter that writes an answer or
 * a stored document copies it through unchanged.
 *
 * @param text one complete JSON value (object, array, string, number, boolean or null) in compact form
 */
public record RawJson(String text) {
    /** The JSON {@code null} literal. */
    public static final RawJson NULL = new RawJson("null");

    public RawJson {
        Objects.requireNonNull(text, "text");
        if (text.isBlank()) {
            throw new IllegalArgumentException("a raw JSON value cannot be blank; use RawJson.NULL for null");
        }
    }

    @Override
    public String toString() {
        return text;
    }
}
