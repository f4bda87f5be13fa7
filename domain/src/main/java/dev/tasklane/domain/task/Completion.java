package dev.tasklane.domain.task;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** What the agent reported when it completed the task; {@code completedAt} is set only once it is Done. */
public record Completion(
        Long completedById,
        String completedByAgent,
        String summary,
        String notes,
        Complexity actualComplexity,
        String actualFilesChanged,
        Integer timeSpentMinutes,
        String reviewReport,
        List<Object> workflowSteps,
        Map<String, Object> explorerResult,
        Map<String, Object> reviewerResult,
        Instant completedAt) {

    public Completion {
        workflowSteps = workflowSteps == null ? List.of() : List.copyOf(workflowSteps);
    }

    public Completion doneAt(Instant when) {
        return new Completion(completedById, completedByAgent, summary, notes, actualComplexity,
                actualFilesChanged, timeSpentMinutes, reviewReport, workflowSteps, explorerResult, reviewerResult,
                completedAt == null ? when : completedAt);
    }
}
