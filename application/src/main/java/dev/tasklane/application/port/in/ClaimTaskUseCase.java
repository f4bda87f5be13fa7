package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;

/** POST /api/tasks/claim: claim a named task, or the next one, with before_doing proof. */
public interface ClaimTaskUseCase {
    /**
     * A claim belongs to one agent: the caller's token and {@code agentName}. Repeating it is a retry (the
     * same claim is answered again) only for that token and name, or when {@code claimToken} is the claim's
     * own; anyone else gets a 409 naming the holder.
     *
     * @param identifier     the task to claim, or null for the next eligible one
     * @param agentName      the agent's name ("Unknown" when absent)
     * @param beforeDoingRaw the before_doing_result object as sent
     * @param claimToken     the claim_token of an earlier answer to this claim, when the caller retries with it; may be null
     */
    Claimed claim(Actor actor, String identifier, String agentName, Object beforeDoingRaw, String claimToken);

    /** A claim without a claim_token: a retry is recognised by the token and agent name. */
    default Claimed claim(Actor actor, String identifier, String agentName, Object beforeDoingRaw) {
        return claim(actor, identifier, agentName, beforeDoingRaw, null);
    }

    /** The claimed task, the before_doing hook entry, and the token that fences this lease. */
    record Claimed(TaskView task, HookEntry hook, String claimToken) {
    }
}
