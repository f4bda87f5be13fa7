package dev.tasklane.adapter.jdbi;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.AfterGoal;
import dev.tasklane.domain.task.AfterGoalAttempt;
import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Claim;
import dev.tasklane.domain.task.Completion;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.Review;
import dev.tasklane.domain.task.ReviewStatus;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.task.VerificationStep;
import dev.tasklane.domain.task.WorkflowStep;

import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The document columns of a task: each embedded value to a JSON object and back, through a document record per
 * column. The stored field names are the records' (snake_case of their components), not the domain's component
 * names, so that renaming a Java component never silently changes what is on disk; components are written in the
 * order the records declare them, nulls included; enums are stored by constant name, instants as ISO-8601 text
 * (exact to the nanosecond). Reading ignores keys a record does not name, and a key that rows written before it
 * existed lack reads as absent ({@code TaskDocumentsTest} reads each older form).
 */
final class TaskDocuments {
    /** How the stored form names an attempt the grace worker recorded. */
    private static final String GRACE_WORKER = "after_goal_grace_worker";

    private static final ObjectReader SPEC = JsonText.reader(SpecDocument.class);
    private static final ObjectReader CLAIM = JsonText.reader(ClaimDocument.class);
    private static final ObjectReader COMPLETION =
            JsonText.reader(new TypeReference<CompletionDocument<JsonNode, JsonNode>>() { });
    private static final ObjectReader REVIEW = JsonText.reader(ReviewDocument.class);
    private static final ObjectReader AFTER_GOAL = JsonText.reader(AfterGoalDocument.class);

    private TaskDocuments() {
    }

    // ---- spec ----------------------------------------------------------------------------------------

