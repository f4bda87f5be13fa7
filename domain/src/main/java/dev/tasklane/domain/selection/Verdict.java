package dev.tasklane.domain.selection;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.NextStep;

/** The outcome of one selection rule for one task: allowed, or refused with a reason an agent can act on. */
public sealed interface Verdict {
    Verdict ALLOWED = new Allowed();

    boolean allowed();

    record Allowed() implements Verdict {
        @Override
        public boolean allowed() {
            return true;
        }
    }

    /**
     * @param rule    the rule that refused
     * @param reason   a sentence saying why and what to do about it
     * @param details  facts behind the reason (unfinished dependencies, the holder of a key file)
     * @param nextStep what the agent should do instead, when the remedy lies outside this task
     */
    record Refused(SelectionRule rule, String reason, ErrorDetails details, NextStep nextStep) implements Verdict {
        @Override
        public boolean allowed() {
            return false;
        }
    }
}
