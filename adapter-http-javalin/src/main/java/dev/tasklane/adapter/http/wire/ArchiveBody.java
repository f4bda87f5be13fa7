package dev.tasklane.adapter.http.wire;

import static dev.tasklane.adapter.http.wire.BodyChecks.string;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * The body of {@code POST /api/tasks/:id/archive} (docs/api.md, "Archive, restore and delete"): why the task is
 * archived, a note, and the identifier of the task it duplicates. Which reasons exist and what each needs is the
 * domain's {@code ArchiveRequest}.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ArchiveBody(String reason, String note, String duplicateOf) {
    /** Each key a string when sent, checked in this order. */
    public static final BodyChecks CHECKS = BodyChecks.of(string("reason", "must be a string"),
            string("note", "must be a string"), string("duplicate_of", "must be a string"));
}
