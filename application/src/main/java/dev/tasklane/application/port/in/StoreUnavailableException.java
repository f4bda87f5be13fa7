package dev.tasklane.application.port.in;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.TasklaneException;

/**
 * The store cannot be reached or did not answer in time: no connection within the pool's timeout, a connection
 * lost mid-request, the database shutting down or restarting, a statement cancelled by its timeout. Nothing of
 * the request may have been committed; the caller may retry later. Store adapters raise it, in one place each,
 * from their driver's connection failures, and any use case may pass it on; it lives with the inbound ports
 * because that is where callers meet it: the HTTP edge answers 503 with {@code Retry-After}.
 */
public final class StoreUnavailableException extends TasklaneException {
    private static final long serialVersionUID = 1L;

    public static final String CODE = "store_unavailable";

    private final String reason;

    /** @param reason what the store adapter saw, without credentials (for example "connection refused") */
    public StoreUnavailableException(String reason) {
        super(CODE, "The database is unavailable (" + reason + "). Retry the request after the delay in "
                + "Retry-After; with the same Idempotency-Key a write takes effect at most once.", ErrorDetails.NONE);
        this.reason = reason;
    }

    /** What the store adapter saw, as given to the constructor. */
    public String reason() {
        return reason;
    }
}
