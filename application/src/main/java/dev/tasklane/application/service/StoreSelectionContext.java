package dev.tasklane.application.service;

import dev.tasklane.application.port.out.TaskReads;
import dev.tasklane.application.port.out.KeyFileLocks;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.selection.KeyFileHolder;
import dev.tasklane.domain.selection.SelectionContext;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The selection rules' view of the board, answered by the task store inside the current transaction. */
final class StoreSelectionContext implements SelectionContext {
    private final TaskReads tasks;
    private final KeyFileLocks keyFiles;
    private final Actor caller;
    private final Instant now;

    StoreSelectionContext(TaskReads tasks, KeyFileLocks keyFiles, Actor caller, Instant now) {
        this.tasks = tasks;
        this.keyFiles = keyFiles;
        this.caller = caller;
        this.now = now;
    }

    @Override
    public Instant now() {
        return now;
    }

    @Override
    public Actor caller() {
        return caller;
    }

    @Override
    public List<TaskIdentifier> unfinishedDependencies(Task task) {
        Map<TaskIdentifier, Status> statuses = tasks.statuses(task.boardId(), task.spec().dependencies());
        return task.spec().dependencies().stream()
                .filter(dependency -> statuses.get(dependency) != Status.COMPLETED)
                .toList();
    }

    @Override
    public Optional<KeyFileHolder> holderOf(String filePath, TaskId exceptTaskId) {
        return keyFiles.keyFileHolder(caller.boardId(), filePath, exceptTaskId);
    }
}
