package dev.tasklane.domain.task;

import java.util.List;

/**
 * What the agent reported about its work when it completed the task (docs/api.md, "Completion validation"): the
 * part of a {@link Completion} that comes from the request, as opposed to who completed it and when. A new field
 * of the report is added here and nowhere else in the domain: the record header, {@link Builder}'s field and
 * setter, and {@link Builder#build()}. Callers build a report with {@link #builder()}, naming only what they set.
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
    public static final AgentReport NONE = builder().build();

    public AgentReport {
        workflowSteps = workflowSteps == null ? List.of() : List.copyOf(workflowSteps);
    }

    /** An empty report (every field absent) to fill in. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding every field of this report, to change some and build a new one. */
    public Builder toBuilder() {
        return new Builder().summary(summary).notes(notes).actualComplexity(actualComplexity)
                .actualFilesChanged(actualFilesChanged).timeSpentMinutes(timeSpentMinutes).reviewReport(reviewReport)
                .workflowSteps(workflowSteps).explorerResult(explorerResult).reviewerResult(reviewerResult);
    }

    /** The fields of an {@link AgentReport} being assembled; a field not set is absent. */
    public static final class Builder {
        private String summary;
        private String notes;
        private Complexity actualComplexity;
        private String actualFilesChanged;
        private Integer timeSpentMinutes;
        private String reviewReport;
        private List<WorkflowStep> workflowSteps = List.of();
        private ExplorerResult explorerResult;
        private ReviewerResult reviewerResult;

        private Builder() {
        }

        public Builder summary(String value) {
            summary = value;
            return this;
        }

        public Builder notes(String value) {
            notes = value;
            return this;
        }

        public Builder actualComplexity(Complexity value) {
            actualComplexity = value;
            return this;
        }

        public Builder actualFilesChanged(String value) {
            actualFilesChanged = value;
            return this;
        }

        public Builder timeSpentMinutes(Integer value) {
            timeSpentMinutes = value;
            return this;
        }

        public Builder reviewReport(String value) {
            reviewReport = value;
            return this;
        }

        public Builder workflowSteps(List<WorkflowStep> value) {
            workflowSteps = value;
            return this;
        }

        public Builder explorerResult(ExplorerResult value) {
            explorerResult = value;
            return this;
        }

        public Builder reviewerResult(ReviewerResult value) {
            reviewerResult = value;
            return this;
        }

        public AgentReport build() {
            return new AgentReport(summary, notes, actualComplexity, actualFilesChanged, timeSpentMinutes, reviewReport,
                    workflowSteps, explorerResult, reviewerResult);
        }
    }
}
