package dev.tasklane.domain.workflow;

import dev.tasklane.domain.hook.HookResult;

/**
 * An agent's claim: who (by name), the proof that before_doing ran, and the fresh token that will identify
 * the lease. {@code presentedClaimToken} is the claim_token the caller sent (null when none): presenting the
 * current claim's token makes a repeated claim a retry.
 */
public record ClaimRequest(String agentName, HookResult beforeDoing, String claimToken, String presentedClaimToken) {
    public ClaimRequest {
        if (beforeDoing == null) {
            throw new IllegalArgumentException("before_doing proof is required");
        }
        if (claimToken == null || claimToken.isBlank()) {
            throw new IllegalArgumentException("claim token is required");
        }
    }

    public ClaimRequest(String agentName, HookResult beforeDoing, String claimToken) {
        this(agentName, beforeDoing, claimToken, null);
    }
}
