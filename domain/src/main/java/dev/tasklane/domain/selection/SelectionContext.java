package dev.tasklane.domain.selection;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What the selection rules need to know beyond the task itself. The application implements it over the
 * task store; tests implement it over a list.
 */
public interface SelectionContext {
    Instant now();

    Actor caller();

    /** The task's dependency identifiers whose task is not completed, in the task's order. */
    List<TaskIdentifier> unfinishedDependencies(Task task);

    /** A task other than {@code exceptTaskId} in Doing or Review that lists {@code filePath} as a key file. */
    Optional<KeyFileHolder> holderOf(String filePath, TaskId exceptTaskId);
}
