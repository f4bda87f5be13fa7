package dev.tasklane.domain.selection;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.NextStep;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.selection.Verdict.Refused;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The rules a task must pass to be handed out by {@code next} or taken by {@code claim}, one constant per
 * rule of docs/rules.md ("Selection: which task next offers and claim accepts"), numbered S1 to S6 there and here in
 * declaration order. Each rule is small and independent; the {@link ClaimPolicy} below runs them in this order. A
 * store may leave out of its candidates what a rule refuses (a pre-filter), never a task it allows; each rule lists its
 * pre-filters, and each pre-filter names its rule.
 */
public enum SelectionRule {
    /**
     * Rule S1: in Ready with status open, or in Doing with a claim older than the lease; and on the board (an
     * archived task is out of the queue until restored). Pre-filters: CandidateCursor (the status, lease and
     * archive tests of its streams), ReadyIndex (open tasks only, archived ones removed).
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
    /**
     * Rule S2: work and defects only, and not a task reserved for a human; goals are containers. Pre-filters:
     * CandidateCursor (type and human_task), ReadyIndex (work and defect tasks, not for humans).
     */
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
    /**
     * Rule S3: every dependency is completed. Pre-filters: CandidateCursor (its UNBLOCKED test), ReadyIndex (a task
     * enters it once its dependencies are completed).
     */
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
    /** Rule S4: none of its key files is being modified by a task in Doing or Review. Pre-filters: none. */
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
    /**
     * Rule S5: unassigned, or assigned to the caller. Pre-filters: CandidateCursor (its ASSIGNABLE test), ReadyIndex
     * (the caller's partitions: unassigned and its own).
     */
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
    /**
     * Rule S6: the token's capabilities cover the task's required capabilities (an empty token list matches all).
     * Pre-filters: ReadyIndex (the partitions of the capability sets the caller covers).
     */
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

    /** Runs the selection rules over a task, in their order: all must allow it for it to be handed out or claimed. */
    public static final class ClaimPolicy {
        private ClaimPolicy() {
        }

        /** The first refusal, in rule order, or {@link Verdict#ALLOWED}. */
        public static Verdict evaluate(Task task, SelectionContext context) {
            for (SelectionRule rule : SelectionRule.values()) {
                Verdict verdict = rule.check(task, context);
                if (!verdict.allowed()) {
                    return verdict;
                }
            }
            return Verdict.ALLOWED;
        }

        /** Every refusal, for explaining why a task is not available. */
        public static List<Verdict.Refused> refusals(Task task, SelectionContext context) {
            List<Verdict.Refused> refused = new ArrayList<>();
            for (SelectionRule rule : SelectionRule.values()) {
                if (rule.check(task, context) instanceof Verdict.Refused r) {
                    refused.add(r);
                }
            }
            return refused;
        }

        public static boolean eligible(Task task, SelectionContext context) {
            return evaluate(task, context).allowed();
        }
    }
}
