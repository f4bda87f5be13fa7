package dev.tasklane.domain.task;

import java.util.Optional;

/** A human reviewer's decision on a task in Review. */
public enum ReviewStatus {
    PENDING,
    APPROVED,
    CHANGES_REQUESTED,
    REJECTED;

    public String wire() {
        return Wire.of(this);
    }

    public static Optional<ReviewStatus> fromWire(String value) {
        return Wire.parse(ReviewStatus.class, value);
    }
}
