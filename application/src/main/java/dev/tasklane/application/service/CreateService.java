package dev.tasklane.application.service;

import dev.tasklane.application.port.out.TaskReads;
import dev.tasklane.application.port.out.TaskWrites;
import dev.tasklane.application.port.in.BatchCreateUseCase;
import dev.tasklane.application.port.in.BatchRejectedException;
import dev.tasklane.application.port.in.CreateBatch;
import dev.tasklane.application.port.in.CreateTask;
import dev.tasklane.application.port.in.CreateTaskUseCase;
import dev.tasklane.application.port.in.NewTask;
import dev.tasklane.application.port.in.Created;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.UpdateTask;
import dev.tasklane.application.port.in.UpdateTaskUseCase;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.dependency.DependencyGraph;
import dev.tasklane.domain.agent.BoardAccess;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.TasklaneException;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.validation.DependencyRef;
import dev.tasklane.domain.validation.FieldErrors;
import dev.tasklane.domain.validation.Limit;
import dev.tasklane.domain.validation.TaskFieldRules;
import dev.tasklane.domain.validation.TaskFieldsRejectedException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Creating tasks and goals (single, nested and batch, each atomic) and editing them. Dependencies must
 * name existing tasks of the board (or, inside a goal, siblings by 0-based index) and may not form a cycle.
 */
final class CreateService implements CreateTaskUseCase, BatchCreateUseCase, UpdateTaskUseCase {
    private static final String DEPENDENCIES = "dependencies";

    private final UseCaseRunner runner;
    private final TaskReads tasks;
    private final TaskWrites writes;
    private final TaskLookup lookup;
    private final GoalSync goals;

    CreateService(UseCaseRunner runner, TaskReads tasks, TaskWrites writes, TaskLookup lookup, GoalSync goals) {
        this.runner = runner;
        this.tasks = tasks;
        this.writes = writes;
        this.lookup = lookup;
        this.goals = goals;
    }

    @Override
    public Created create(Actor actor, CreateTask command) {
        return runner.write(actor, changes -> createOne(actor, command.task(), command.agentName(), changes));
    }

    @Override
    public List<Created> createBatch(Actor actor, CreateBatch command) {
        return runner.write(actor, changes -> {
            List<NewTask> goals = command.goals().stream().map(CreateService::asGoal).toList();
            List<Created> created = new ArrayList<>(goals.size());
            for (int index = 0; index < goals.size(); index++) {
                try {
                    created.add(createOne(actor, goals.get(index), command.agentName(), changes));
                } catch (TaskFieldsRejectedException rejected) {
                    throw new BatchRejectedException(index, rejected.errors());
                }
            }
            return created;
        });
    }

    /** A batch entry is always a goal, even with an empty tasks array. */
    private static NewTask asGoal(NewTask task) {
        return new NewTask(task.spec().toBuilder().type(TaskType.GOAL).build(), task.dependencies(), task.assignee(),
                task.parent(), task.createdByAgent(), task.children());
    }

