package dev.tasklane.application.port.in;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.task.ReviewStatus;

/**
 * A reviewer's decision on a task in Review: approved, changes_requested or rejected, with notes (the domain
 * requires notes for the last two and refuses {@link ReviewStatus#PENDING}, which is no decision).
 */
public record ReviewDecision(ReviewStatus status, String notes) {

    /**
     * The decision named by its wire value, as the HTTP API and the web interface receive it.
     *
     * @throws InvalidInputException invalid_review_status when {@code status} names no review status
     */
    public static ReviewDecision fromCode(String status, String notes) {
        ReviewStatus decision = ReviewStatus.fromCode(status).orElseThrow(() -> new InvalidInputException(
                "invalid_review_status", "Invalid review status. Must be 'approved', 'changes_requested', or 'rejected'",
                new ErrorDetails.Field("review_status")));
        return new ReviewDecision(decision, notes);
    }
}
