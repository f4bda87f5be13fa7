package dev.tasklane.domain.session;

import dev.tasklane.domain.id.UserId;

import java.time.Instant;
import java.util.Objects;

/** A person's stop of a session: who ({@code byUserId}, {@code byUsername}), why and when. */
public record StopRequest(UserId byUserId, String byUsername, String reason, Instant at) {
    public StopRequest {
        Objects.requireNonNull(byUserId, "byUserId");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(at, "at");
    }
}
