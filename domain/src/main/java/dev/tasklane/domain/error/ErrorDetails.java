package dev.tasklane.domain.error;

import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.TaskIdentifier;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The facts behind an error that an agent needs to act on it (docs/api.md, "Errors"): which request field
 * is wrong, which dependencies are unfinished, which task holds a key file. One record per shape; the HTTP
 * edge renders each into its {@code details} object, and {@link #NONE} into no {@code details} at all.
 */
public sealed interface ErrorDetails {
    /** No facts beyond the code and the message. */
    ErrorDetails NONE = new None();

    record None() implements ErrorDetails {
    }

    /** The request field that holds the wrong value. */
    record Field(String field) implements ErrorDetails {
        public Field {
            Objects.requireNonNull(field, "field");
        }
    }

    /** The SQLSTATE with which the store refused a value. */
    record SqlState(String sqlstate) implements ErrorDetails {
    }

    /** The status that keeps a task from being claimed, by its wire name. */
    record CurrentStatus(String status) implements ErrorDetails {
    }

    /** The type of a task that agents cannot claim, by its wire name. */
    record UnclaimableType(String type) implements ErrorDetails {
    }

    /** The identifiers of the unfinished dependencies that block a claim. */
    record BlockedBy(List<TaskIdentifier> identifiers) implements ErrorDetails {
        public BlockedBy {
            identifiers = List.copyOf(identifiers);
        }
    }

    /** The tasks that stand in the way of archiving or deleting a task (its dependents, or tasks in the wrong column). */
    record Tasks(List<TaskIdentifier> identifiers) implements ErrorDetails {
        public Tasks {
            identifiers = List.copyOf(identifiers);
        }
    }

    /** A board's WIP limit on Doing and the tasks holding it. */
    record WipLimit(int limit, List<String> heldBy) implements ErrorDetails {
        public WipLimit {
            heldBy = List.copyOf(heldBy);
        }
    }

    /** A key file that another task in Doing or Review is modifying, and who holds it. */
    record KeyFileHeld(String filePath, String heldBy, String heldByAgent) implements ErrorDetails {
    }

    /** The user a task is assigned to, when that is not the caller. */
    record AssignedElsewhere(UserId assignedToId) implements ErrorDetails {
    }

    /** The capabilities a task requires that the caller's token lacks. */
    record MissingCapabilities(List<String> capabilities) implements ErrorDetails {
        public MissingCapabilities {
            capabilities = List.copyOf(capabilities);
        }
    }

    /** The live claim that another agent holds on a task. */
    record ClaimHeld(String status, String heldByAgent, UserId heldByUserId, Instant claimExpiresAt)
            implements ErrorDetails {
    }

    /** The task another request changed first. */
    record ChangedTask(TaskId taskId) implements ErrorDetails {
    }

    /** Seconds to wait before trying again. */
    record RetryAfter(long seconds) implements ErrorDetails {
    }

    /** The hook whose proof was refused, by its wire name. */
    record Hook(String hook) implements ErrorDetails {
    }

    /** The index of the rejected goal in a batch. */
    record BatchIndex(int index) implements ErrorDetails {
    }

    /** The stop a person requested on the caller's session: who, why and when. */
    record StopRequested(UserId byUserId, String byUsername, String reason, Instant at) implements ErrorDetails {
    }

    /** The cap a request went past, by name, and its value. */
    record Cap(String cap, long max) implements ErrorDetails {
    }
}
