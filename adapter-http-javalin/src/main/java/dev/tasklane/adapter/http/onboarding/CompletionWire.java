package dev.tasklane.adapter.http.onboarding;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tasklane.edge.DocumentKeys;
import dev.tasklane.application.port.in.CompleteTask;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.task.ChangedFile;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.adapter.http.wire.completion.ExplorerResultBody;
import dev.tasklane.adapter.http.wire.completion.ReviewerResultBody;
import dev.tasklane.domain.task.ReviewerResult;
import dev.tasklane.domain.task.WorkflowStep;
import dev.tasklane.domain.validation.CompletionRules;
import dev.tasklane.domain.validation.Limit;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The wire facts of the completion body ({@link CompleteTask} with its {@link AgentReport}) and of its parts: the
 * explorer and reviewer results, each a dispatched or a skipped {@link CommandSchemas.Shape}, and the workflow steps
 * (docs/api.md, "Completion validation"; docs/rules.md, "Completion results"). Every allowed value, bound and pattern
 * comes from {@link CompletionRules} and {@link Limit}.
 */
final class CompletionWire {
    private CompletionWire() {
    }

    /** "At least n non-whitespace characters", as a pattern. */
    static String nonWhitespace(int min) {
        return "^\\s*(?:\\S\\s*){" + min + ",}$";
    }

    private static final String SUMMARY = "At least " + CompletionRules.MIN_SUMMARY_CHARS + " non-whitespace characters";

    static final List<WireField> FIELDS = List.of(
            WireField.of(CompleteTask.class, "agentName").cap(Limit.AGENT_NAME),
            WireField.of(CompleteTask.class, "claimToken")
                    .describe("Optional fencing: the claim_token of your claim"),
            WireField.of(CompleteTask.class, "afterDoing").named(HookName.AFTER_DOING.resultKey()).mandatory()
                    .writtenAs(HookResult.class, null).describe(CommandSchemas.hookProof(HookName.AFTER_DOING)),
            WireField.of(CompleteTask.class, "beforeReview").named(HookName.BEFORE_REVIEW.resultKey()).mandatory()
                    .writtenAs(HookResult.class, null).describe(CommandSchemas.hookProof(HookName.BEFORE_REVIEW)),
            WireField.of(CompleteTask.class, "report").unwrap(),
            WireField.of(CompleteTask.class, "changedFiles").writtenAs(List.class, ChangedFile.class)
                    .maxItems(Limit.CHANGED_FILES).describe("Optional: the changed_files snapshot, stored as "
                            + "PUT /api/tasks/:id/changed_files stores it"),
            WireField.of(CompleteTask.class, "problems").ignore(),
            WireField.of(ChangedFile.class, "path").mandatory().minLength(1).cap(Limit.FILE_PATH)
                    .describe("Relative to the repository root"),
            WireField.of(ChangedFile.class, "diff").describe("The unified diff; omit it for a binary file"),
            WireField.of(AgentReport.class, "summary").named("completion_summary").mandatory().minLength(1)
                    .describe("Brief summary for tracking"),
            WireField.of(AgentReport.class, "notes").named("completion_notes").cap(Limit.LONG_TEXT)
                    .describe("Optional long-form narrative, shown in the review queue"),
            WireField.of(AgentReport.class, "actualComplexity").mandatory()
                    .values(Arrays.stream(Complexity.values()).map(Complexity::code).toList()),
            WireField.of(AgentReport.class, "actualFilesChanged").mandatory().minLength(1)
                    .describe("Comma-separated file paths: a string, not an array"),
            WireField.of(AgentReport.class, "timeSpentMinutes").mandatory().minimum(0),
            WireField.of(AgentReport.class, "workflowSteps").describe(stepsDescription()),
            WireField.of(AgentReport.class, "explorerResult").mandatoryWhenStrict()
                    .writtenAs(ExplorerResultBody.class, null),
            WireField.of(AgentReport.class, "reviewerResult").mandatoryWhenStrict()
                    .writtenAs(ReviewerResultBody.class, null),
            WireField.of(WorkflowStep.class, "name").mandatory().values(CompletionRules.STEP_NAMES),
            WireField.of(WorkflowStep.class, "dispatched").mandatory(),
            WireField.of(WorkflowStep.class, "durationMs").minimum(0),
            WireField.of(WorkflowStep.class, "reasonCode").values(CompletionRules.REASON_CODES),
            WireField.of(ReviewerResultBody.class, "acceptanceCriteriaChecked").minimum(0),
            WireField.of(ReviewerResultBody.class, "issuesFound").minimum(0),
            WireField.of(ReviewerResultBody.class, "status").describe("Typically approved or changes_requested"),
            WireField.of(ReviewerResultBody.class, "acceptanceCriteria")
                    .describe("One entry per acceptance-criteria line of the task"),
            WireField.of(ReviewerResultBody.class, "projectChecks").writtenAs(List.class, Object.class)
                    .describe("One entry per CODE-REVIEW.md bullet; [] when the project has none"),
            WireField.of(ReviewerResultBody.class, "schemaVersion").pattern(CompletionRules.SCHEMA_VERSION_PATTERN),
            WireField.of(ReviewerResult.IssueCounts.class, "critical").minimum(0),
            WireField.of(ReviewerResult.IssueCounts.class, "important").minimum(0),
            WireField.of(ReviewerResult.IssueCounts.class, "minor").minimum(0),
            WireField.of(ReviewerResult.Issue.class, "severity").mandatory().values(CompletionRules.SEVERITIES),
            WireField.of(ReviewerResult.Issue.class, "category").mandatory().values(CompletionRules.CATEGORIES),
            WireField.of(ReviewerResult.Issue.class, "file").describe("Repository-relative path"),
            WireField.of(ReviewerResult.CriterionCheck.class, "status").mandatory()
                    .values(CompletionRules.CRITERION_STATUSES),
            WireField.of(ReviewerResult.SectionVerdict.class, "status").mandatory()
                    .values(CompletionRules.VERDICT_STATUSES),
            WireField.of(ReviewerResult.SectionVerdict.class, "considerations")
                    .describe("Read on security_considerations only"),
            WireField.of(ReviewerResult.Consideration.class, "consideration").mandatory().minLength(1).pattern("\\S"),
            WireField.of(ReviewerResult.Consideration.class, "status").mandatory()
                    .values(CompletionRules.CONSIDERATION_STATUSES),
            WireField.of(ReviewerResult.Consideration.class, "evidence")
                    .describe("A short reference, never diff contents or a secret"),
            WireField.of(ReviewerResult.TestMatrix.class, "status").values(CompletionRules.VERDICT_STATUSES));

