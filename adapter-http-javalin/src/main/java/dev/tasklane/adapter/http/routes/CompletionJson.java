package dev.tasklane.adapter.http.routes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tasklane.adapter.http.pipeline.Json;
import dev.tasklane.adapter.http.wire.BodyChecks;
import dev.tasklane.adapter.http.wire.completion.CompletionBody;
import dev.tasklane.adapter.http.wire.completion.SentFields;
import dev.tasklane.application.port.in.CompleteTask;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.hook.HookProofRejectedException;
import dev.tasklane.domain.hook.HookResultDraft;
import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.task.Complexity;
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
 * A complete body on the wire (docs/api.md, "Completion validation"). {@link #read} turns the body, bound by Jackson to a
 * {@link CompletionBody}, into a {@link CompleteTask}; it never refuses: what it cannot type becomes a hook draft, a changed_files draft or a
 * {@link CompletionProblems} entry, and the use case reports each in the order docs/rules.md gives ("Completion:
 * which error comes first"). The {@code write} methods render a stored report's results and steps as sent.
 */
final class CompletionJson {
    private static final String WORKFLOW_STEPS = "workflow_steps";
    private static final List<String> STEP_KEYS = List.of("name", "dispatched", "duration_ms", "reason", "reason_code");

    /** Where docs/api.md gives every key of the loop's bodies with its type and an example. */
    static final String LOOP_BODIES = "docs/api.md#the-loops-bodies-complete";
    /** What each scalar key of a completion expects, with an example: the text after "is invalid: expected". */
    private static final Map<String, String> EXPECTED = Map.of(
            "completion_summary", "a string, e.g. \"Added the rate limiter in front of login\"",
            "completion_notes", "a string, e.g. \"The limit and the window are constants\"",
            "review_report", "a string, e.g. \"No issues found\"",
            "actual_files_changed", "one string of paths joined by commas, not an array or a count, "
                    + "e.g. \"src/auth/Login.java,src/auth/LoginTest.java\"",
            "actual_complexity", "one of the strings \"small\", \"medium\" or \"large\", e.g. \"small\"",
            "time_spent_minutes", "a whole number of minutes, 0 or more, e.g. 25");

    private final ObjectMapper mapper;
    private final ReviewerResultJson reviewer;
    private final ChangedFileJson changedFiles;

    CompletionJson(Json json) {
        this.mapper = json.mapper();
        this.reviewer = new ReviewerResultJson(json);
        this.changedFiles = new ChangedFileJson();
    }

    /** The body, bound as a {@link CompletionBody}, as a command. */
    CompleteTask read(CompletionBody body) {
        List<FieldError> fields = new ArrayList<>();
        String summary = string(body.completionSummary(), "completion_summary", fields);
        Complexity complexity = complexity(body.actualComplexity(), fields);
        String files = string(body.actualFilesChanged(), "actual_files_changed", fields);
        Integer minutes = minutes(body.timeSpentMinutes(), fields);
        String notes = string(body.completionNotes(), "completion_notes", fields);
        String reviewReport = string(body.reviewReport(), "review_report", fields);
        ReviewerResultJson.Read<ExplorerResult> explorer = CompletionBody.sent(body.explorerResult())
                ? reviewer.explorer(body.explorerResult()) : new ReviewerResultJson.Read<>(null, ResultProblems.NONE);
        ReviewerResultJson.Read<ReviewerResult> review = CompletionBody.sent(body.reviewerResult())
                ? reviewer.read(body.reviewerResult()) : new ReviewerResultJson.Read<>(null, ResultProblems.NONE);
        List<FieldError> stepProblems = new ArrayList<>();
        List<WorkflowStep> steps = workflowSteps(body.workflowSteps(), stepProblems);
        AgentReport report = new AgentReport(summary, notes, complexity, files, minutes, reviewReport, steps,
                explorer.result(), review.result());
        ChangedFilesDraft changed = CompletionBody.sent(body.changedFiles())
                ? changedFiles.read(body.changedFiles()) : null;
        return new CompleteTask(CompletionBody.text(body.agentName()), CompletionBody.text(body.claimToken()),
                hook(HookName.AFTER_DOING, body.afterDoingResult()),
                hook(HookName.BEFORE_REVIEW, body.beforeReviewResult()), report, changed,
                new CompletionProblems(fields, explorer.problems(), review.problems(), stepProblems));
    }

    /** A proof that cannot be read is handed on with the message the clients know, to be reported after the 404. */
    private static HookResultDraft hook(HookName hook, JsonNode proof) {
        try {
            return HookResultDraft.of(hook, BodyChecks.proof(hook, proof));
        } catch (HookProofRejectedException malformed) {
            return HookResultDraft.malformed(hook, malformed.getMessage());
        }
    }

    private static String string(JsonNode value, String field, List<FieldError> problems) {
        if (!CompletionBody.sent(value)) {
            return null;
        }
        if (value.isTextual()) {
            return value.textValue();
        }
        problems.add(new FieldError(field, invalid(field)));
        return null;
    }

    /**
     * The message of a key of the wrong type: Stride's "is invalid", then what the key expects with an example and
     * where the page describes it.
     */
    static String invalid(String field) {
        return CompletionRules.INVALID + ": expected " + EXPECTED.get(field) + " (" + LOOP_BODIES + ")";
    }

    /** A blank value is no complexity (the rules say it is missing); another value that is not one is invalid. */
    private static Complexity complexity(JsonNode value, List<FieldError> problems) {
        String text = CompletionBody.text(value);
        if (!CompletionBody.sent(value) || text != null && text.isBlank()) {
            return null;
        }
        Complexity complexity = Complexity.fromCode(text).orElse(null);
        if (complexity == null) {
            problems.add(new FieldError("actual_complexity", invalid("actual_complexity")));
        }
        return complexity;
    }

    /** Minutes beyond the range of an int are stored as its bound: the sign, which the rules judge, is kept. */
    private static Integer minutes(JsonNode value, List<FieldError> problems) {
        if (!CompletionBody.sent(value)) {
            return null;
        }
        if (!SentFields.isInteger(value)) {
            problems.add(new FieldError("time_spent_minutes", invalid("time_spent_minutes")));
            return null;
        }
        long minutes = value.longValue();
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, minutes));
    }

    /**
     * The workflow_steps entries (docs/rules.md, "Completion results"): each one a map with a string name and,
     * when dispatched, a non-negative integer duration_ms or, when skipped, a string reason; names and reason codes
     * from their lists. Problems are distinct, in entry order; with any, no step is typed.
     */
    private List<WorkflowStep> workflowSteps(JsonNode value, List<FieldError> problems) {
        if (!CompletionBody.sent(value)) {
            return List.of();
        }
        if (!value.isArray()) {
            problems.add(new FieldError(WORKFLOW_STEPS, "must be a list of step maps, e.g. [{\"name\": \"explorer\", "
                    + "\"dispatched\": true, \"duration_ms\": 12000}] (" + LOOP_BODIES + ")"));
            return List.of();
        }
        List<FieldError> errors = new ArrayList<>();
        List<WorkflowStep> steps = new ArrayList<>(value.size());
        for (JsonNode entry : value) {
            WorkflowStep step = workflowStep(entry, errors);
            if (step != null) {
                steps.add(step);
            }
        }
        problems.addAll(errors.stream().distinct().toList());
        return problems.isEmpty() ? steps : List.of();
    }

    private WorkflowStep workflowStep(JsonNode step, List<FieldError> errors) {
        if (!step.isObject()) {
            errors.add(new FieldError(WORKFLOW_STEPS, CompletionRules.WORKFLOW_ENTRY));
            return null;
        }
        JsonNode name = SentFields.at(step, "name");
        JsonNode dispatched = SentFields.at(step, "dispatched");
        boolean shaped = name != null && name.isTextual() && dispatched != null && dispatched.isBoolean()
                && (dispatched.booleanValue() ? SentFields.isNonNegativeInteger(SentFields.at(step, "duration_ms"))
                        : CompletionBody.text(step.get("reason")) != null);
        if (!shaped) {
            errors.add(new FieldError(WORKFLOW_STEPS, CompletionRules.WORKFLOW_ENTRY));
            return null;
        }
        boolean ok = true;
        if (!SentFields.oneOf(name, CompletionRules.STEP_NAMES)) {
            errors.add(new FieldError(WORKFLOW_STEPS, "name must be one of: " + String.join(", ", CompletionRules.STEP_NAMES)));
            ok = false;
        }
        JsonNode code = SentFields.at(step, "reason_code");
        if (code != null && !SentFields.oneOf(code, CompletionRules.REASON_CODES)) {
            errors.add(new FieldError(WORKFLOW_STEPS, "reason_code must be one of: " + String.join(", ", CompletionRules.REASON_CODES)));
            ok = false;
        }
        if (!ok) {
            return null;
        }
        SentFields sent = new SentFields(mapper, step, STEP_KEYS);
        return new WorkflowStep(sent.string("name"), sent.bool("dispatched"), sent.integer("duration_ms"),
                sent.string("reason"), sent.string("reason_code"), sent.unknownKeys());
    }
}
