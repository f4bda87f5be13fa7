package dev.tasklane.bootstrap;

import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.domain.workflow.WorkflowLimits;
import java.time.Duration;

/**
 * How strictly completions are checked and how long claims and the after_goal window last
 * (docs/configuration.md; the rules themselves: docs/rules.md).
 *
 * @param completionValidation grace or strict ({@code TASKLANE_COMPLETION_VALIDATION})
 * @param claimTtl             the claim lease ({@code TASKLANE_CLAIM_TTL})
 * @param afterGoalGrace       the after_goal grace window ({@code TASKLANE_AFTER_GOAL_GRACE})
 * @param nextOffer            how long a task next answered is held back from other callers ({@code TASKLANE_NEXT_OFFER})
 */
public record WorkflowConfig(CompletionMode completionValidation, Duration claimTtl, Duration afterGoalGrace,
                             Duration nextOffer) {
    /** The domain's limits with this lease and grace window, every other limit at its default. */
    public WorkflowLimits limits() {
        return WorkflowLimits.defaults().withClaimTtl(claimTtl).withAfterGoalGrace(afterGoalGrace);
    }
}
