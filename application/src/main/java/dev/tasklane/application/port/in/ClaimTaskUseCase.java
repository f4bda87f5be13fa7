package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;

/** Claim a named task, or the next one, with before_doing proof. */
public interface ClaimTaskUseCase {
    /**
     * A claim belongs to one agent: the caller's token and the command's agent name. Repeating it is a retry (the
     * same claim is answered again) only for that token and name, or when the command carries the claim's own
     * claim_token; anyone else gets a 409 naming the holder.
     */
    Claimed claim(Actor actor, ClaimTask command);

    /** The claimed task, the before_doing hook entry, and the token that fences this lease. */
    record Claimed(TaskView task, HookEntry hook, String claimToken) {
    }
}
