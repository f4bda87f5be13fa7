package dev.tasklane.domain.flow;

import dev.tasklane.domain.task.Status;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * How many tasks moved from one column to another at a time: an exact instant, or the start of the
 * {@link #BUCKET} a store's rollup counts them in. Day ends in every zone the figures accept fall on a bucket
 * boundary, so a bucketed count gives the same cumulative flow as exact instants.
 *
 * @param at    the move's instant, or the start of its bucket
 * @param from  the column it left; null for a creation
 * @param to    the column it entered
 * @param count how many moves (at least 1)
 */
public record MoveCount(Instant at, Status from, Status to, long count) {
    /** The width of a rollup bucket: every time-zone offset in use is a multiple of it. */
    public static final Duration BUCKET = Duration.ofMinutes(15);

    public MoveCount {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(to, "to");
        if (count < 1) {
            throw new IllegalArgumentException("a move count is at least 1, got " + count);
        }
        if (from == to) {
            throw new IllegalArgumentException("a move changes the column: " + from);
        }
    }

    /** The start of the bucket holding {@code at}. */
    public static Instant bucketOf(Instant at) {
        long width = BUCKET.getSeconds();
        return Instant.ofEpochSecond(Math.floorDiv(at.getEpochSecond(), width) * width);
    }

    /** The move of a task from {@code before} to {@code after}, if its column changed; {@code before} null: created. */
    public static Optional<MoveCount> between(TaskFlow before, TaskFlow after, Instant at) {
        Status from = before == null ? null : before.column();
        if (from == after.column()) {
            return Optional.empty();
        }
        return Optional.of(new MoveCount(at, from, after.column(), 1));
    }
}
