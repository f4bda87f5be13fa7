package dev.tasklane.domain.webhook;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * When a failed delivery is tried again: exponential backoff from {@code first}, doubling per attempt up to
 * {@code longest}, with full jitter (a uniform draw between half the step and the whole step, so that receivers
 * coming back are not hit by every sender at once), until {@code giveUpAfter} has passed since the first attempt.
 */
public record RetrySchedule(Duration first, Duration longest, Duration giveUpAfter) {
    public static final RetrySchedule DEFAULT = new RetrySchedule(Duration.ofSeconds(5), Duration.ofHours(1),
            Duration.ofHours(24));

    public RetrySchedule {
        if (first.isNegative() || first.isZero() || longest.compareTo(first) < 0 || giveUpAfter.isNegative()) {
            throw new IllegalArgumentException("a retry schedule needs 0 < first <= longest and giveUpAfter >= 0");
        }
    }

    /** The step before attempt {@code attempt + 1}, without jitter. */
    public Duration step(int attemptsMade) {
        int doublings = Math.max(0, Math.min(attemptsMade - 1, 40));
        long millis = first.toMillis();
        for (int i = 0; i < doublings && millis < longest.toMillis(); i++) {
            millis *= 2;
        }
        return Duration.ofMillis(Math.min(millis, longest.toMillis()));
    }

    /**
     * When to try again after {@code attemptsMade} attempts, the last at {@code now}, the first at {@code firstAt};
     * empty when the delivery is given up. {@code jitter} is a draw in [0, 1).
     */
    public Optional<Instant> next(int attemptsMade, Instant firstAt, Instant now, double jitter) {
        if (jitter < 0 || jitter >= 1) {
            throw new IllegalArgumentException("jitter must be in [0, 1), got " + jitter);
        }
        long step = step(attemptsMade).toMillis();
        long wait = step / 2 + (long) (jitter * (step - step / 2));
        Instant at = now.plusMillis(Math.max(1, wait));
        if (at.isAfter(firstAt.plus(giveUpAfter))) {
            return Optional.empty();
        }
        return Optional.of(at);
    }
}
