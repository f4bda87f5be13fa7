package dev.tasklane.domain.workflow;

import dev.tasklane.domain.hook.HookResult;

/** An agent's claim: who (by name) and the proof that before_doing ran; the token identifies the lease. */
public record ClaimRequest(String agentName, HookResult beforeDoing, String claimToken) {
    public ClaimRequest {
        if (beforeDoing == null) {
            throw new IllegalArgumentException("before_doing proof is required");
        }
        if (claimToken == null || claimToken.isBlank()) {
            throw new IllegalArgumentException("claim token is required");
        }
    }
}
