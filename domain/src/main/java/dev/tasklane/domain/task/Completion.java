package dev.tasklane.domain.task;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What the agent reported when it completed the task; {@code completedAt} is set only once it is Done.
 * {@code completedByTokenId} is the API token that completed it (null without one): that token may not record
 * the review decision on this work.
 */
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
        Instant completedAt,
        Long completedByTokenId) {

    public Completion {
        workflowSteps = workflowSteps == null ? List.of() : List.copyOf(workflowSteps);
    }

    /** A completion not made through an API token. */
    public Completion(Long completedById, String completedByAgent, String summary, String notes,
                      Complexity actualComplexity, String actualFilesChanged, Integer timeSpentMinutes,
                      String reviewReport, List<Object> workflowSteps, Map<String, Object> explorerResult,
                      Map<String, Object> reviewerResult, Instant completedAt) {
        this(completedById, completedByAgent, summary, notes, actualComplexity, actualFilesChanged, timeSpentMinutes,
                reviewReport, workflowSteps, explorerResult, reviewerResult, completedAt, null);
    }

    public Completion doneAt(Instant when) {
        return new Completion(completedById, completedByAgent, summary, notes, actualComplexity,
                actualFilesChanged, timeSpentMinutes, reviewReport, workflowSteps, explorerResult, reviewerResult,
                completedAt == null ? when : completedAt, completedByTokenId);
    }
}
