package dev.tasklane.client;

import dev.tasklane.domain.hook.HookName;

import java.util.List;
import java.util.Optional;

/**
 * The answer to complete or mark_reviewed: the task after the move and the hook entries the server handed out
 * (after_doing, before_review, after_review, after_goal, depending on where the task went).
 */
public record TaskMoved(TaskData task, List<HookSpec> hooks) {

    public TaskMoved {
        hooks = List.copyOf(hooks);
    }

    public Optional<HookSpec> hook(HookName name) {
        return hooks.stream().filter(hook -> hook.name() == name).findFirst();
    }
}
