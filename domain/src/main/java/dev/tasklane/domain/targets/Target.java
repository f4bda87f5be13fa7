package dev.tasklane.domain.targets;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.task.TaskIdentifier;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Objects;

/**
 * A delivery target: the goals and tasks of one board that must be done by a date (docs/rules.md, "Targets").
 * Its scope is kept as identifiers; a goal stands for its work and defect tasks. Archived and deleted tasks
 * leave the scope ({@link TargetScope}).
 *
 * @param id         {@link TargetId#UNASSIGNED} until the store assigns one
 * @param dueDate    the last day, in {@code zone}: the target is due at that day's end
 * @param goals      the goals in scope, in the order added
 * @param tasks      the tasks in scope, in the order added
 * @param archivedAt when it was archived; null while active
 * @param version    the stored version it was read at; a change is stored only over that version
 */
public record Target(TargetId id, BoardId boardId, String name, LocalDate dueDate, ZoneId zone, List<TaskIdentifier> goals,
                     List<TaskIdentifier> tasks, Instant archivedAt, Instant createdAt, Instant updatedAt, long version) {
    /** The longest name (cap {@code TARGET_NAME}). */
    public static final int MAX_NAME = 200;
    /** The most goals in scope (cap {@code TARGET_GOALS}). */
    public static final int MAX_GOALS = 100;
    /** The most tasks named in scope (cap {@code TARGET_TASKS}). */
    public static final int MAX_TASKS = 1_000;
    /** The most targets a board keeps, archived ones included (cap {@code TARGETS_PER_BOARD}). */
    public static final int MAX_PER_BOARD = 200;

    public Target {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(boardId, "boardId");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(dueDate, "dueDate");
        Objects.requireNonNull(zone, "zone");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
        goals = List.copyOf(goals);
        tasks = List.copyOf(tasks);
    }

    /** The instant it is due: the end of its due date in its zone. */
    public Instant due() {
        return dueDate.plusDays(1).atStartOfDay(zone).toInstant();
    }

    public boolean isArchived() {
        return archivedAt != null;
    }

    public Target withId(TargetId newId) {
        return new Target(newId, boardId, name, dueDate, zone, goals, tasks, archivedAt, createdAt, updatedAt, version);
    }

    public Target withVersion(long newVersion) {
        return new Target(id, boardId, name, dueDate, zone, goals, tasks, archivedAt, createdAt, updatedAt, newVersion);
    }

    /** The same target with a new name, due date, zone and scope, changed at {@code now}. */
    public Target changed(String newName, LocalDate newDue, ZoneId newZone, List<TaskIdentifier> newGoals,
                          List<TaskIdentifier> newTasks, Instant now) {
        return new Target(id, boardId, newName, newDue, newZone, newGoals, newTasks, archivedAt, createdAt, now, version);
    }

    public Target archived(Instant now) {
        return new Target(id, boardId, name, dueDate, zone, goals, tasks, now, createdAt, now, version);
    }
}
