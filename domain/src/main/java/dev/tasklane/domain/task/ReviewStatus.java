package dev.tasklane.domain.task;

import java.util.Optional;

/** A human reviewer's decision on a task in Review. */
public enum ReviewStatus {
    PENDING,
    APPROVED,
    CHANGES_REQUESTED,
    REJECTED;

    public String code() {
        return Codes.of(this);
    }

    public static Optional<ReviewStatus> fromCode(String value) {
        return Codes.parse(ReviewStatus.class, value);
    }
}
