package dev.tasklane.domain.task;

import java.time.Instant;

/** The latest review decision on a task. */
public record Review(ReviewStatus status, String notes, Instant reviewedAt, Long reviewedById) {
}
