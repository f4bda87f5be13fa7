package dev.tasklane.domain.error;

import java.util.Objects;

/**
 * Base of every error a caller can act on. Each subclass is one family (not found, conflict, forbidden,
 * invalid state, invalid input) that the HTTP edge maps once to a status; {@link #code()} is a stable
 * machine-readable reason and {@link #details()} carries the facts an agent needs to act (which task holds
 * which file, which dependencies are unfinished).
 */
public abstract class TasklaneException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String code;
    private final transient ErrorDetails details;
    private final NextStep nextStep;

    protected TasklaneException(String code, String message, ErrorDetails details) {
        this(code, message, details, NextStep.NONE);
    }

    protected TasklaneException(String code, String message, ErrorDetails details, NextStep nextStep) {
        super(message);
        this.code = code;
        this.details = Objects.requireNonNull(details, "details (ErrorDetails.NONE when there are none)");
        this.nextStep = Objects.requireNonNull(nextStep, "nextStep (NextStep.NONE when there is none)");
    }

    public String code() {
        return code;
    }

    public ErrorDetails details() {
        return details;
    }

    /** What the caller should do next; each adapter says how on its own surface. */
    public NextStep nextStep() {
        return nextStep;
    }
}
