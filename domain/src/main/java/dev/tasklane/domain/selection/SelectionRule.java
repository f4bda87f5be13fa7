package dev.tasklane.domain.selection;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.NextStep;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.selection.Verdict.Refused;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;

import java.util.List;
import java.util.Optional;

/**
 * The rules a task must pass to be handed out by {@code next} or taken by {@code claim}, one constant per
 * rule of docs/rules.md ("Selection: which task next offers and claim accepts"). Each rule
 * is small and independent; {@link ClaimPolicy} runs them in this order.
 */
public enum SelectionRule {
    /**
     * Rules 1 and 3: in Ready with status open, or in Doing with a claim older than the lease; and on the board (an
     * archived task is out of the queue until restored).
     */
    READY_OR_EXPIRED {
        @Override
        public Verdict check(Task task, SelectionContext context) {
            if (task.isArchived()) {
                return refuse("Task '" + task.identifier() + "' is not available to claim: it is archived ("
                        + task.archive().reason().code() + ").", new ErrorDetails.CurrentStatus("archived"),
                        NextStep.ASK_FOR_ANOTHER_TASK);
            }
            if (task.status() == Status.OPEN || task.claimExpiredAt(context.now())) {
                return Verdict.ALLOWED;
            }
            return refuse("Task '" + task.identifier() + "' is not available to claim: its status is "
                    + task.status().code() + " (only open tasks, or claims that have expired, can be claimed).",
                    new ErrorDetails.CurrentStatus(task.status().code()), NextStep.ASK_FOR_ANOTHER_TASK);
        }
    },
    /** Rule 2: work and defects only; goals are containers. */
    CLAIMABLE_TYPE {
        @Override
        public Verdict check(Task task, SelectionContext context) {
            if (task.type().claimable() && !task.spec().humanTask()) {
                return Verdict.ALLOWED;
            }
            String what = task.type().claimable() ? "a task reserved for a human" : "a goal";
            return refuse("Task '" + task.identifier() + "' is " + what
                    + " and cannot be claimed by an agent; claim one of its work or defect tasks instead.",
                    new ErrorDetails.UnclaimableType(task.type().code()));
        }
    },
    /** Rule 4: every dependency is completed. */
    DEPENDENCIES_COMPLETED {
        @Override
        public Verdict check(Task task, SelectionContext context) {
            if (task.spec().dependencies().isEmpty()) {
                return Verdict.ALLOWED;
            }
            List<TaskIdentifier> unfinished = context.unfinishedDependencies(task);
            if (unfinished.isEmpty()) {
                return Verdict.ALLOWED;
            }
            return refuse("Task '" + task.identifier() + "' is blocked by unfinished dependencies: "
                    + TaskIdentifier.join(unfinished) + ". It becomes claimable when they are done.",
                    new ErrorDetails.BlockedBy(unfinished));
        }
    },
    /** Rule 5: none of its key files is being modified by a task in Doing or Review. */
    KEY_FILES_FREE {
        @Override
        public Verdict check(Task task, SelectionContext context) {
            for (KeyFile file : task.spec().keyFiles()) {
                Optional<KeyFileHolder> holder = context.holderOf(file.filePath(), task.id());
                if (holder.isPresent()) {
                    KeyFileHolder h = holder.get();
                    ErrorDetails details = new ErrorDetails.KeyFileHeld(h.filePath(), h.holder().toString(), h.agentName());
                    return refuse("Task '" + task.identifier() + "' would modify " + h.filePath()
                            + ", which task " + h.holder() + (h.agentName() == null ? "" : " (agent " + h.agentName() + ")")
                            + " is modifying now. Pick another task or wait until " + h.holder() + " is done.",
                            details);
                }
            }
            return Verdict.ALLOWED;
        }
    },
    /** Rule 6: unassigned, or assigned to the caller. */
    ASSIGNEE_MATCHES {
        @Override
        public Verdict check(Task task, SelectionContext context) {
            UserId assignee = task.status() == Status.OPEN ? task.assignedToId() : restorableAssignee(task);
            if (assignee == null || assignee.equals(context.caller().userId())) {
                return Verdict.ALLOWED;
            }
            return refuse("Task '" + task.identifier() + "' is assigned to a different user. "
                    + "Only the assigned user can claim it.", new ErrorDetails.AssignedElsewhere(assignee));
        }
    },
    /** The token's capabilities cover the task's required capabilities (an empty token list matches all). */
    CAPABILITIES_MATCH {
        @Override
        public Verdict check(Task task, SelectionContext context) {
            if (context.caller().hasCapabilitiesFor(task.spec().requiredCapabilities())) {
                return Verdict.ALLOWED;
            }
            List<String> missing = task.spec().requiredCapabilities().stream()
                    .filter(c -> !context.caller().capabilities().contains(c))
                    .map(c -> c.code())
                    .toList();
            return refuse("Task '" + task.identifier() + "' requires capabilities your token does not have: "
                    + String.join(", ", missing) + ".", new ErrorDetails.MissingCapabilities(missing));
        }
    };

    public abstract Verdict check(Task task, SelectionContext context);

    /**
     * A task in Doing with an expired lease is judged by the assignment it will fall back to (the one it
     * had before the claim), not by the lapsed claimer.
     */
    static UserId restorableAssignee(Task task) {
        return task.claim() == null ? task.assignedToId() : task.claim().assigneeBeforeClaim();
    }

    Verdict refuse(String reason, ErrorDetails details) {
        return refuse(reason, details, NextStep.NONE);
    }

    Verdict refuse(String reason, ErrorDetails details, NextStep nextStep) {
        return new Refused(this, reason, details, nextStep);
    }
}