    /** The two shapes of an explorer or reviewer result: dispatched (what it found) or skipped (why not). */
    static final List<CommandSchemas.Shape> SHAPES = List.of(
            new CommandSchemas.Shape(ExplorerResultBody.class, "dispatched", null,
                    List.of("dispatched", "summary", "durationMs"), List.of(
                            dispatched(ExplorerResultBody.class), summary(ExplorerResultBody.class),
                            WireField.of(ExplorerResultBody.class, "durationMs").mandatory().minimum(0))),
            skipped(ExplorerResultBody.class),
            new CommandSchemas.Shape(ReviewerResultBody.class, "dispatched", "The structured fields "
                    + String.join(", ", DocumentKeys.STRUCTURED_BLOCKS) + ", and status or issue_counts, are "
                    + "recommended on a dispatched review: a missing one is logged as a warning, a malformed one is "
                    + "refused. When the task has acceptance criteria, security_considerations or testing_strategy, "
                    + "the review must assess each of them.", reviewerComponents(), reviewerDispatched()),
            skipped(ReviewerResultBody.class));

    /** What a type's schema says beyond its properties: the conditions between its fields. */
    static final Map<Class<?>, JsonNode> TYPE_KEYWORDS = Map.of(
            WorkflowStep.class, new SchemaKeywords().when(
                    SchemaKeywords.requires("dispatched", SchemaKeywords.constant(true)),
                    new SchemaKeywords().required("duration_ms"),
                    new SchemaKeywords().required("reason")).tree(),
            ReviewerResult.SectionVerdict.class, failedNeedsANote(),
            ReviewerResult.TestMatrix.class, failedNeedsANote());

    static String stepsDescription() {
        return "Expected: the six steps " + String.join(", ", CompletionRules.STEP_NAMES)
                + " in that order (a different list is accepted with a warning)";
    }

    private static WireField dispatched(Class<?> owner) {
        return WireField.of(owner, "dispatched").mandatory().constant(true);
    }

    private static WireField summary(Class<?> owner) {
        return WireField.of(owner, "summary").mandatory().pattern(nonWhitespace(CompletionRules.MIN_SUMMARY_CHARS))
                .describe(SUMMARY);
    }

    private static CommandSchemas.Shape skipped(Class<?> owner) {
        return new CommandSchemas.Shape(owner, "skipped", null, List.of("dispatched", "summary", "reason"), List.of(
                WireField.of(owner, "dispatched").mandatory().constant(false), summary(owner),
                WireField.of(owner, "reason").mandatory().values(CompletionRules.SKIP_REASONS)));
    }

    private static List<String> reviewerComponents() {
        List<String> out = new ArrayList<>();
        for (RecordComponent component : ReviewerResultBody.class.getRecordComponents()) {
            if (!component.getName().equals("reason")) {
                out.add(component.getName());
            }
        }
        return List.copyOf(out);
    }

    /** The dispatched review: the envelope is required; the structured blocks are recommended (docs/rules.md). */
    private static List<WireField> reviewerDispatched() {
        return List.of(dispatched(ReviewerResultBody.class), summary(ReviewerResultBody.class),
                WireField.of(ReviewerResultBody.class, "durationMs").mandatory().minimum(0),
                WireField.of(ReviewerResultBody.class, "acceptanceCriteriaChecked").mandatory().minimum(0),
                WireField.of(ReviewerResultBody.class, "issuesFound").mandatory().minimum(0));
    }

    private static JsonNode failedNeedsANote() {
        String note = nonWhitespace(CompletionRules.MIN_FAILED_NOTE_CHARS);
        return new SchemaKeywords().when(SchemaKeywords.requires("status", SchemaKeywords.constant("failed")),
                new SchemaKeywords().description("A failed verdict names the violation in a note of at least "
                                + CompletionRules.MIN_FAILED_NOTE_CHARS + " non-whitespace characters")
                        .anyOf(SchemaKeywords.requires("note", new SchemaKeywords().type("string").pattern(note)),
                                SchemaKeywords.requires("notes", new SchemaKeywords().type("string").pattern(note))),
                null).tree();
    }
}