    private Created createOne(Actor actor, NewTask draft, String agentName, Changes changes) {
        BoardId boardId = actor.boardId();
        Task parent = draft.parent() == null ? null : parentGoal(boardId, draft.parent());
        String createdByAgent = draft.createdByAgent().isSent()
                ? draft.createdByAgent().orElse(null)
                : attribution(agentName);
        UserId assignee = draft.assignee().resolve(parent == null ? null : parent.assignedToId());

        List<TaskIdentifier> childIdentifiers = new ArrayList<>();
        TaskIdentifier rootIdentifier = nextIdentifier(boardId, draft.spec().type());
        for (NewTask child : draft.children()) {
            childIdentifiers.add(nextIdentifier(boardId, child.spec().type()));
        }
        List<TaskIdentifier> rootDependencies = resolve(draft.dependencies(), List.of(), null);
        requireKnown(boardId, draft.dependencies(), Set.of(), null);

        Map<TaskIdentifier, List<TaskIdentifier>> newEdges = new LinkedHashMap<>();
        List<List<TaskIdentifier>> childDependencies = new ArrayList<>();
        Set<TaskIdentifier> siblings = Set.copyOf(childIdentifiers);
        for (int i = 0; i < draft.children().size(); i++) {
            List<TaskIdentifier> resolved = resolve(draft.children().get(i).dependencies(), childIdentifiers, i);
            requireKnown(boardId, draft.children().get(i).dependencies(), siblings, i);
            childDependencies.add(resolved);
            newEdges.put(childIdentifiers.get(i), resolved);
        }
        Optional<DependencyGraph.Cycle<TaskIdentifier>> cycle = DependencyGraph.findCycle(newEdges, id -> existingDependencies(boardId, id));
        if (cycle.isPresent()) {
            throw dependencyError(childIdentifiers.indexOf(cycle.get().task()),
                    "creates a circular dependency: " + path(cycle.get().path()));
        }

        Task root = changes.insert(Task.create(boardId, rootIdentifier, parent == null ? null : parent.id(),
                writes.nextPosition(boardId), draft.spec().toBuilder().dependencies(rootDependencies).build(), assignee,
                actor.userId(), createdByAgent, changes.now()), actor, agentName);
        List<Task> drafts = new ArrayList<>(draft.children().size());
        for (int i = 0; i < draft.children().size(); i++) {
            NewTask child = draft.children().get(i);
            UserId childAssignee = child.assignee().resolve(root.assignedToId());
            String childAgent = child.createdByAgent().orElse(createdByAgent);
            drafts.add(Task.create(boardId, childIdentifiers.get(i),
                    root.id(), writes.nextPosition(boardId), child.spec().toBuilder().dependencies(childDependencies.get(i)).build(),
                    childAssignee, actor.userId(), childAgent, changes.now()));
        }
        // written together: one statement per table on a database, not one per child
        List<Task> children = changes.insertAll(drafts, actor, agentName);
        if (parent != null) {
            goals.childChanged(root, false, changes);
        }
        return new Created(lookup.view(root), children.isEmpty() ? List.of() : lookup.views(children));
    }

    @Override
    public TaskView update(Actor actor, TaskRef ref, UpdateTask edit) {
        return update(actor, ref, edit, null);
    }

    @Override
    public TaskView update(Actor actor, TaskRef ref, UpdateTask edit, long readAtVersion) {
        return update(actor, ref, edit, Long.valueOf(readAtVersion));
    }

    private TaskView update(Actor actor, TaskRef ref, UpdateTask edit, Long readAtVersion) {
        return runner.write(actor, changes -> {
            Task task = lookup.requireLocked(actor.boardId(), ref);
            if (readAtVersion != null && task.version() != readAtVersion) {
                throw new ConflictException(UpdateTaskUseCase.EDIT_CONFLICT, task.identifier() + " was changed by someone"
                        + " else after you opened it (you read version " + readAtVersion + ", it is now at version "
                        + task.version() + "); nothing was saved. Review the current version and save again.");
            }
            TaskSpec spec = edit.applyTo(task.spec());
            if (TaskFieldRules.changesGoalKind(task.type(), spec.type())) {
                throw fieldError("type", TaskFieldRules.GOAL_TYPE_CHANGE);
            }
            if (task.spec().needsReview() && !spec.needsReview()) {
                BoardAccess.requireReviewAuthority(actor, task, "turn needs_review off");
            }
            List<DependencyRef> sent = edit.dependencies().orElse(List.of());
            boolean malformed = sent.stream().anyMatch(DependencyRef.Malformed.class::isInstance);
            if (malformed || !spec.dependencies().equals(task.spec().dependencies())) {
                TaskIdentifier self = task.identifier();
                if (spec.dependencies().contains(self)) {
                    throw dependencyError(null, "cannot depend on itself");
                }
                requireKnown(task.boardId(), sent, Set.of(), null);
                DependencyGraph.findCycle(self, spec.dependencies(), id -> existingDependencies(task.boardId(), id))
                        .ifPresent(cycle -> {
                            throw dependencyError(null, "creates a circular dependency: " + path(cycle));
                        });
            }
            Task updated = changes.update(task.withSpec(spec, changes.now()), HistoryKind.UPDATED, actor, null);
            return lookup.view(updated);
        });
    }

