package dev.tasklane.application.port.in;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.TasklaneException;

/** Too many failed sign-ins for this account or from this address (HTTP 429 with Retry-After). */
public final class SignInThrottledException extends TasklaneException {
    private static final long serialVersionUID = 1L;

    private final long retryAfterSeconds;

    public SignInThrottledException(long retryAfterSeconds) {
        super("too_many_sign_ins", "Too many failed sign-ins; try again in " + retryAfterSeconds + " s",
                new ErrorDetails.RetryAfter(retryAfterSeconds));
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