    /**
     * The {@code spec} column. {@code testing_strategy} and {@code details} are the documents of
     * {@link SpecDocuments}.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record SpecDocument(String title, String type, String priority, String complexity, String description,
            String acceptanceCriteria, Boolean needsReview, Boolean humanTask, List<String> dependencies,
            List<KeyFileDocument> keyFiles, List<StepDocument> verificationSteps, List<String> requiredCapabilities,
            SpecDocuments.StrategyDocument testingStrategy, List<String> securityConsiderations,
            SpecDocuments.DetailsDocument details) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record KeyFileDocument(String filePath, String note, int position) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record StepDocument(String stepType, String stepText, String expectedResult, int position) {
    }

    static String spec(TaskSpec spec) {
        return JsonText.write(new SpecDocument(spec.title(), spec.type().name(), spec.priority().name(),
                spec.complexity().name(), spec.description(), spec.acceptanceCriteria(), spec.needsReview(),
                spec.humanTask(), spec.dependencies().stream().map(TaskIdentifier::toString).toList(),
                spec.keyFiles().stream().map(f -> new KeyFileDocument(f.filePath(), f.note(), f.position())).toList(),
                spec.verificationSteps().stream().map(v -> new StepDocument(v.stepType().name(), v.stepText(),
                        v.expectedResult(), v.position())).toList(),
                spec.requiredCapabilities().stream().map(Enum::name).toList(),
                SpecDocuments.testingStrategy(spec.testingStrategy()), spec.securityConsiderations(),
                SpecDocuments.details(spec.details())));
    }

    static TaskSpec spec(String text) {
        SpecDocument doc = JsonText.read(SPEC, text);
        Set<Capability> capabilities = EnumSet.noneOf(Capability.class);
        listOf(doc.requiredCapabilities()).forEach(name -> capabilities.add(Capability.valueOf(name)));
        return new TaskSpec(doc.title(), TaskType.valueOf(doc.type()), Priority.valueOf(doc.priority()),
                Complexity.valueOf(doc.complexity()), doc.description(), doc.acceptanceCriteria(),
                Boolean.TRUE.equals(doc.needsReview()), Boolean.TRUE.equals(doc.humanTask()),
                identifiers(doc.dependencies()),
                listOf(doc.keyFiles()).stream().map(f -> new KeyFile(f.filePath(), f.note(), f.position())).toList(),
                listOf(doc.verificationSteps()).stream().map(v -> new VerificationStep(
                        VerificationStep.StepType.valueOf(v.stepType()), v.stepText(), v.expectedResult(),
                        v.position())).toList(),
                capabilities, SpecDocuments.testingStrategy(doc.testingStrategy()),
                listOf(doc.securityConsiderations()), SpecDocuments.details(doc.details()));
    }

    // ---- claim, completion, review, after_goal ----------------------------------------------------------

    /** The {@code claim} column; {@code token_id} is absent from claims stored before tokens held them. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record ClaimDocument(String agentName, String claimedAt, String expiresAt, String claimToken,
            Long assigneeBeforeClaim, Long tokenId) {
    }

    static String claim(Claim claim) {
        return claim == null ? null : JsonText.write(new ClaimDocument(claim.agentName(), text(claim.claimedAt()),
                text(claim.expiresAt()), claim.claimToken(), UserId.valueOrNull(claim.assigneeBeforeClaim()),
                claim.tokenId()));
    }

    static Claim claim(String text) {
        ClaimDocument doc = JsonText.read(CLAIM, text);
        return doc == null ? null : new Claim(doc.agentName(), instant(doc.claimedAt()), instant(doc.expiresAt()),
                doc.claimToken(), userId(doc.assigneeBeforeClaim()), doc.tokenId());
    }

    /**
     * The {@code completion} column: who completed the task, the agent's report, and its steps and results in the
     * form {@link CompletionDocuments} writes ({@code S} and {@code R}) and reads (trees, so that a stored value
     * that is not of its documented type is kept as stored). {@code completed_by_token_id} is absent from
     * completions stored before tokens held claims.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record CompletionDocument<S, R>(Long completedById, String completedByAgent, String summary, String notes,
            String actualComplexity, String actualFilesChanged, Integer timeSpentMinutes, String reviewReport,
            S workflowSteps, R explorerResult, R reviewerResult, String completedAt, Long completedByTokenId) {
    }

    static String completion(Completion completion) {
        if (completion == null) {
            return null;
        }
        AgentReport report = completion.report();
        return JsonText.write(new CompletionDocument<List<WorkflowStep>, CompletionDocuments.ResultDocument>(
                UserId.valueOrNull(completion.completedById()), completion.completedByAgent(), report.summary(),
                report.notes(), report.actualComplexity() == null ? null : report.actualComplexity().name(),
                report.actualFilesChanged(), report.timeSpentMinutes(), report.reviewReport(),
                CompletionDocuments.steps(report.workflowSteps()),
                CompletionDocuments.explorer(report.explorerResult()),
                CompletionDocuments.reviewer(report.reviewerResult()), text(completion.completedAt()),
                completion.completedByTokenId()));
    }

    static Completion completion(String text) {
        CompletionDocument<JsonNode, JsonNode> doc = JsonText.read(COMPLETION, text);
        if (doc == null) {
            return null;
        }
        AgentReport report = AgentReport.builder().summary(doc.summary()).notes(doc.notes())
                .actualComplexity(doc.actualComplexity() == null ? null : Complexity.valueOf(doc.actualComplexity()))
                .actualFilesChanged(doc.actualFilesChanged()).timeSpentMinutes(doc.timeSpentMinutes())
                .reviewReport(doc.reviewReport())
                .workflowSteps(CompletionDocuments.steps(doc.workflowSteps()))
                .explorerResult(CompletionDocuments.explorer(doc.explorerResult()))
                .reviewerResult(CompletionDocuments.reviewer(doc.reviewerResult())).build();
        return new Completion(userId(doc.completedById()), doc.completedByAgent(), doc.completedByTokenId(), report,
                instant(doc.completedAt()));
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record ReviewDocument(String status, String notes, String reviewedAt, Long reviewedById) {
    }

    static String review(Review review) {
        return review == null ? null : JsonText.write(new ReviewDocument(
                review.status() == null ? null : review.status().name(), review.notes(), text(review.reviewedAt()),
                UserId.valueOrNull(review.reviewedById())));
    }

    static Review review(String text) {
        ReviewDocument doc = JsonText.read(REVIEW, text);
        return doc == null ? null : new Review(doc.status() == null ? null : ReviewStatus.valueOf(doc.status()),
                doc.notes(), instant(doc.reviewedAt()), userId(doc.reviewedById()));
    }

    /** The {@code after_goal} column: its state, when it was armed, and the reports on the goal's hook. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record AfterGoalDocument(String state, String armedAt, AttemptDocument lastResult, List<AttemptDocument> attempts) {
    }

    /**
     * One report in the stored form: exit_code, output, duration_ms, source (written for the grace worker's only;
     * absent, it is the agent's, as in every attempt stored before the grace worker existed), reported_at.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record AttemptDocument(long exitCode, String output, long durationMs,
            @JsonInclude(JsonInclude.Include.NON_NULL) String source, String reportedAt) {

        static AttemptDocument of(AfterGoalAttempt attempt) {
            return attempt == null ? null : new AttemptDocument(attempt.exitCode(), attempt.output(),
                    attempt.durationMs(), attempt.source() == AfterGoalAttempt.Source.GRACE_WORKER ? GRACE_WORKER : null,
                    text(attempt.reportedAt()));
        }

        AfterGoalAttempt attempt() {
            return new AfterGoalAttempt(exitCode, output, durationMs, GRACE_WORKER.equals(source)
                    ? AfterGoalAttempt.Source.GRACE_WORKER : AfterGoalAttempt.Source.AGENT, instant(reportedAt));
        }
    }

    static String afterGoal(AfterGoal afterGoal) {
        return afterGoal == null ? null : JsonText.write(new AfterGoalDocument(afterGoal.state().name(),
                text(afterGoal.armedAt()), AttemptDocument.of(afterGoal.lastResult()),
                afterGoal.attempts().stream().map(AttemptDocument::of).toList()));
    }

    static AfterGoal afterGoal(String text) {
        AfterGoalDocument doc = JsonText.read(AFTER_GOAL, text);
        return doc == null ? null : new AfterGoal(AfterGoal.State.valueOf(doc.state()), instant(doc.armedAt()),
                doc.lastResult() == null ? null : doc.lastResult().attempt(),
                listOf(doc.attempts()).stream().map(AttemptDocument::attempt).toList());
    }

    // ---- plain values -----------------------------------------------------------------------------------

    private static String text(Instant instant) {
        return instant == null ? null : instant.toString();
    }

    private static Instant instant(String text) {
        return text == null ? null : Instant.parse(text);
    }

    private static UserId userId(Long id) {
        return UserId.ofNullable(id).orElse(null);
    }

    private static <T> List<T> listOf(List<T> stored) {
        return stored == null ? List.of() : stored;
    }

    /** Stored dependencies are identifiers the store accepted, written as text ("W12"). */
    private static List<TaskIdentifier> identifiers(List<String> stored) {
        return listOf(stored).stream().map(text -> TaskIdentifier.parse(text)
                .orElseThrow(() -> new IllegalStateException("stored dependency is not an identifier: " + text))).toList();
    }
}
