package dev.tasklane.application.port.in;

import dev.tasklane.domain.error.TasklaneException;

import java.util.Map;

/** A batch in which goal {@code index} failed validation; no goal of the batch was stored. */
public final class BatchRejectedException extends TasklaneException {
    private static final long serialVersionUID = 1L;

    private final int index;
    private final transient Map<String, Object> fieldErrors;

    public BatchRejectedException(int index, Map<String, Object> fieldErrors) {
        super("batch_create_failed", "Failed to create goal at index " + index, Map.of("index", index));
        this.index = index;
        this.fieldErrors = Map.copyOf(fieldErrors);
    }

    public int index() {
        return index;
    }

    /** The failing goal's errors in the changeset shape: field → messages. */
    public Map<String, Object> fieldErrors() {
        return fieldErrors;
    }
}
