package dev.tasklane.domain.archive;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.dependency.DependencyGraph;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.NextStep;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.InputPart;
import dev.tasklane.domain.task.PartNames;
import dev.tasklane.domain.task.ArchiveReason;
import dev.tasklane.domain.task.Archive;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The rules of archiving, restoring and deleting a task (docs/rules.md, "Archive, restore and delete"). Each answers
 * the tasks to write, or refuses with the one error the caller can act on; the services only load what the rules
 * read and store what they answer.
 */
public final class ArchiveRules {
    public static final String ARCHIVED = "task_archived";
    public static final String ALREADY_ARCHIVED = "already_archived";
    public static final String NOT_ARCHIVED = "not_archived";
    public static final String IN_PROGRESS = "task_in_progress";
    public static final String UNFINISHED_DEPENDENTS = "has_unfinished_dependents";
    public static final String DEPENDENTS = "has_dependents";
    public static final String NOT_DELETABLE = "not_deletable";
    public static final String GOAL_ARCHIVED = "goal_archived";
    public static final String RESTORE_CYCLE = "restore_would_cycle";
    public static final String OWNER_REQUIRED = "board_owner_required";

    private ArchiveRules() {
    }

    /**
     * Refuses a change to an archived task: the workflow (claim, complete, review, edit, assign ...) acts on tasks on
     * the board only.
     *
     * @throws ConflictException 409 {@value #ARCHIVED}
     */
    public static void requireActive(Task task) {
        if (task.archive() != null) {
            throw new ConflictException(ARCHIVED, "Task " + task.identifier() + " is archived ("
                    + task.archive().reason().code() + "): restore it first", ErrorDetails.NONE,
                    NextStep.restoreFirst(task.identifier().toString()));
        }
    }

    /**
     * The tasks that archiving {@code target} archives: the task, and for a goal every child not archived yet.
     *
     * @param children     the goal's children (empty for a task)
     * @param dependentsOf the tasks whose dependencies name an identifier
     * @param names        how a refusal names the request's parts
     * @throws ConflictException when it is archived already, when a task of the set is in Doing (an agent holds it),
     *                           or when unfinished tasks outside the set depend on an unfinished task of it
     * @throws InvalidInputException when a duplicate names itself or a task of the set
     */
    public static List<Task> archive(Task target, List<Task> children, ArchiveRequest request,
                                     Function<TaskIdentifier, List<Task>> dependentsOf, UserId by, Instant now,
                                     PartNames names) {
        if (target.archive() != null) {
            throw new ConflictException(ALREADY_ARCHIVED, "Task " + target.identifier() + " is already archived ("
                    + target.archive().reason().code() + ")");
        }
        List<Task> set = new ArrayList<>();
        set.add(target);
        children.stream().filter(child -> child.archive() == null).forEach(set::add);
        Set<TaskIdentifier> inSet = identifiers(set);
        if (request.duplicateOf() != null
                && inSet.contains(TaskIdentifier.parse(request.duplicateOf()).orElse(null))) {
            throw ArchiveRequest.invalid(names.of(InputPart.DUPLICATE_OF), "names " + request.duplicateOf()
                    + ", which is being archived itself: name the task that stays on the board");
        }
        List<TaskIdentifier> held = set.stream().filter(task -> !task.isGoal() && task.status() == Status.IN_PROGRESS)
                .map(Task::identifier).toList();
        if (!held.isEmpty()) {
            throw new ConflictException(IN_PROGRESS, "Cannot archive " + target.identifier() + ": " + TaskIdentifier.join(held)
                    + " is in Doing and an agent holds it. Unclaim it, or let the agent finish, then archive.",
                    new ErrorDetails.Tasks(held));
        }
        Set<TaskIdentifier> blocking = new LinkedHashSet<>();
        for (Task task : set) {
            if (task.isCompleted()) {
                continue;
            }
            for (Task dependent : dependentsOf.apply(task.identifier())) {
                if (!dependent.isCompleted() && dependent.archive() == null
                        && !inSet.contains(dependent.identifier())) {
                    blocking.add(dependent.identifier());
                }
            }
        }
        if (!blocking.isEmpty()) {
            throw new ConflictException(UNFINISHED_DEPENDENTS, "Cannot archive " + target.identifier()
                    + ": unfinished tasks depend on it: " + TaskIdentifier.join(blocking)
                    + ". Finish or archive them first, or remove the dependency.", new ErrorDetails.Tasks(List.copyOf(blocking)));
        }
        Archive archive = new Archive(now, request.reason(), request.note(), request.duplicateOf(), by);
        return set.stream().map(task -> task.toBuilder().archive(archive).updatedAt(now).build()).toList();
    }

