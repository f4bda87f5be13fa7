package dev.tasklane.domain.ordering;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.NextStep;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Moving a Ready task within its priority (docs/rules.md, "Ordering Ready"): the queue that {@code next} hands out is
 * priority first, then position; a move places a task right before or after another Ready task of the same priority.
 * The positions the group already holds are dealt out again in the new order, so only the group's tasks change and
 * no other task's place moves.
 */
public final class QueueOrder {
    public static final String INVALID = "invalid_position";

    private QueueOrder() {
    }

    /**
     * @param group  the board's Ready tasks (not archived) of the anchor's priority, the moving task among them or not
     * @param before true to place {@code moving} right before {@code anchor}, false right after
     * @return the tasks whose position changes, with their new position
     * @throws InvalidInputException 422 {@value #INVALID} naming {@code field} when a task is not in Ready, is archived,
     *                               is the task itself, or has another priority
     */
    public static List<Task> move(Task moving, Task anchor, boolean before, List<Task> group, String field, Instant now) {
        requireReady(moving, "the task to move", field);
        requireReady(anchor, anchor.identifier().toString(), field);
        if (moving.id().equals(anchor.id())) {
            throw invalid(field, "names the task itself: name another Ready task to place it " + (before ? "before" : "after"));
        }
        if (moving.priority() != anchor.priority()) {
            throw new InvalidInputException(INVALID, field + " names " + anchor.identifier() + ", whose priority is "
                    + anchor.priority().code() + " while " + moving.identifier() + "'s is " + moving.priority().code()
                    + ": a task moves within its priority; change its priority first", new ErrorDetails.Field(field),
                    NextStep.changePriorityFirst(moving.identifier().toString()));
        }
        List<Task> ordered = new ArrayList<>(group.stream().filter(task -> !task.id().equals(moving.id())).toList());
        ordered.sort(Comparator.comparingLong(Task::position).thenComparingLong(task -> task.id().value()));
        List<Long> positions = new ArrayList<>(ordered.stream().map(Task::position).toList());
        positions.add(moving.position());
        positions.sort(Comparator.naturalOrder());
        int at = -1;
        for (int i = 0; i < ordered.size(); i++) {
            if (ordered.get(i).id().equals(anchor.id())) {
                at = before ? i : i + 1;
            }
        }
        if (at < 0) {
            throw invalid(field, "names " + anchor.identifier() + ", which is not in this task's group of Ready tasks");
        }
        ordered.add(at, moving);
        List<Task> changed = new ArrayList<>();
        for (int i = 0; i < ordered.size(); i++) {
            Task task = ordered.get(i);
            long position = positions.get(i);
            if (task.position() != position) {
                changed.add(task.withPosition(position, now));
            }
        }
        return List.copyOf(changed);
    }

    private static void requireReady(Task task, String what, String field) {
        if (task.status() != Status.OPEN || task.isArchived()) {
            throw invalid(field, (what.startsWith("the") ? task.identifier() + " (" + what + ")" : what)
                    + " is not in Ready" + (task.isArchived() ? " (it is archived)" : " (it is " + task.status().code() + ")")
                    + ": only Ready tasks are ordered");
        }
    }

    static InvalidInputException invalid(String field, String message) {
        return new InvalidInputException(INVALID, field + " " + message, new ErrorDetails.Field(field));
    }
}
