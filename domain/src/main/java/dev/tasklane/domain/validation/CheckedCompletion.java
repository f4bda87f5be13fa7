package dev.tasklane.domain.validation;

import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.task.Complexity;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The values of a completion body that passed {@link CompletionRules} (docs/rules.md, "Completion results"), plus
 * the warnings grace mode let through. explorer/reviewer results are kept verbatim (null when absent).
 */
public record CheckedCompletion(
        String completionSummary,
        String completionNotes,
        Complexity actualComplexity,
        String actualFilesChanged,
        long timeSpentMinutes,
        String reviewReport,
        List<WorkflowStep> workflowSteps,
        Map<String, Object> explorerResult,
        Map<String, Object> reviewerResult,
        List<String> warnings) {

    public CheckedCompletion {
        workflowSteps = List.copyOf(workflowSteps);
        warnings = List.copyOf(warnings);
    }

    /** The agent's report as a completion stores it: the workflow steps as sent. */
    public AgentReport report() {
        return new AgentReport(completionSummary, completionNotes, actualComplexity, actualFilesChanged,
                (int) Math.min(Integer.MAX_VALUE, timeSpentMinutes), reviewReport,
                workflowSteps.stream().map(step -> (Object) step.raw()).toList(), explorerResult, reviewerResult);
    }

    /** The comma-separated actual_files_changed as trimmed, non-empty paths. */
    public List<String> filesChanged() {
        return Arrays.stream(actualFilesChanged.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }
}
