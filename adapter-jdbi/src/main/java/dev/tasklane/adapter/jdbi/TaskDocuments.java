package dev.tasklane.adapter.jdbi;

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
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.task.VerificationStep;
import dev.tasklane.domain.task.TaskIdentifier;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The document columns of a task: each embedded value to a JSON object and back. The stored field names
 * are this class's, not the domain's component names, so that renaming a Java component never silently
 * changes what is on disk; enums are stored by constant name, instants as ISO-8601 text (exact to the
 * nanosecond).
 */
final class TaskDocuments {
    /** How the stored form names an attempt the grace worker recorded. */
    private static final String GRACE_WORKER = "after_goal_grace_worker";

    private TaskDocuments() {
    }

    // ---- spec ----------------------------------------------------------------------------------------

    static String spec(TaskSpec spec) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("title", spec.title());
        doc.put("type", spec.type().name());
        doc.put("priority", spec.priority().name());
        doc.put("complexity", spec.complexity().name());
        doc.put("description", spec.description());
        doc.put("acceptance_criteria", spec.acceptanceCriteria());
        doc.put("needs_review", spec.needsReview());
        doc.put("human_task", spec.humanTask());
        doc.put("dependencies", spec.dependencies().stream().map(TaskIdentifier::toString).toList());
        doc.put("key_files", spec.keyFiles().stream().map(TaskDocuments::keyFile).toList());
        doc.put("verification_steps", spec.verificationSteps().stream().map(TaskDocuments::step).toList());
        doc.put("required_capabilities", spec.requiredCapabilities().stream().map(Enum::name).toList());
        doc.put("testing_strategy", SpecDocuments.testingStrategy(spec.testingStrategy()));
        doc.put("security_considerations", spec.securityConsiderations());
        doc.put("details", SpecDocuments.details(spec.details()));
        return JsonText.write(doc);
    }

    static TaskSpec spec(String text) {
        Map<String, Object> doc = JsonText.map(text);
        Set<Capability> capabilities = EnumSet.noneOf(Capability.class);
        strings(doc.get("required_capabilities")).forEach(name -> capabilities.add(Capability.valueOf(name)));
        return new TaskSpec(
                (String) doc.get("title"),
                TaskType.valueOf((String) doc.get("type")),
                Priority.valueOf((String) doc.get("priority")),
                Complexity.valueOf((String) doc.get("complexity")),
                (String) doc.get("description"),
                (String) doc.get("acceptance_criteria"),
                Boolean.TRUE.equals(doc.get("needs_review")),
                Boolean.TRUE.equals(doc.get("human_task")),
                identifiers(doc.get("dependencies")),
                maps(doc.get("key_files")).stream().map(TaskDocuments::keyFile).toList(),
                maps(doc.get("verification_steps")).stream().map(TaskDocuments::step).toList(),
                capabilities,
                SpecDocuments.testingStrategy(doc.get("testing_strategy")),
                strings(doc.get("security_considerations")),
                SpecDocuments.details(doc.get("details")));
    }

    private static Map<String, Object> keyFile(KeyFile file) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("file_path", file.filePath());
        doc.put("note", file.note());
        doc.put("position", file.position());
        return doc;
    }

    private static KeyFile keyFile(Map<String, Object> doc) {
        return new KeyFile((String) doc.get("file_path"), (String) doc.get("note"), intOf(doc.get("position")));
    }

    private static Map<String, Object> step(VerificationStep step) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("step_type", step.stepType().name());
        doc.put("step_text", step.stepText());
        doc.put("expected_result", step.expectedResult());
        doc.put("position", step.position());
        return doc;
    }

    private static VerificationStep step(Map<String, Object> doc) {
        return new VerificationStep(VerificationStep.StepType.valueOf((String) doc.get("step_type")),
                (String) doc.get("step_text"), (String) doc.get("expected_result"), intOf(doc.get("position")));
    }

    // ---- claim, completion, review, after_goal ----------------------------------------------------------

    static String claim(Claim claim) {
        if (claim == null) {
            return null;
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("agent_name", claim.agentName());
        doc.put("claimed_at", text(claim.claimedAt()));
        doc.put("expires_at", text(claim.expiresAt()));
        doc.put("claim_token", claim.claimToken());
        doc.put("assignee_before_claim", UserId.valueOrNull(claim.assigneeBeforeClaim()));
        doc.put("token_id", claim.tokenId());
        return JsonText.write(doc);
    }

    static Claim claim(String text) {
        Map<String, Object> doc = JsonText.map(text);
        return doc == null ? null : new Claim((String) doc.get("agent_name"), instant(doc.get("claimed_at")),
                instant(doc.get("expires_at")), (String) doc.get("claim_token"),
                userIdOf(doc.get("assignee_before_claim")), longOf(doc.get("token_id")));
    }

    static String completion(Completion completion) {
        if (completion == null) {
            return null;
        }
        AgentReport report = completion.report();
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("completed_by_id", UserId.valueOrNull(completion.completedById()));
        doc.put("completed_by_agent", completion.completedByAgent());
        doc.put("summary", report.summary());
        doc.put("notes", report.notes());
        doc.put("actual_complexity", report.actualComplexity() == null ? null : report.actualComplexity().name());
        doc.put("actual_files_changed", report.actualFilesChanged());
        doc.put("time_spent_minutes", report.timeSpentMinutes());
        doc.put("review_report", report.reviewReport());
        doc.put("workflow_steps", CompletionDocuments.steps(report.workflowSteps()));
        doc.put("explorer_result", CompletionDocuments.explorer(report.explorerResult()));
        doc.put("reviewer_result", CompletionDocuments.reviewer(report.reviewerResult()));
        doc.put("completed_at", text(completion.completedAt()));
        doc.put("completed_by_token_id", completion.completedByTokenId());
        return JsonText.write(doc);
    }

    @SuppressWarnings("unchecked")
    static Completion completion(String text) {
        Map<String, Object> doc = JsonText.map(text);
        if (doc == null) {
            return null;
        }
        String complexity = (String) doc.get("actual_complexity");
        Object minutes = doc.get("time_spent_minutes");
        AgentReport report = AgentReport.builder().summary((String) doc.get("summary")).notes((String) doc.get("notes"))
                .actualComplexity(complexity == null ? null : Complexity.valueOf(complexity))
                .actualFilesChanged((String) doc.get("actual_files_changed"))
                .timeSpentMinutes(minutes == null ? null : intOf(minutes)).reviewReport((String) doc.get("review_report"))
                .workflowSteps(CompletionDocuments.steps(doc.get("workflow_steps")))
                .explorerResult(CompletionDocuments.explorer(doc.get("explorer_result")))
                .reviewerResult(CompletionDocuments.reviewer(doc.get("reviewer_result"))).build();
        return new Completion(userIdOf(doc.get("completed_by_id")), (String) doc.get("completed_by_agent"),
                longOf(doc.get("completed_by_token_id")), report, instant(doc.get("completed_at")));
    }

    static String review(Review review) {
        if (review == null) {
            return null;
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("status", review.status() == null ? null : review.status().name());
        doc.put("notes", review.notes());
        doc.put("reviewed_at", text(review.reviewedAt()));
        doc.put("reviewed_by_id", UserId.valueOrNull(review.reviewedById()));
        return JsonText.write(doc);
    }

    static Review review(String text) {
        Map<String, Object> doc = JsonText.map(text);
        if (doc == null) {
            return null;
        }
        String status = (String) doc.get("status");
        return new Review(status == null ? null : ReviewStatus.valueOf(status), (String) doc.get("notes"),
                instant(doc.get("reviewed_at")), userIdOf(doc.get("reviewed_by_id")));
    }

    static String afterGoal(AfterGoal afterGoal) {
        if (afterGoal == null) {
            return null;
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("state", afterGoal.state().name());
        doc.put("armed_at", text(afterGoal.armedAt()));
        doc.put("last_result", attempt(afterGoal.lastResult()));
        doc.put("attempts", afterGoal.attempts().stream().map(TaskDocuments::attempt).toList());
        return JsonText.write(doc);
    }

    /** An attempt in the stored form: exit_code, output, duration_ms, source (the grace worker's only), reported_at. */
    private static Map<String, Object> attempt(AfterGoalAttempt attempt) {
        if (attempt == null) {
            return null;
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("exit_code", attempt.exitCode());
        doc.put("output", attempt.output());
        doc.put("duration_ms", attempt.durationMs());
        if (attempt.source() == AfterGoalAttempt.Source.GRACE_WORKER) {
            doc.put("source", GRACE_WORKER);
        }
        doc.put("reported_at", text(attempt.reportedAt()));
        return doc;
    }

    private static AfterGoalAttempt attempt(Object stored) {
        if (!(stored instanceof Map<?, ?> doc)) {
            return null;
        }
        AfterGoalAttempt.Source source = GRACE_WORKER.equals(doc.get("source"))
                ? AfterGoalAttempt.Source.GRACE_WORKER : AfterGoalAttempt.Source.AGENT;
        return new AfterGoalAttempt(((Number) doc.get("exit_code")).longValue(), (String) doc.get("output"),
                ((Number) doc.get("duration_ms")).longValue(), source, instant(doc.get("reported_at")));
    }

    @SuppressWarnings("unchecked")
    static AfterGoal afterGoal(String text) {
        Map<String, Object> doc = JsonText.map(text);
        return doc == null ? null : new AfterGoal(AfterGoal.State.valueOf((String) doc.get("state")),
                instant(doc.get("armed_at")), attempt(doc.get("last_result")),
                doc.get("attempts") instanceof List<?> attempts
                        ? attempts.stream().map(TaskDocuments::attempt).toList() : List.of());
    }

    // ---- plain values -----------------------------------------------------------------------------------

    private static String text(Instant instant) {
        return instant == null ? null : instant.toString();
    }

    private static Instant instant(Object value) {
        return value == null ? null : Instant.parse((String) value);
    }

    private static UserId userIdOf(Object value) {
        return UserId.ofNullable(longOf(value)).orElse(null);
    }

    private static Long longOf(Object value) {
        return value == null ? null : ((Number) value).longValue();
    }

    private static int intOf(Object value) {
        return ((Number) value).intValue();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        return value == null ? Map.of() : (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> maps(Object value) {
        return value == null ? List.of() : new ArrayList<>((List<Map<String, Object>>) value);
    }

    @SuppressWarnings("unchecked")
    private static List<String> strings(Object value) {
        return value == null ? List.of() : (List<String>) value;
    }

    /** Stored dependencies are identifiers the store accepted, written as text ("W12"). */
    private static List<TaskIdentifier> identifiers(Object value) {
        return strings(value).stream().map(text -> TaskIdentifier.parse(text)
                .orElseThrow(() -> new IllegalStateException("stored dependency is not an identifier: " + text))).toList();
    }
}
