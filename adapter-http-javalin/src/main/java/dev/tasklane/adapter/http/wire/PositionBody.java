package dev.tasklane.adapter.http.wire;

import static dev.tasklane.adapter.http.wire.BodyChecks.string;
import static dev.tasklane.adapter.http.wire.BodyChecks.within;

import dev.tasklane.domain.validation.Limit;

/**
 * The body of {@code PATCH /api/tasks/:id/position} (docs/api.md, "Ordering Ready"): exactly one of {@code before}
 * and {@code after}, the identifier of a Ready task of the same board.
 */
public record PositionBody(String before, String after) {
    private static final String NOT_A_STRING = "must be a string: the identifier of a Ready task, such as W12";
    /** Each key a string within {@link Limit#LIST_ENTRY} when sent, {@code before} first. */
    public static final BodyChecks CHECKS = BodyChecks.of(string("before", NOT_A_STRING),
            within("before", Limit.LIST_ENTRY), string("after", NOT_A_STRING), within("after", Limit.LIST_ENTRY));
}
