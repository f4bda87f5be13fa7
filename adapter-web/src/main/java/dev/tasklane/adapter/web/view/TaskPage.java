package dev.tasklane.adapter.web.view;

import java.util.List;

/** Everything about one task, for reading, and the actions the reader may take on it. */
public record TaskPage(
        Chrome chrome,
        String identifier,
        String title,
        String type,
        String priority,
        String status,
        String column,
        List<Field> facts,
        String description,
        List<Criterion> criteria,
        List<Field> specification,
        List<Field> completion,
        List<Field> explorer,
        List<Field> reviewerSummary,
        List<VerdictRow> verdicts,
        Table workflow,
        List<Field> review,
        List<HistoryRow> history,
        List<DiffFile> diff,
        List<Link> dependencies,
        List<Link> dependents,
        List<Link> children,
        String actionBase,
        boolean canWrite,
        boolean inReview,
        List<Option> assignees,
        TaskTidy tidy,
        CommentThread comments,
        List<String> dependencyIds,
        String dependencyError,
        String dependencyTyped,
        boolean openGoal,
        SessionViews.SessionPanel session) {

    public int diffAdded() {
        return diff.stream().mapToInt(DiffFile::added).sum();
    }

    public int diffRemoved() {
        return diff.stream().mapToInt(DiffFile::removed).sum();
    }
}
