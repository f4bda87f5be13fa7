package dev.tasklane.application.port.in;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.TasklaneException;
import dev.tasklane.domain.validation.FieldErrors;

/** A batch in which goal {@code index} failed validation; no goal of the batch was stored. */
public final class BatchRejectedException extends TasklaneException {
    private static final long serialVersionUID = 1L;

    private final int index;
    private final transient FieldErrors fieldErrors;

    public BatchRejectedException(int index, FieldErrors fieldErrors) {
        super("batch_create_failed", "Failed to create goal at index " + index, new ErrorDetails.BatchIndex(index));
        this.index = index;
        this.fieldErrors = new FieldErrors().addAll(fieldErrors);
    }

    public int index() {
        return index;
    }

    /** The failing goal's errors in the changeset family (docs/api.md, "Errors"). */
    public FieldErrors fieldErrors() {
        return fieldErrors;
    }
}
