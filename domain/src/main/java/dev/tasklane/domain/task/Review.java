package dev.tasklane.domain.task;

import dev.tasklane.domain.id.UserId;
import java.time.Instant;

/** The latest review decision on a task. */
public record Review(ReviewStatus status, String notes, Instant reviewedAt, UserId reviewedById) {
}
