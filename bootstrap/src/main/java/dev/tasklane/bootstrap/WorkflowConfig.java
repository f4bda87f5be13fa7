package dev.tasklane.bootstrap;

import dev.tasklane.domain.flow.FlowSettings;
import dev.tasklane.domain.session.SessionLimits;
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
 * @param stopGrace            how long a stopped agent has to unclaim before its claim is released ({@code TASKLANE_STOP_GRACE})
 * @param sessionStale         how long a session goes unheard before it is stale ({@code TASKLANE_SESSION_STALE})
 */
public record WorkflowConfig(CompletionMode completionValidation, Duration claimTtl, Duration afterGoalGrace,
                             Duration nextOffer, Duration stuckAfter, Duration stopGrace, Duration sessionStale) {
    /** The session caps at their defaults, with this stop grace and stale time (docs/rules.md, "Sessions"). */
    public SessionLimits sessionLimits() {
        return SessionLimits.defaults().withStopGrace(stopGrace).withStaleAfter(sessionStale);
    }

    /** When agents count as stuck (this setting) and dormant (14 days): docs/rules.md, "Flow metrics". */
    public FlowSettings flowSettings() {
        return new FlowSettings(stuckAfter, FlowSettings.DEFAULT_DORMANT_AFTER);
    }

    /** The domain's limits with this lease and grace window, every other limit at its default. */
    public WorkflowLimits limits() {
        return WorkflowLimits.defaults().withClaimTtl(claimTtl).withAfterGoalGrace(afterGoalGrace);
    }
}
