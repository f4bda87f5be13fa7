package dev.tasklane.application.port.in;

import dev.tasklane.domain.hook.HookResult;

/**
 * A claim: a named task or the next eligible one, for one agent, with the before_doing proof.
 *
 * @param identifier  the task to claim, or null for the next eligible one
 * @param agentName   the agent's name; null or blank claims as "Unknown"
 * @param beforeDoing the before_doing hook's result; the use case refuses a missing or failed one
 * @param claimToken  the claim_token of an earlier answer to this claim when the caller retries with it; may be null
 */
public record ClaimTask(String identifier, String agentName, HookResult beforeDoing, String claimToken) {

    /** A claim without a claim_token: a retry is recognised by the token and the agent name. */
    public static ClaimTask of(String identifier, String agentName, HookResult beforeDoing) {
        return new ClaimTask(identifier, agentName, beforeDoing, null);
    }
}
