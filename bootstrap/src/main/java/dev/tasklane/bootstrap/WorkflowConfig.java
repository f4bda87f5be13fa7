package dev.tasklane.bootstrap;

import dev.tasklane.domain.flow.FlowSettings;
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
 * @param stuckAfter           how long an agent may hold a claim without activity before it is stuck ({@code TASKLANE_STUCK_AFTER})
 */
public record WorkflowConfig(CompletionMode completionValidation, Duration claimTtl, Duration afterGoalGrace,
                             Duration nextOffer, Duration stuckAfter) {
    /** When agents count as stuck (this setting) and dormant (14 days): docs/rules.md, "Flow metrics". */
    public FlowSettings flowSettings() {
        return new FlowSettings(stuckAfter, FlowSettings.DEFAULT_DORMANT_AFTER);
    }

    /** The domain's limits with this lease and grace window, every other limit at its default. */
    public WorkflowLimits limits() {
        return WorkflowLimits.defaults().withClaimTtl(claimTtl).withAfterGoalGrace(afterGoalGrace);
    }
}
