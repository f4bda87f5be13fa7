package dev.tasklane.application.port.in;

/**
 * {@code Idempotency-Key}s of writes (docs/api.md, "Idempotency-Key"): a key is scoped to the API
 * token, kept for the retention period, and honoured by every server sharing the store. A driving adapter calls
 * {@link #begin} before running a write that carries a key, then exactly one of {@link #finish} (the write answered)
 * or {@link #abandon} (it failed without an answer worth repeating, such as a 5xx).
 */
public interface IdempotencyUseCase {
    /**
     * Reserves {@code key} for a request with this {@code fingerprint} (a hash of its method, path and body), or says
     * why the request must not run: it ran already (replay its answer), its first request is still running, or the
     * key was used for a different request.
     */
    Outcome begin(long tokenId, String key, String fingerprint);

    /**
     * Records the answer of the request that {@link #begin} let proceed, to replay it on retries; false when the
     * reservation was lost meanwhile (its lease ran out and another request took the key over).
     */
    boolean finish(long tokenId, String key, String fingerprint, Answer answer);

    /** Releases a reservation whose request has no answer to replay, so that a retry runs it again. */
    void abandon(long tokenId, String key, String fingerprint);

    /** Forgets keys past their retention; returns how many. */
    int purgeExpired();

    /** An answer to replay: its status, its body, and its {@code Location} header or null. */
    record Answer(int status, String body, String location) {
    }

    /** What {@link #begin} decided. */
    sealed interface Outcome {
    }

    /** The key is reserved for this request: run it, then finish or abandon. */
    record Proceed() implements Outcome {
    }

    /** The same request answered already: send this answer again instead of running it. */
    record Replay(Answer answer) implements Outcome {
    }

    /** The key's first request is still running (HTTP 409): retry after it answered. */
    record InFlight() implements Outcome {
    }

    /** The key was first used for a different request (HTTP 422): use a new key for a new request. */
    record Mismatch() implements Outcome {
    }
}
