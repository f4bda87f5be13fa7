package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;

/** POST /api/tasks/claim: claim a named task, or the next one, with before_doing proof. */
public interface ClaimTaskUseCase {
    /**
     * @param identifier     the task to claim, or null for the next eligible one
     * @param agentName      the agent's name ("Unknown" when absent)
     * @param beforeDoingRaw the before_doing_result object as sent
     */
    Claimed claim(Actor actor, String identifier, String agentName, Object beforeDoingRaw);

    /** The claimed task, the before_doing hook entry, and the token that fences this lease. */
    record Claimed(TaskView task, HookEntry hook, String claimToken) {
    }
}
