package dev.tasklane.examples;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.workflow.TaskWorkflow.HookProof;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.selection.KeyFileHolder;
import dev.tasklane.domain.selection.SelectionContext;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.validation.TaskFieldRules;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.workflow.ClaimRequest;
import dev.tasklane.domain.workflow.TaskWorkflow;
import dev.tasklane.domain.workflow.WorkflowLimits;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Tasklane's rules with {@code tasklane-domain} alone (no store, no use cases): building a task and checking its key file as the
 * service does, checking a hook's proof, and asking the workflow whether a claim is allowed. docs/embedding.md
 * quotes this class.
 */
public final class DomainOnlyExample {
    private DomainOnlyExample() {
    }

    /**
     * A typed task built with the domain's builder, or, when its key file's path is unsafe (absolute, traversing),
     * the reasons, as the API would list them under key_files.
     */
    public static Object spec(String title, String keyFile) {
        List<String> problems = TaskFieldRules.keyFilePathProblems(keyFile);
        if (!problems.isEmpty()) {
            return problems;
        }
        return TaskSpec.builder(title, TaskType.WORK, Priority.HIGH)
                .keyFiles(List.of(new KeyFile(keyFile, null, 0)))
                .build();
    }

    /** The proof a before_doing hook ran and passed; a missing or failing one throws HookProofRejectedException. */
    public static HookResult beforeDoing(HookResult hookResult) {
        return HookProof.requirePassed(HookName.BEFORE_DOING, hookResult);
    }

    /** Claims {@code task} for {@code agent} when the selection rules allow it, given which files are held. */
    public static Task claim(Task task, Actor agent, HookResult proof, Map<String, KeyFileHolder> heldFiles, Instant now) {
        SelectionContext board = new SelectionContext() {
            @Override
            public Instant now() {
                return now;
            }

            @Override
            public Actor caller() {
                return agent;
            }

            @Override
            public List<TaskIdentifier> unfinishedDependencies(Task candidate) {
                return List.of();
            }

            @Override
            public Optional<KeyFileHolder> holderOf(String filePath, TaskId exceptTaskId) {
                return Optional.ofNullable(heldFiles.get(filePath));
            }
        };
        TaskWorkflow workflow = new TaskWorkflow(WorkflowLimits.defaults());
        return workflow.claim(task, new ClaimRequest("my-agent", proof, "lease-1"), board).task();
    }

    /** A new work task in Ready, as a store would hold it before anyone claimed it. */
    public static Task ready(TaskSpec spec, long number, Instant now) {
        return Task.create(BoardId.of(1), new TaskIdentifier(TaskType.WORK, number), null, number, spec, null, null, null, now)
                .withId(TaskId.of(number));
    }

    /** An agent with write access, no capability limit and no reviewer flag. */
    public static Actor agent(UserId userId) {
        return Actor.agent(userId, BoardId.of(1));
    }
}