    /**
     * The tasks that restoring {@code target} brings back, where they were: the task, and for a goal the children
     * archived with it (at the same instant). Children archived on their own before stay archived.
     *
     * @param goal             the target's goal, when it has one
     * @param dependenciesOf   the dependencies of any task on the board that is not archived (empty when unknown or
     *                         archived), to find a cycle the restore would close
     * @throws ConflictException when it is not archived, when its goal is archived, or when the restore would close a
     *                           dependency cycle
     */
    public static List<Task> restore(Task target, List<Task> children, Optional<Task> goal,
                                     Function<TaskIdentifier, List<TaskIdentifier>> dependenciesOf, Instant now) {
        if (target.archive() == null) {
            throw new ConflictException(NOT_ARCHIVED, "Task " + target.identifier() + " is not archived");
        }
        if (goal.isPresent() && goal.get().archive() != null) {
            throw new ConflictException(GOAL_ARCHIVED, "Task " + target.identifier() + " belongs to goal "
                    + goal.get().identifier() + ", which is archived: restore the goal first");
        }
        List<Task> set = new ArrayList<>();
        set.add(target);
        children.stream().filter(child -> child.archive() != null
                && child.archive().archivedAt().equals(target.archive().archivedAt())).forEach(set::add);
        Map<TaskIdentifier, List<TaskIdentifier>> edges = new LinkedHashMap<>();
        set.forEach(task -> edges.put(task.identifier(), task.spec().dependencies()));
        Optional<DependencyGraph.Cycle<TaskIdentifier>> cycle = DependencyGraph.findCycle(edges, dependenciesOf);
        if (cycle.isPresent()) {
            throw new ConflictException(RESTORE_CYCLE, "Restoring " + target.identifier()
                    + " would bring back a circular dependency: " + cycle.get().path().stream().map(TaskIdentifier::toString).collect(Collectors.joining(" → "))
                    + ". Remove one of these dependencies first.", new ErrorDetails.Tasks(cycle.get().path()));
        }
        return set.stream().map(task -> task.toBuilder().archive(null).updatedAt(now).build()).toList();
    }

    /**
     * The tasks that deleting {@code target} removes: the task, and for a goal all its children. Only a board owner
     * deletes; every task of the set is in Ready or archived, and no task outside the set depends on one of them
     * (archived tasks included, so that a restore never finds its dependency gone).
     *
     * @throws ForbiddenException 403 {@value #OWNER_REQUIRED} for a caller who does not own the board
     * @throws ConflictException  409 naming the tasks in the way
     */
    public static List<Task> delete(Actor actor, Task target, List<Task> children,
                                    Function<TaskIdentifier, List<Task>> dependentsOf) {
        if (!actor.boardOwner()) {
            throw new ForbiddenException(OWNER_REQUIRED, "Only a board owner can delete a task; archive it instead",
                    ErrorDetails.NONE, NextStep.archiveInstead(target.identifier().toString()));
        }
        List<Task> set = new ArrayList<>();
        set.add(target);
        set.addAll(children);
        List<TaskIdentifier> wrongColumn = set.stream()
                .filter(task -> task.archive() == null && task.status() != Status.OPEN && !task.isGoal())
                .map(Task::identifier).toList();
        if (!wrongColumn.isEmpty()) {
            throw new ConflictException(NOT_DELETABLE, "Cannot delete " + target.identifier() + ": only a task in "
                    + "Ready, or an archived one, can be deleted, and " + TaskIdentifier.join(wrongColumn)
                    + " is not. Archive it instead, or archive it first.", new ErrorDetails.Tasks(wrongColumn));
        }
        Set<TaskIdentifier> inSet = identifiers(set);
        Set<TaskIdentifier> blocking = new LinkedHashSet<>();
        for (Task task : set) {
            for (Task dependent : dependentsOf.apply(task.identifier())) {
                if (!inSet.contains(dependent.identifier())) {
                    blocking.add(dependent.identifier());
                }
            }
        }
        if (!blocking.isEmpty()) {
            throw new ConflictException(DEPENDENTS, "Cannot delete " + target.identifier() + ": "
                    + TaskIdentifier.join(blocking) + " depend" + (blocking.size() == 1 ? "s" : "")
                    + " on it. Remove the dependency first.", new ErrorDetails.Tasks(List.copyOf(blocking)));
        }
        // children first, so that no child is left pointing at a deleted goal
        List<Task> ordered = new ArrayList<>(set.subList(1, set.size()));
        ordered.add(target);
        return List.copyOf(ordered);
    }

    private static Set<TaskIdentifier> identifiers(List<Task> tasks) {
        Set<TaskIdentifier> out = new LinkedHashSet<>();
        tasks.forEach(task -> out.add(task.identifier()));
        return out;
    }

    /** The ids of tasks, in order; for stores and services. */
    public static List<TaskId> ids(List<Task> tasks) {
        return tasks.stream().map(Task::id).toList();
    }
}