    private Task parentGoal(BoardId boardId, TaskRef ref) {
        try {
            Task parent = lookup.requireLocked(boardId, ref);
            if (parent.isGoal() && parent.status() != Status.COMPLETED) {
                return parent;
            }
            throw fieldError("parent_id", parent.isGoal()
                    ? "names a completed goal; new tasks can only be added to goals that are still open"
                    : "must name a goal (type goal) on this board; " + parent.identifier() + " is a " + parent.type().code());
        } catch (dev.tasklane.domain.error.NotFoundException missing) {
            throw fieldError("parent_id", "does not name a goal on this board: "
                    + ref.written());
        }
    }

    private TaskIdentifier nextIdentifier(BoardId boardId, TaskType type) {
        return new TaskIdentifier(type, writes.nextIdentifierNumber(boardId, type));
    }

    private static String path(List<TaskIdentifier> cycle) {
        return cycle.stream().map(TaskIdentifier::toString).collect(java.util.stream.Collectors.joining(" → "));
    }

    private List<TaskIdentifier> existingDependencies(BoardId boardId, TaskIdentifier identifier) {
        return tasks.findByIdentifier(boardId, identifier).map(t -> t.spec().dependencies()).orElse(List.of());
    }

    private static List<TaskIdentifier> resolve(List<DependencyRef> references, List<TaskIdentifier> siblings,
            Integer childIndex) {
        return DependencyGraph.resolveIndices(references, siblings).orElseThrow(() -> dependencyError(childIndex,
                "is invalid: an index must point at a task in the same goal's tasks array (0 to " + (siblings.size() - 1) + ")"));
    }

    /**
     * Refuses dependencies that name no task on the board: identifiers not found (siblings inside the goal excepted)
     * and malformed names, listed in the order they were given.
     */
    private void requireKnown(BoardId boardId, List<DependencyRef> dependencies, Set<TaskIdentifier> siblings,
            Integer childIndex) {
        Set<TaskIdentifier> toLookUp = new LinkedHashSet<>();
        for (DependencyRef dependency : dependencies) {
            if (dependency instanceof DependencyRef.ByIdentifier named && !siblings.contains(named.identifier())) {
                toLookUp.add(named.identifier());
            }
        }
        Set<TaskIdentifier> known = toLookUp.isEmpty() ? Set.of() : tasks.statuses(boardId, toLookUp).keySet();
        Set<String> unknown = new LinkedHashSet<>();
        for (DependencyRef dependency : dependencies) {
            if (dependency instanceof DependencyRef.Malformed
                    || dependency instanceof DependencyRef.ByIdentifier named && toLookUp.contains(named.identifier())
                    && !known.contains(named.identifier())) {
                unknown.add(dependency.written());
            }
        }
        if (!unknown.isEmpty()) {
            throw dependencyError(childIndex, "unknown task identifier(s): " + String.join(", ", unknown)
                    + ". Dependencies must name existing tasks on this board (or, inside a goal, 0-based indices of its tasks)");
        }
    }

    private static TasklaneException dependencyError(Integer childIndex, String message) {
        FieldErrors errors = new FieldErrors();
        if (childIndex == null) {
            errors.add(DEPENDENCIES, message);
        } else {
            List<FieldErrors> rows = new ArrayList<>();
            for (int i = 0; i <= childIndex; i++) {
                rows.add(i == childIndex ? new FieldErrors().add(DEPENDENCIES, message) : new FieldErrors());
            }
            errors.addRows("tasks", rows);
        }
        return new TaskFieldsRejectedException(errors);
    }

    private static TasklaneException fieldError(String field, String message) {
        FieldErrors errors = new FieldErrors();
        errors.add(field, message);
        return new TaskFieldsRejectedException(errors);
    }

    private static String attribution(String agentName) {
        return agentName == null || agentName.isBlank() || HookEntries.UNKNOWN_AGENT.equals(agentName) ? null : agentName;
    }
}
