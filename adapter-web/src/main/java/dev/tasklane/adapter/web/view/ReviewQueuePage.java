package dev.tasklane.adapter.web.view;

import java.util.List;

/** The tasks in Review, oldest first. */
public record ReviewQueuePage(Chrome chrome, List<ReviewRow> rows, boolean canReview) {
}
