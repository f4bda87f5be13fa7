package dev.tasklane.domain.validation;

import dev.tasklane.domain.task.Complexity;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The typed values of a completion body that passed {@link CompletionRules} (docs/api.md, "The agent loop"),
 * plus the warnings grace mode let through. explorer/reviewer results are kept verbatim (null when absent).
 */
public record CompletionReport(
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

    public CompletionReport {
        workflowSteps = List.copyOf(workflowSteps);
        warnings = List.copyOf(warnings);
    }

    /** The comma-separated actual_files_changed as trimmed, non-empty paths. */
    public List<String> filesChanged() {
        return Arrays.stream(actualFilesChanged.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }
}
