package dev.tasklane.application.service;

import dev.tasklane.application.port.out.WipLimitStore;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.wip.WipLimits;
import dev.tasklane.domain.wip.WipRule;

/**
 * The claim's WIP check, kept apart from the claim's own reads and locks: on a board with a limit it takes the board's
 * claim lock (after the task's row, the one lock order) and applies the domain's {@link WipRule} to Doing as
 * committed. A board without a limit costs one read.
 */
final class WipGuard {
    private WipGuard() {
    }

    static void requireRoom(WipLimitStore tasks, Task target) {
        WipLimits limits = tasks.wipLimits(target.boardId());
        if (limits.limited()) {
            WipRule.requireRoom(limits, target, tasks.lockDoing(target.boardId()));
        }
    }
}
