package dev.tasklane.adapter.http;

import dev.tasklane.application.port.in.CompleteTask;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.hook.HookProofRejectedException;
import dev.tasklane.domain.hook.HookResultDraft;
import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.adapter.http.wire.completion.ExplorerResultBody;
import dev.tasklane.domain.task.ExplorerResult;
import dev.tasklane.domain.task.ReviewerResult;
import dev.tasklane.domain.task.WorkflowStep;
import dev.tasklane.domain.validation.ChangedFilesDraft;
import dev.tasklane.domain.validation.CompletionProblems;
import dev.tasklane.domain.validation.CompletionProblems.ResultProblems;
import dev.tasklane.domain.validation.CompletionRules;
import dev.tasklane.domain.validation.FieldError;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A complete body on the wire (docs/api.md, "Completion validation"). {@link #read} turns the decoded body into a
 * {@link CompleteTask} and never refuses: what it cannot type becomes a hook draft, a changed_files draft or a
 * {@link CompletionProblems} entry, and the use case reports each in the order docs/rules.md gives ("Completion:
 * which error comes first"). The {@code write} methods render a stored report's results and steps as sent.
 */
final class OracleCompletionJson {
    private static final String WORKFLOW_STEPS = "workflow_steps";
    private static final List<String> STEP_KEYS = List.of("name", "dispatched", "duration_ms", "reason", "reason_code");

    private final Json json;
    private final OracleReviewerResultJson reviewer;
    private final ChangedFileJson changedFiles;

    OracleCompletionJson(Json json) {
        this.json = json;
        this.reviewer = new OracleReviewerResultJson(json);
        this.changedFiles = new ChangedFileJson();
    }

    CompleteTask read(Map<String, Object> body) {
        List<FieldError> fields = new ArrayList<>();
        String summary = string(body, "completion_summary", fields);
        Complexity complexity = complexity(body.get("actual_complexity"), fields);
        String files = string(body, "actual_files_changed", fields);
        Integer minutes = minutes(body.get("time_spent_minutes"), fields);
        String notes = string(body, "completion_notes", fields);
        String reviewReport = string(body, "review_report", fields);
        Object explorerValue = body.get("explorer_result");
        OracleReviewerResultJson.Read<ExplorerResult> explorer = explorerValue == null
                ? new OracleReviewerResultJson.Read<>(null, ResultProblems.NONE) : reviewer.explorer(explorerValue);
        Object reviewerValue = body.get("reviewer_result");
        OracleReviewerResultJson.Read<ReviewerResult> review = reviewerValue == null
                ? new OracleReviewerResultJson.Read<>(null, ResultProblems.NONE) : reviewer.read(reviewerValue);
        List<FieldError> stepProblems = new ArrayList<>();
        List<WorkflowStep> steps = workflowSteps(body.get(WORKFLOW_STEPS), stepProblems);
        AgentReport report = new AgentReport(summary, notes, complexity, files, minutes, reviewReport, steps,
                explorer.result(), review.result());
        Object sentFiles = body.get("changed_files");
        ChangedFilesDraft changed = sentFiles == null ? null : changedFiles.read(sentFiles);
        return new CompleteTask(text(body.get("agent_name")), text(body.get("claim_token")),
                hook(HookName.AFTER_DOING, body), hook(HookName.BEFORE_REVIEW, body), report, changed,
                new CompletionProblems(fields, explorer.problems(), review.problems(), stepProblems));
    }

    private static String text(Object value) {
        return value instanceof String text ? text : null;
    }

    /** A proof that cannot be read is handed on with the message the clients know, to be reported after the 404. */
    private static HookResultDraft hook(HookName hook, Map<String, Object> body) {
        try {
            return HookResultDraft.of(hook, HookResultJson.parse(hook, body.get(hook.resultKey())));
        } catch (HookProofRejectedException malformed) {
            return HookResultDraft.malformed(hook, malformed.getMessage());
        }
    }

    private static String string(Map<String, Object> body, String field, List<FieldError> problems) {
        Object value = body.get(field);
        if (value == null || value instanceof String) {
            return (String) value;
        }
        problems.add(new FieldError(field, CompletionRules.INVALID));
        return null;
    }

    /** A blank value is no complexity (the rules say it is missing); another value that is not one is invalid. */
    private static Complexity complexity(Object value, List<FieldError> problems) {
        if (value == null || value instanceof String text && text.isBlank()) {
            return null;
        }
        Complexity complexity = Complexity.fromWire(value instanceof String text ? text : null).orElse(null);
        if (complexity == null) {
            problems.add(new FieldError("actual_complexity", CompletionRules.INVALID));
        }
        return complexity;
    }

    /** Minutes beyond the range of an int are stored as its bound: the sign, which the rules judge, is kept. */
    private static Integer minutes(Object value, List<FieldError> problems) {
        if (value == null) {
            return null;
        }
        if (!HookResultJson.isInteger(value)) {
            problems.add(new FieldError("time_spent_minutes", CompletionRules.INVALID));
            return null;
        }
        long minutes = ((Number) value).longValue();
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, minutes));
    }

    /**
     * The workflow_steps entries (docs/rules.md, "Completion results"): each one a map with a string name and,
     * when dispatched, a non-negative integer duration_ms or, when skipped, a string reason; names and reason codes
     * from their lists. Problems are distinct, in entry order; with any, no step is typed.
     */
    private List<WorkflowStep> workflowSteps(Object value, List<FieldError> problems) {
        if (value == null) {
            return List.of();
        }
        if (!(value instanceof List<?> list)) {
            problems.add(new FieldError(WORKFLOW_STEPS, "must be a list of step maps"));
            return List.of();
        }
        List<FieldError> errors = new ArrayList<>();
        List<WorkflowStep> steps = new ArrayList<>(list.size());
        for (Object entry : list) {
            WorkflowStep step = workflowStep(entry, errors);
            if (step != null) {
                steps.add(step);
            }
        }
        problems.addAll(errors.stream().distinct().toList());
        return problems.isEmpty() ? steps : List.of();
    }

    private WorkflowStep workflowStep(Object entry, List<FieldError> errors) {
        if (!(entry instanceof Map<?, ?> step)) {
            errors.add(new FieldError(WORKFLOW_STEPS, CompletionRules.WORKFLOW_ENTRY));
            return null;
        }
        Object name = step.get("name");
        Object dispatched = step.get("dispatched");
        boolean shaped = name instanceof String && dispatched instanceof Boolean
                && (Boolean.TRUE.equals(dispatched) ? OracleReviewerShape.isNonNegativeInteger(step.get("duration_ms"))
                        : step.get("reason") instanceof String);
        if (!shaped) {
            errors.add(new FieldError(WORKFLOW_STEPS, CompletionRules.WORKFLOW_ENTRY));
            return null;
        }
        boolean ok = true;
        if (!OracleReviewerShape.oneOf(name, CompletionRules.STEP_NAMES)) {
            errors.add(new FieldError(WORKFLOW_STEPS, "name must be one of: " + String.join(", ", CompletionRules.STEP_NAMES)));
            ok = false;
        }
        Object code = step.get("reason_code");
        if (code != null && !OracleReviewerShape.oneOf(code, CompletionRules.REASON_CODES)) {
            errors.add(new FieldError(WORKFLOW_STEPS, "reason_code must be one of: " + String.join(", ", CompletionRules.REASON_CODES)));
            ok = false;
        }
        if (!ok) {
            return null;
        }
        OracleSentObject sent = new OracleSentObject(json, step, STEP_KEYS);
        return new WorkflowStep(sent.string("name"), sent.bool("dispatched"), sent.integer("duration_ms"),
                sent.string("reason"), sent.string("reason_code"), sent.unknownKeys());
    }

    // ---------------------------------------------------------------- writing

    /** The stored workflow steps as sent, for a task's answer. */
    static List<WorkflowStep> writeSteps(List<WorkflowStep> steps) {
        return steps;
    }

    /** A stored explorer_result as sent, for a task's answer; null when there is none. */
    static ExplorerResultBody writeExplorer(ExplorerResult explorer) {
        return ExplorerResultBody.of(explorer);
    }
}
