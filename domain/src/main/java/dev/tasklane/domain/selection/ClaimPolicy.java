package dev.tasklane.domain.selection;

import dev.tasklane.domain.task.Task;

import java.util.ArrayList;
import java.util.List;

/** Runs the {@link SelectionRule}s over a task: all must allow it for it to be handed out or claimed. */
public final class ClaimPolicy {
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
