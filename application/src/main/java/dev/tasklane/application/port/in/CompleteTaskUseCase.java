package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;

import java.util.List;
import java.util.Map;

/** Completion of a claimed task, with after_doing and before_review proofs and the completion report. */
public interface CompleteTaskUseCase {
    Completed complete(Actor actor, TaskRef ref, Map<String, Object> body);

    /**
     * @param hooks    after_doing, before_review, then after_review (and after_goal) when the task went to Done
     * @param warnings what grace-mode validation let through
     */
    record Completed(TaskView task, List<HookEntry> hooks, List<String> warnings) {
    }
}
