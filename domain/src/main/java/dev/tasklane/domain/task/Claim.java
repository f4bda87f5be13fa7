package dev.tasklane.domain.task;

import java.time.Instant;

/**
 * A lease on a task. {@code assigneeBeforeClaim} remembers the assignment the task had before the claim,
 * so that an unclaim or an expiry gives a goal's cascaded assignment back instead of dropping it.
 */
public record Claim(String agentName, Instant claimedAt, Instant expiresAt, String claimToken, Long assigneeBeforeClaim) {
    public Claim {
        if (claimedAt == null || expiresAt == null || claimToken == null) {
            throw new IllegalArgumentException("a claim has a start, an expiry and a token");
        }
        if (!expiresAt.isAfter(claimedAt)) {
            throw new IllegalArgumentException("a claim must expire after it starts");
        }
    }

    public boolean expiredAt(Instant now) {
        return !now.isBefore(expiresAt);
    }

    public Claim extendedTo(Instant newExpiry) {
        return new Claim(agentName, claimedAt, newExpiry, claimToken, assigneeBeforeClaim);
    }
}
