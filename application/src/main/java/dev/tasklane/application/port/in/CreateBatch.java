package dev.tasklane.application.port.in;

import dev.tasklane.domain.validation.FieldErrors;
import dev.tasklane.domain.validation.Limit;
import dev.tasklane.domain.validation.TaskFieldsRejectedException;

import java.util.List;

/**
 * Create several goals with their tasks, all or none (the batch create of docs/api.md). Each entry is
 * created as a goal, whatever type it names. A batch holds at most {@link Limit#BATCH_GOALS} goals and
 * {@link Limit#REQUEST_TASKS} tasks and goals in total.
 *
 * @param goals     the goals, in order; a failure names the index of the first that failed
 * @param agentName the creating agent's name, as in {@link CreateTask}; may be null
 */
public record CreateBatch(List<NewTask> goals, String agentName) {
    public CreateBatch {
        goals = List.copyOf(goals);
        requireWithinCaps(goals.size(), goals.stream().mapToLong(goal -> 1L + goal.children().size()).sum());
    }

    /**
     * Refuses a batch of {@code goalCount} goals holding {@code taskCount} tasks and goals in total when it is over a
     * cap; the HTTP adapter checks this before it reads the goals, so that the caps are answered first.
     *
     * @throws TaskFieldsRejectedException naming the cap, under {@code goals}
     */
    public static void requireWithinCaps(int goalCount, long taskCount) {
        String message = null;
        if (goalCount > Limit.BATCH_GOALS.max()) {
            message = Limit.BATCH_GOALS.exceeded();
        } else if (taskCount > Limit.REQUEST_TASKS.max()) {
            message = "hold " + taskCount + " tasks and goals in total: " + Limit.REQUEST_TASKS.exceeded();
        }
        if (message != null) {
            throw new TaskFieldsRejectedException(new FieldErrors().add("goals", message));
        }
    }
}
