package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;

import java.util.List;

/**
 * Completing a claimed task with the after_doing and before_review proofs and the agent's report (docs/api.md,
 * "Completion validation"; docs/rules.md, "Completion: which error comes first").
 */
public interface CompleteTaskUseCase {
    Completed complete(Actor actor, TaskRef ref, CompleteTask command);

    /**
     * @param hooks    after_doing, before_review, then after_review (and after_goal) when the task went to Done
     * @param warnings what grace-mode validation let through
     */
    record Completed(TaskView task, List<HookEntry> hooks, List<String> warnings) {
    }
}
