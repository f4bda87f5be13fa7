package dev.tasklane.adapter.http.wire;

import dev.tasklane.edge.WireParts;
import dev.tasklane.adapter.http.wire.completion.ReviewerResultBody;
import dev.tasklane.adapter.http.wire.completion.ExplorerResultBody;
import dev.tasklane.domain.task.WorkflowStep;
import dev.tasklane.domain.task.ChangedFile;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.task.Archive;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Completion;
import dev.tasklane.domain.task.Detail;
import dev.tasklane.domain.task.Review;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskDetails;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TextOrList;

import java.util.List;
import java.util.Map;

/**
 * The full task record plus Tasklane's {@code blocked} and {@code blocked_by} (docs/api.md, "Task renders"). Every
 * key is present and null when absent, except three: {@code changed_files}, which list rows leave out unless asked
 * ({@code include=changed_files}); {@code external_url}, the GitHub issue's page of a task made from one (the read of
 * one task answers it); and {@code claim_token}, which only the claim (and a claim-keeping mark_reviewed) adds, last.
 *
 * <p>{@code changed_files}, {@code workflow_steps}, {@code explorer_result} and {@code reviewer_result} hold what the
 * completion renderers make of the stored report; {@link Embedded} carries them in.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record FullTask(
        TaskId id,
        String title,
        String description,
        String acceptanceCriteria,
        long position,
        String type,
        String priority,
        String identifier,
        Long columnId,
        UserId assignedToId,
        TaskId parentId,
        String complexity,
        String estimatedFiles,
        String why,
        String what,
        String whereContext,
        String patternsToFollow,
        String databaseChanges,
        String validationRules,
        String telemetryEvent,
        String metricsToTrack,
        String loggingRequirements,
        String errorUserMessage,
        String errorOnFailure,
        List<KeyFileView> keyFiles,
        List<VerificationStepView> verificationSteps,
        List<BehaviourRowView> behaviourTestMatrix,
        List<String> technologyRequirements,
        List<String> pitfalls,
        List<String> outOfScope,
        List<String> securityConsiderations,
        @JsonSerialize(contentUsing = SentJson.Text.class) Map<String, TextOrList> testingStrategy,
        @JsonSerialize(contentUsing = SentJson.Text.class) Map<String, TextOrList> integrationPoints,
        UnknownKeys technicalDetails,
        UserId createdById,
        String createdByAgent,
        String completedAt,
        UserId completedById,
        String completedByAgent,
        String completionSummary,
        String completionNotes,
        List<String> dependencies,
        String status,
        boolean blocked,
        List<String> blockedBy,
        String claimedAt,
        String claimExpiresAt,
        List<String> requiredCapabilities,
        String actualComplexity,
        String actualFilesChanged,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<ChangedFile> changedFiles,
        Integer timeSpentMinutes,
        boolean humanTask,
        boolean needsReview,
        String reviewStatus,
        String reviewNotes,
        String reviewReport,
        List<WorkflowStep> workflowSteps,
        ExplorerResultBody explorerResult,
        ReviewerResultBody reviewerResult,
        String reviewedAt,
        UserId reviewedById,
        String insertedAt,
        String updatedAt,
        String archivedAt,
        String archiveReason,
        String archiveNote,
        UserId archivedById,
        String duplicateOf,
        @JsonInclude(JsonInclude.Include.NON_NULL) String externalUrl,
        @JsonInclude(JsonInclude.Include.NON_NULL) String claimToken) implements TaskRender {

    /** The completion-side renders of a task's stored report, as their renderers make them. */
    public record Embedded(List<ChangedFile> changedFiles, List<WorkflowStep> workflowSteps,
                           ExplorerResultBody explorerResult, ReviewerResultBody reviewerResult) {
    }

    /** The record of {@code view} on {@code board}; {@code embedded.changedFiles()} null leaves the key out. */
    public static FullTask of(TaskView view, Board board, Embedded embedded) {
        return of(view, board, embedded, null);
    }

    /** The record with {@code claimToken} added last (the claim's answer); null leaves the key out. */
    public static FullTask of(TaskView view, Board board, Embedded embedded, String claimToken) {
        Task task = view.task();
        TaskSpec spec = task.spec();
        TaskDetails details = spec.details();
        Completion done = task.completion();
        AgentReport reported = done == null ? AgentReport.NONE : done.report();
        Review review = task.review();
        Archive archive = task.archive();
        return new FullTask(
                task.id(),
                spec.title(),
                spec.description(),
                spec.acceptanceCriteria(),
                task.position(),
                spec.type().code(),
                spec.priority().code(),
                task.identifier().toString(),
                board.columnId(task.status()),
                task.assignedToId(),
                task.parentId(),
                spec.complexity().code(),
                details.text(Detail.ESTIMATED_FILES),
                details.text(Detail.WHY),
                details.text(Detail.WHAT),
                details.text(Detail.WHERE_CONTEXT),
                details.text(Detail.PATTERNS_TO_FOLLOW),
                details.text(Detail.DATABASE_CHANGES),
                details.text(Detail.VALIDATION_RULES),
                details.text(Detail.TELEMETRY_EVENT),
                details.text(Detail.METRICS_TO_TRACK),
                details.text(Detail.LOGGING_REQUIREMENTS),
                details.text(Detail.ERROR_USER_MESSAGE),
                details.text(Detail.ERROR_ON_FAILURE),
                spec.keyFiles().stream().map(KeyFileView::of).toList(),
                spec.verificationSteps().stream().map(VerificationStepView::of).toList(),
                details.behaviourTestMatrix().stream().map(BehaviourRowView::of).toList(),
                details.technologyRequirements(),
                details.pitfalls(),
                details.outOfScope(),
                spec.securityConsiderations(),
                WireParts.testingStrategy(spec.testingStrategy()),
                details.integrationPoints(),
                details.technicalDetails(),
                task.createdById(),
                task.createdByAgent(),
                done == null ? null : WireTime.utc(done.completedAt()),
                done == null ? null : done.completedById(),
                done == null ? null : done.completedByAgent(),
                reported.summary(),
                reported.notes(),
                WireIds.texts(spec.dependencies()),
                task.status().code(),
                view.blocked(),
                WireIds.texts(view.blockedBy()),
                task.claim() == null ? null : WireTime.utc(task.claim().claimedAt()),
                task.claim() == null ? null : WireTime.utc(task.claim().expiresAt()),
                spec.requiredCapabilities().stream().map(Capability::code).sorted().toList(),
                reported.actualComplexity() == null ? null : reported.actualComplexity().code(),
                reported.actualFilesChanged(),
                embedded.changedFiles(),
                reported.timeSpentMinutes(),
                spec.humanTask(),
                spec.needsReview(),
                review == null ? null : review.status().code(),
                review == null ? null : review.notes(),
                reported.reviewReport(),
                embedded.workflowSteps(),
                embedded.explorerResult(),
                embedded.reviewerResult(),
                review == null ? null : WireTime.utc(review.reviewedAt()),
                review == null ? null : review.reviewedById(),
                WireTime.naive(task.insertedAt()),
                WireTime.naive(task.updatedAt()),
                archive == null ? null : WireTime.utc(archive.archivedAt()),
                archive == null ? null : archive.reason().code(),
                archive == null ? null : archive.note(),
                archive == null ? null : archive.archivedById(),
                archive == null ? null : archive.duplicateOf(),
                view.externalUrl(),
                claimToken);
    }
}
