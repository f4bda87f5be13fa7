package dev.tasklane.domain.error;

import java.util.Objects;

/**
 * What the caller of a refused operation should do next, in the business's terms, and the task it concerns where
 * the step names one. The domain names the step; each adapter says how to take it on its own surface (an HTTP
 * route, an MCP tool, a method of an embedding program), so that no rule speaks of routes.
 *
 * @param kind the step
 * @param task the identifier of the task the step acts on; null when the step names none
 */
public record NextStep(Kind kind, String task) {
    /** The steps a refusal can point to. */
    public enum Kind {
        /** Nothing beyond the message. */
        NONE,
        /** This task cannot be had: ask for the next claimable task instead. */
        ASK_FOR_ANOTHER_TASK,
        /** The caller's claim is gone: ask for the next claimable task to start new work. */
        ASK_FOR_NEW_WORK,
        /** The task is archived: restore it first. */
        RESTORE_FIRST,
        /** The task cannot be deleted by this caller: archive it instead. */
        ARCHIVE_INSTEAD,
        /** The task moves only within its priority: change its priority first. */
        CHANGE_PRIORITY_FIRST
    }

    public static final NextStep NONE = new NextStep(Kind.NONE, null);
    public static final NextStep ASK_FOR_ANOTHER_TASK = new NextStep(Kind.ASK_FOR_ANOTHER_TASK, null);
    public static final NextStep ASK_FOR_NEW_WORK = new NextStep(Kind.ASK_FOR_NEW_WORK, null);

    public NextStep {
        Objects.requireNonNull(kind, "kind");
    }

    /** Restore {@code task} before anything else is done with it. */
    public static NextStep restoreFirst(String task) {
        return new NextStep(Kind.RESTORE_FIRST, Objects.requireNonNull(task, "task"));
    }

    /** Archive {@code task} rather than delete it. */
    public static NextStep archiveInstead(String task) {
        return new NextStep(Kind.ARCHIVE_INSTEAD, Objects.requireNonNull(task, "task"));
    }

    /** Change the priority of {@code task} before moving it among tasks of another priority. */
    public static NextStep changePriorityFirst(String task) {
        return new NextStep(Kind.CHANGE_PRIORITY_FIRST, Objects.requireNonNull(task, "task"));
    }
}
