package dev.tasklane.adapter.http;

import com.fasterxml.jackson.databind.util.RawValue;
import dev.tasklane.application.port.in.HookEntry;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.task.Archive;
import dev.tasklane.domain.task.BehaviourRow;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Completion;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Review;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskDetails;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TextOrList;
import dev.tasklane.domain.task.VerificationStep;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders tasks exactly as Stride clients read them (docs/api.md, "Task renders"): the full record, the 11-key
 * summary, the 9-key ack and the 13-key goal render, plus Tasklane's {@code blocked} and {@code blocked_by}.
 * Every key is always present; absent values are {@code null}.
 */
final class TaskJson {
    private static final DateTimeFormatter NAIVE = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss").withZone(ZoneOffset.UTC);

    private TaskJson() {
    }

    /** The full record plus blocked/blocked_by (docs/api.md, "Task renders"). */
    static Map<String, Object> full(TaskView view, Board board) {
        Task task = view.task();
        TaskSpec spec = task.spec();
        TaskDetails details = spec.details();
        Completion done = task.completion();
        AgentReport reported = done == null ? AgentReport.NONE : done.report();
        Review review = task.review();
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", task.id());
        json.put("title", spec.title());
        json.put("description", spec.description());
        json.put("acceptance_criteria", spec.acceptanceCriteria());
        json.put("position", task.position());
        json.put("type", spec.type().wire());
        json.put("priority", spec.priority().wire());
        json.put("identifier", task.identifier().toString());
        json.put("column_id", board.columnId(task.column()));
        json.put("assigned_to_id", task.assignedToId());
        json.put("parent_id", task.parentId());
        json.put("complexity", spec.complexity().wire());
        json.put("estimated_files", details.estimatedFiles());
        json.put("why", details.why());
        json.put("what", details.what());
        json.put("where_context", details.whereContext());
        json.put("patterns_to_follow", details.patternsToFollow());
        json.put("database_changes", details.databaseChanges());
        json.put("validation_rules", details.validationRules());
        json.put("telemetry_event", details.telemetryEvent());
        json.put("metrics_to_track", details.metricsToTrack());
        json.put("logging_requirements", details.loggingRequirements());
        json.put("error_user_message", details.errorUserMessage());
        json.put("error_on_failure", details.errorOnFailure());
        json.put("key_files", keyFiles(spec.keyFiles()));
        json.put("verification_steps", verificationSteps(spec.verificationSteps()));
        json.put("behaviour_test_matrix", behaviourRows(details.behaviourTestMatrix()));
        json.put("technology_requirements", details.technologyRequirements());
        json.put("pitfalls", details.pitfalls());
        json.put("out_of_scope", details.outOfScope());
        json.put("security_considerations", spec.securityConsiderations());
        json.put("testing_strategy", textMap(spec.testingStrategy().parts()));
        json.put("integration_points", textMap(details.integrationPoints()));
        json.put("technical_details", raw(details.technicalDetails()));
        json.put("created_by_id", task.createdById());
        json.put("created_by_agent", task.createdByAgent());
        json.put("completed_at", done == null ? null : utc(done.completedAt()));
        json.put("completed_by_id", done == null ? null : done.completedById());
        json.put("completed_by_agent", done == null ? null : done.completedByAgent());
        json.put("completion_summary", reported.summary());
        json.put("completion_notes", reported.notes());
        json.put("dependencies", spec.dependencies());
        json.put("status", task.status().wire());
        json.put("blocked", view.blocked());
        json.put("blocked_by", view.blockedBy());
        json.put("claimed_at", task.claim() == null ? null : utc(task.claim().claimedAt()));
        json.put("claim_expires_at", task.claim() == null ? null : utc(task.claim().expiresAt()));
        json.put("required_capabilities", spec.requiredCapabilities().stream().map(Capability::wire).sorted().toList());
        json.put("actual_complexity", reported.actualComplexity() == null ? null : reported.actualComplexity().wire());
        json.put("actual_files_changed", reported.actualFilesChanged());
        json.put("changed_files", ChangedFileJson.write(task.changedFiles()));
        json.put("time_spent_minutes", reported.timeSpentMinutes());
        json.put("human_task", spec.humanTask());
        json.put("needs_review", spec.needsReview());
        json.put("review_status", review == null ? null : review.status().wire());
        json.put("review_notes", review == null ? null : review.notes());
        json.put("review_report", reported.reviewReport());
        json.put("workflow_steps", CompletionJson.writeSteps(reported.workflowSteps()));
        json.put("explorer_result", CompletionJson.writeExplorer(reported.explorerResult()));
        json.put("reviewer_result", ReviewerResultJson.write(reported.reviewerResult()));
        json.put("reviewed_at", review == null ? null : utc(review.reviewedAt()));
        json.put("reviewed_by_id", review == null ? null : review.reviewedById());
        json.put("inserted_at", naive(task.insertedAt()));
        json.put("updated_at", naive(task.updatedAt()));
        Archive archive = task.archive();
        json.put("archived_at", archive == null ? null : utc(archive.archivedAt()));
        json.put("archive_reason", archive == null ? null : archive.reason().wire());
        json.put("archive_note", archive == null ? null : archive.note());
        json.put("archived_by_id", archive == null ? null : archive.archivedById());
        json.put("duplicate_of", archive == null ? null : archive.duplicateOf());
        return json;
    }

