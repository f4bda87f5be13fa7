package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.hook.HookResult;

import java.util.List;

/** The review flow: a reviewer's decision, the agent's mark_reviewed, and a person's mark_done bypass. */
public interface ReviewUseCase {
    TaskView review(Actor reviewer, TaskRef ref, ReviewDecision decision);

    /**
     * @param afterReview the after_review hook's result; a missing or failed one is refused
     * @param agentName   the agent's name; null or blank keeps the name of the agent that completed the task
     */
    Reviewed markReviewed(Actor actor, TaskRef ref, HookResult afterReview, String agentName);

    TaskView markDone(Actor actor, TaskRef ref);

    /**
     * @param hooks      after_review (and after_goal) when approved; empty when sent back for rework
     * @param claimToken the fresh lease's claim_token when the task went back to Doing for rework; null when approved
     */
    record Reviewed(TaskView task, List<HookEntry> hooks, String claimToken) {
    }
}
