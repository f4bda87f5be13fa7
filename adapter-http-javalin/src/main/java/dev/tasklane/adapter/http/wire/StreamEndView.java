package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * The {@code data} of the last event of a stream that the server ends while the client may resume: why, and the id
 * to resume from.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record StreamEndView(String reason, Long lastEventId, String detail) {
    /** The last event of a stream whose token is no longer valid: why, and nothing to resume from. */
    public record Refused(String reason, String detail) {
    }
}
