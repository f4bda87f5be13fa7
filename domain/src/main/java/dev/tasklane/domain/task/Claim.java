package dev.tasklane.domain.task;

import dev.tasklane.domain.id.UserId;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
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

    /** Whether {@code presented} is this claim's token, compared in constant time ({@link #sameToken}). */
    public boolean tokenMatches(String presented) {
        return sameToken(presented, claimToken);
    }

    /**
     * Compares two claim tokens in time that depends on their lengths only, never on where they first differ, so
     * that timing a refusal tells nothing of the token: both are compared as UTF-8 bytes with
     * {@link MessageDigest#isEqual}. Null matches nothing, not even null.
     */
    public static boolean sameToken(String presented, String held) {
        if (presented == null || held == null) {
            return false;
        }
        return MessageDigest.isEqual(presented.getBytes(StandardCharsets.UTF_8), held.getBytes(StandardCharsets.UTF_8));
    }

    public Claim extendedTo(Instant newExpiry) {
        return new Claim(agentName, claimedAt, newExpiry, claimToken, assigneeBeforeClaim, tokenId);
    }

    /** The same claim, falling back to {@code assignee} when it ends. */
    public Claim restoringTo(UserId assignee) {
        return new Claim(agentName, claimedAt, expiresAt, claimToken, assignee, tokenId);
    }
}
