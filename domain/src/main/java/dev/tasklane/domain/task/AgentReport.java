package dev.tasklane.domain.task;

import java.util.List;

/**
 * What the agent reported about its work when it completed the task (docs/api.md, "Completion validation"): the
 * part of a {@link Completion} that comes from the request, as opposed to who completed it and when. A new field
 * of the report is added here and nowhere else in the domain.
 *
 * @param actualComplexity null when absent or not one of the complexities (the rules refuse both)
 * @param timeSpentMinutes null when absent or not an integer (the rules refuse both)
 * @param workflowSteps    the workflow_steps entries as sent
 * @param explorerResult   the explorer_result as sent; null when absent
 * @param reviewerResult   the reviewer_result as sent; null when absent
 */
public record AgentReport(
        String summary,
        String notes,
        Complexity actualComplexity,
        String actualFilesChanged,
        Integer timeSpentMinutes,
        String reviewReport,
        List<WorkflowStep> workflowSteps,
        ExplorerResult explorerResult,
        ReviewerResult reviewerResult) {

    /** No report: a task a person moved to Done without the agent's completion. */
    public static final AgentReport NONE = new AgentReport(null, null, null, null, null, null, List.of(), null, null);

    public AgentReport {
        workflowSteps = workflowSteps == null ? List.of() : List.copyOf(workflowSteps);
    }
}
