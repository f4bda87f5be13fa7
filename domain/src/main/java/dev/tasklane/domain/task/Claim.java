package dev.tasklane.domain.task;

import dev.tasklane.domain.id.UserId;
import java.time.Instant;
import java.util.Objects;

/**
 * A lease on a task, held by one agent: the API token it claimed with ({@code tokenId}, null for a caller
 * without a token) and its {@code agentName}. Two agents sharing one token are told apart by their names.
 * {@code assigneeBeforeClaim} is the assignment the task falls back to when the claim ends: the assignment it
 * had before the claim, or the one a reassignment made while the claim was held.
 */
public record Claim(String agentName, Instant claimedAt, Instant expiresAt, String claimToken, UserId assigneeBeforeClaim,
                    Long tokenId) {
    public Claim {
        if (claimedAt == null || expiresAt == null || claimToken == null) {
            throw new IllegalArgumentException("a claim has a start, an expiry and a token");
        }
        if (!expiresAt.isAfter(claimedAt)) {
            throw new IllegalArgumentException("a claim must expire after it starts");
        }
    }

    /** A claim made without an API token. */
    public Claim(String agentName, Instant claimedAt, Instant expiresAt, String claimToken, UserId assigneeBeforeClaim) {
        this(agentName, claimedAt, expiresAt, claimToken, assigneeBeforeClaim, null);
    }

    public boolean expiredAt(Instant now) {
        return !now.isBefore(expiresAt);
    }

    /** Whether the agent identified by this token and name is the one holding the claim. */
    public boolean heldBy(Long callerTokenId, String callerAgentName) {
        return Objects.equals(tokenId, callerTokenId) && Objects.equals(agentName, callerAgentName);
    }

    public Claim extendedTo(Instant newExpiry) {
        return new Claim(agentName, claimedAt, newExpiry, claimToken, assigneeBeforeClaim, tokenId);
    }

    /** The same claim, falling back to {@code assignee} when it ends. */
    public Claim restoringTo(UserId assignee) {
        return new Claim(agentName, claimedAt, expiresAt, claimToken, assignee, tokenId);
    }
}
