package dev.tasklane.adapter.inmemory;

import dev.tasklane.domain.error.TasklaneException;

import java.util.Map;

/** A list cursor that this store did not issue, or that was issued for another sort order. */
public final class InvalidCursorException extends TasklaneException {
    private static final long serialVersionUID = 1L;

    InvalidCursorException(String cursor) {
        super("invalid_cursor", "The cursor '" + cursor + "' is not valid for this list; start again without it.",
                Map.of("cursor", cursor));
    }
}