    /** The 11-key summary row plus blocked/blocked_by (docs/api.md, "Slim views"). */
    static Map<String, Object> summary(TaskView view) {
        Task task = view.task();
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", task.id());
        json.put("identifier", task.identifier().toString());
        json.put("title", task.spec().title());
        json.put("type", task.type().wire());
        json.put("status", task.status().wire());
        json.put("priority", task.priority().wire());
        json.put("complexity", task.spec().complexity().wire());
        json.put("dependencies", task.spec().dependencies());
        json.put("created_by_agent", task.createdByAgent());
        json.put("parent_id", task.parentId());
        json.put("claim_expires_at", task.claim() == null ? null : utc(task.claim().expiresAt()));
        json.put("blocked", view.blocked());
        json.put("blocked_by", view.blockedBy());
        return json;
    }

    /** The 9-key acknowledgement of slim complete and slim changed_files (docs/api.md, "Slim views"). */
    static Map<String, Object> ack(TaskView view) {
        Task task = view.task();
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", task.id());
        json.put("identifier", task.identifier().toString());
        json.put("title", task.spec().title());
        json.put("status", task.status().wire());
        json.put("parent_id", task.parentId());
        json.put("needs_review", task.spec().needsReview());
        json.put("review_status", task.review() == null ? null : task.review().status().wire());
        json.put("complexity", task.spec().complexity().wire());
        json.put("priority", task.priority().wire());
        return json;
    }

    /** The 13-key goal render of goal-creation responses (docs/api.md, "Task renders"). */
    static Map<String, Object> goal(TaskView view, Board board) {
        Task task = view.task();
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", task.id());
        json.put("identifier", task.identifier().toString());
        json.put("title", task.spec().title());
        json.put("description", task.spec().description());
        json.put("status", task.status().wire());
        json.put("priority", task.priority().wire());
        json.put("complexity", task.spec().complexity().wire());
        json.put("type", task.type().wire());
        json.put("created_by_id", task.createdById());
        json.put("created_by_agent", task.createdByAgent());
        json.put("column_id", board.columnId(task.column()));
        json.put("inserted_at", naive(task.insertedAt()));
        json.put("updated_at", naive(task.updatedAt()));
        return json;
    }

    /** One hook entry (docs/api.md, "Hooks"). */
    static Map<String, Object> hook(HookEntry entry) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("name", entry.name().wire());
        json.put("env", entry.env());
        json.put("timeout", entry.timeoutMs());
        json.put("blocking", entry.blocking());
        json.put("execute_before", entry.name().executeBefore());
        json.put("execute_after", entry.name().executeAfter());
        json.put("description", entry.name().description());
        return json;
    }

    static List<Map<String, Object>> hooks(List<HookEntry> entries) {
        return entries.stream().map(TaskJson::hook).toList();
    }

    /** ISO-8601 UTC with Z, second precision: "2026-01-15T17:55:53Z". */
    static String utc(Instant instant) {
        return instant == null ? null : instant.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /** ISO-8601 without offset (values are UTC): "2026-01-15T16:55:53". */
    static String naive(Instant instant) {
        return instant == null ? null : NAIVE.format(instant);
    }

    private static List<Map<String, Object>> keyFiles(List<KeyFile> files) {
        List<Map<String, Object>> rows = new ArrayList<>(files.size());
        for (KeyFile file : files) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("file_path", file.filePath());
            row.put("note", file.note());
            row.put("position", file.position());
            rows.add(row);
        }
        return rows;
    }

    private static List<Map<String, Object>> verificationSteps(List<VerificationStep> steps) {
        List<Map<String, Object>> rows = new ArrayList<>(steps.size());
        for (VerificationStep step : steps) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("step_type", step.stepType().wire());
            row.put("step_text", step.stepText());
            row.put("expected_result", step.expectedResult());
            row.put("position", step.position());
            rows.add(row);
        }
        return rows;
    }

    private static List<Map<String, Object>> behaviourRows(List<BehaviourRow> matrix) {
        List<Map<String, Object>> rendered = new ArrayList<>(matrix.size());
        for (BehaviourRow row : matrix) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("category", row.category());
            out.put("behaviour", row.behaviour());
            out.put("test_name", row.testName());
            out.put("type", row.type());
            out.put("status", row.status());
            out.put("na_reason", row.naReason());
            out.put("position", row.position());
            rendered.add(out);
        }
        return rendered;
    }

    /** An object whose values are each a string or an array of strings, in the form each was sent. */
    private static Map<String, Object> textMap(Map<String, TextOrList> values) {
        Map<String, Object> out = new LinkedHashMap<>();
        values.forEach((key, value) -> out.put(key, value instanceof TextOrList.Text text ? text.value() : value.lines()));
        return out;
    }

    /** An object stored as sent: each value written as the JSON text it was received as. */
    private static Map<String, Object> raw(UnknownKeys keys) {
        Map<String, Object> out = new LinkedHashMap<>();
        keys.values().forEach((key, value) -> out.put(key, new RawValue(value.text())));
        return out;
    }
}
