package dev.tasklane.domain.wip;

import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.task.Task;

import java.util.List;

/**
 * The WIP rule of a claim (docs/rules.md, "WIP limits"): a claim that would put more tasks in Doing than the board's
 * limit is refused, naming the limit and the tasks holding it. A task already in Doing (a retried claim, or a lease
 * that expired and is taken over) does not add one.
 */
public final class WipRule {
    public static final String REACHED = "wip_limit_reached";

    private WipRule() {
    }

    /**
     * @param holding the identifiers of the board's tasks in Doing, read under the lock that serialises the board's
     *                claims
     * @throws ConflictException 409 {@value #REACHED} when Doing is full without {@code target}
     */
    public static void requireRoom(WipLimits limits, Task target, List<String> holding) {
        if (!limits.limited()) {
            return;
        }
        String self = target.identifier().toString();
        List<String> others = holding.stream().filter(identifier -> !identifier.equals(self)).toList();
        if (others.size() >= limits.doing()) {
            throw new ConflictException(REACHED, "Task '" + target.identifier() + "' is not available to claim: Doing "
                    + "is at its WIP limit of " + limits.doing() + " (held by " + String.join(", ", others) + "). "
                    + "Wait until one of them moves on, or ask the board's owner to raise the limit.",
                    new ErrorDetails.WipLimit(limits.doing(), others));
        }
    }
}
