package dev.tasklane.adapter.http.onboarding;

import dev.tasklane.edge.DocumentKeys;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.application.port.in.WorkflowSettings;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.validation.CompletionRules;
import dev.tasklane.edge.TaskField;
import dev.tasklane.domain.workflow.WorkflowLimits;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * {@code GET /api/agent/onboarding}: the document that teaches a new agent the whole workflow. It keeps the
 * top-level keys of the Stride server's document so that existing agents and plugins find what they look for, and
 * adds {@code json_schemas}: a JSON Schema of every request body (docs/api.md, "Onboarding"). Hook timeouts come
 * from the configured {@link WorkflowLimits}; the completion schema follows the configured validation mode. Each
 * section is a record whose components are its keys in order, written snake_case into one Jackson tree, with the
 * examples and JSON Schemas as the trees they are.
 */
public final class OnboardingDocument {
    /** The document's version (docs/api.md, "Onboarding"). */
    public static final String VERSION = "1.0";
    /** The skills version agents compare with {@code current_skills_version}. */
    public static final String SKILLS_VERSION = "1.0";
    /** The key the existing server opens its document with; kept for agents that look for it. */
    public static final String STOP_KEY = "\u26a0\ufe0f\u26a0\ufe0f\u26a0\ufe0f_STOP_DO_NOT_PROCEED_UNTIL_SETUP_COMPLETE_"
            + "\u26a0\ufe0f\u26a0\ufe0f\u26a0\ufe0f";

    /** Writes the document's records as the tree the adapter serves, with snake_case keys. */
    private static final ObjectMapper TREES = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();

    private static final PluginVersions PLUGIN_VERSIONS = new PluginVersions("1.9.0", "1.4.0", "2.5.0", "1.5.0",
            "1.4.0");

    private final WorkflowLimits limits;
    private final CompletionMode mode;
    private final Function<Object, String> compactJson;

    /**
     * @param settings    the limits (the hooks' timeouts are read from them) and the completion validation mode
     *                    the use cases enforce
     * @param compactJson the HTTP adapter's JSON writer, for the request bodies the curl commands quote
     */
    public OnboardingDocument(WorkflowSettings settings, Function<Object, String> compactJson) {
        Objects.requireNonNull(settings, "workflow settings");
        this.limits = settings.limits();
        this.mode = settings.completionMode();
        this.compactJson = Objects.requireNonNull(compactJson, "JSON writer");
    }

    /**
     * The document as the tree the adapter serves; callers share it and only read it.
     *
     * @param baseUrl the server's public base URL ("http://localhost:7070"), written into examples and file
     *                templates
     */
    public ObjectNode document(String baseUrl) {
        String base = trimSlash(Objects.requireNonNull(baseUrl, "base url"));
        Root root = new Root(
                new Stop("Complete MANDATORY_SETUP_CHECKLIST before calling any other endpoint",
                        "Without .stride_auth.md and .stride.md you cannot authenticate or prove your hooks ran"),
                AgentGuide.setupChecklist(base), AgentGuide.confirmation(base),
                VERSION, SKILLS_VERSION, base, overview(), quickStart(base), FileTemplates.section(base),
                AgentGuide.workflow(), AgentGuide.hooks(limits), apiSchema(), OnboardingSchemas.all(mode),
                ApiReference.reference(base), AgentGuide.reviewFlow(), AgentGuide.supervision(),
                new Capabilities(capabilityNames(), "A task's required_capabilities must all be among your token's "
                        + "capabilities; a token with no capabilities matches every task"),
                AgentGuide.commonMistakes(), AgentGuide.quickReferenceCard(base));
        return TREES.valueToTree(root);
    }

    /** The document's top-level keys, in the order the Stride server writes them. */
    record Root(@JsonProperty(STOP_KEY) Stop stop,
                @JsonProperty("MANDATORY_SETUP_CHECKLIST")
                Map<String, AgentGuide.ChecklistStep> mandatorySetupChecklist,
                @JsonProperty("SETUP_COMPLETION_CONFIRMATION") AgentGuide.Confirmation setupCompletionConfirmation,
                String version, String skillsVersion, String apiBaseUrl, Overview overview, List<String> quickStart,
                FileTemplates.Section fileTemplates, List<AgentGuide.Step> workflow, AgentGuide.Hooks hooks,
                ApiSchema apiSchema, JsonNode jsonSchemas, ApiReference.Reference apiReference,
                AgentGuide.ReviewFlow reviewFlow, AgentGuide.Supervision supervision, Capabilities capabilities, List<String> commonMistakesAgentsMake,
                AgentGuide.QuickReferenceCard quickReferenceCard) {
    }

    /** The key the document opens with: stop, and why. */
    record Stop(String message, String why) {
    }

    /** {@code overview}: the service and the agent loop in five sentences. */
    record Overview(String what, String taskTypes, String agentLoop, String hooks, String claims) {
    }

    /** {@code capabilities}: the valid names and how a task's are matched against a token's. */
    record Capabilities(List<String> valid, String matching) {
    }

    /** {@code api_schema}: the request formats and field rules in prose and examples. */
    record ApiSchema(String description, RequestFormats requestFormats, HookResultFormat hookResultFormat,
                     ExplorerResultFormat explorerResultFormat, ReviewerResultFormat reviewerResultFormat,
                     WorkflowStepsFormat workflowStepsFormat, Map<String, FieldRule> taskFields,
                     EmbeddedObjects embeddedObjects, PluginVersionsNote pluginVersions,
                     ValidationModes validationModes, List<String> validCapabilities) {
    }

    /** {@code api_schema.request_formats}: an example of every body, with its root key where it has one. */
    record RequestFormats(Rooted createTask, Rooted createGoal, Rooted batchCreate, Required claimTask,
                          Required completeTask, Required markReviewed, Required afterGoal) {
    }

    /** A body under a root key, and an example of it. */
    record Rooted(String rootKey, JsonNode example) {
    }

    /** A body sent as it is. */
    record Required(JsonNode requiredBody) {
    }

    /** {@code api_schema.hook_result_format}: the fields, each hook's result key with an example, an example. */
    record HookResultFormat(HookFields fields, Map<String, JsonNode> requiredFormat, JsonNode example) {
    }

    record HookFields(String exitCode, String output, String durationMs) {
    }

    /** {@code api_schema.explorer_result_format}: its two shapes, the skip reasons, examples. */
    record ExplorerResultFormat(Shapes shapes, List<String> skipReasons, List<JsonNode> examples) {
    }

    record Shapes(String dispatched, String skipped) {
    }

    /** {@code api_schema.reviewer_result_format}: the structured blocks and their allowed values, examples. */
    record ReviewerResultFormat(List<String> requiredOnDispatched, List<String> issueSeverities,
                                List<String> issueCategories, List<String> criterionStatuses,
                                List<String> verdictStatuses, List<String> considerationStatuses, String consistency,
                                List<JsonNode> examples) {
    }

    /** {@code api_schema.workflow_steps_format}: the step names, skip reason codes, fields, an example. */
    record WorkflowStepsFormat(List<String> stepNames, List<String> skipReasonCodes, StepFields fields,
                               JsonNode example) {
    }

    record StepFields(String name, String dispatched, String durationMs, String reason, String reasonCode) {
    }

    /** {@code api_schema.embedded_objects}: the schemas of the task's structured fields. */
    record EmbeddedObjects(JsonNode keyFiles, JsonNode verificationSteps, JsonNode testingStrategy) {
    }

    /** {@code api_schema.plugin_versions}. */
    record PluginVersionsNote(PluginVersions minimumVersions, String note) {
    }

    /** The oldest client plugin versions that send the completion's structured results. */
    record PluginVersions(String generic, String codex, String copilot, String gemini, String opencode) {
    }

    /** {@code api_schema.validation_modes}: the server's mode and what each means. */
    record ValidationModes(String current, String grace, String strict) {
    }

    /** One entry of {@code task_fields}; {@code values} and {@code max_length} only where the field has them. */
    record FieldRule(String kind, boolean required,
                     @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> values,
                     @JsonInclude(JsonInclude.Include.NON_NULL) Integer maxLength, String description) {
    }

    private static Overview overview() {
        return new Overview(
                "Tasklane is a kanban board for AI coding agents: tasks move Ready -> Doing -> Review -> Done",
                "work and defect tasks are claimed and done; goals group tasks and are never claimed",
                "Claim, work, complete; if needs_review=false claim the next task, if needs_review=true stop and wait "
                        + "for review. Repeat until a task needs review or no task is left.",
                "Five client-side hooks run on your machine; the server requires their results as proof",
                "A claim expires after " + WorkflowLimits.DEFAULT_CLAIM_TTL.toMinutes()
                        + " minutes by default unless extended with a heartbeat");
    }

    private List<String> quickStart(String base) {
        String auth = " -H \"Authorization: Bearer $TOKEN\" -H 'Content-Type: application/json'";
        return List.of(
                "1. Save this document's file_templates as .stride_auth.md (with your token) and .stride.md",
                "2. Check your token: curl -s " + base + "/api/me -H \"Authorization: Bearer $TOKEN\"",
                "3. Create a task: curl -s -X POST " + base + "/api/tasks" + auth + " -d '"
                        + compactJson.apply(OnboardingExamples.createTask()) + "'",
                "4. Find work: curl -s " + base + "/api/tasks/next -H \"Authorization: Bearer $TOKEN\"",
                "5. Run ## before_doing, then claim: curl -s -X POST " + base + "/api/tasks/claim" + auth + " -d '"
                        + compactJson.apply(OnboardingExamples.claim()) + "'",
                "6. Work, run ## after_doing and ## before_review, then complete: curl -s -X PATCH " + base
                        + "/api/tasks/" + OnboardingExamples.TASK_IDENTIFIER + "/complete" + auth + " -d '"
                        + compactJson.apply(OnboardingExamples.complete()) + "'",
                "7. needs_review=false: run ## after_review now and go to step 4. needs_review=true: wait for the "
                        + "review, run ## after_review, then: curl -s -X PATCH " + base + "/api/tasks/"
                        + OnboardingExamples.TASK_IDENTIFIER + "/mark_reviewed" + auth + " -d '"
                        + compactJson.apply(OnboardingExamples.markReviewed()) + "'");
    }

    private ApiSchema apiSchema() {
        String skip = CompletionRules.SKIP_REASONS.get(0);
        return new ApiSchema("Request formats and field rules. json_schemas holds a JSON Schema of every body.",
                new RequestFormats(new Rooted("task", OnboardingExamples.createTask()),
                        new Rooted("task", OnboardingExamples.createGoal()),
                        new Rooted("goals", OnboardingExamples.batch()),
                        new Required(OnboardingExamples.claim()), new Required(OnboardingExamples.complete()),
                        new Required(OnboardingExamples.markReviewed()), new Required(OnboardingExamples.afterGoal())),
                new HookResultFormat(new HookFields("integer, 0 = success; non-zero is refused",
                        "string, the hook's stdout/stderr (may be empty)", "integer >= 0"),
                        requiredHookFormats(), OnboardingExamples.hookResult(HookName.AFTER_DOING)),
                new ExplorerResultFormat(new Shapes("dispatched: true, summary (>= " + CompletionRules.MIN_SUMMARY_CHARS
                        + " non-whitespace characters), duration_ms >= 0",
                        "dispatched: false, reason (one of skip_reasons), summary"), CompletionRules.SKIP_REASONS,
                        List.of(OnboardingExamples.explorerDispatched(), OnboardingExamples.skipped(skip))),
                new ReviewerResultFormat(DocumentKeys.STRUCTURED_BLOCKS, CompletionRules.SEVERITIES,
                        CompletionRules.CATEGORIES, CompletionRules.CRITERION_STATUSES,
                        CompletionRules.VERDICT_STATUSES, CompletionRules.CONSIDERATION_STATUSES,
                        "A partial or unmitigated consideration forces security_considerations.status "
                                + "failed and should be backed by an issues entry with category security",
                        List.of(OnboardingExamples.reviewerApproved(), OnboardingExamples.reviewerChangesRequested())),
                new WorkflowStepsFormat(CompletionRules.STEP_NAMES, CompletionRules.REASON_CODES,
                        new StepFields("one of step_names, in that order", "boolean",
                                "integer, required when dispatched", "string, required when skipped",
                                "optional, one of skip_reason_codes"),
                        OnboardingExamples.workflowSteps()),
                taskFields(),
                new EmbeddedObjects(OnboardingSchemas.taskProperty("key_files"),
                        OnboardingSchemas.taskProperty("verification_steps"),
                        OnboardingSchemas.taskProperty("testing_strategy")),
                new PluginVersionsNote(PLUGIN_VERSIONS,
                        "Plugins older than these do not send explorer_result, reviewer_result and workflow_steps"),
                new ValidationModes(mode.name().toLowerCase(Locale.ROOT),
                        "Missing explorer_result or reviewer_result is logged as a warning; malformed ones are "
                                + "still refused (422)",
                        "Missing or malformed explorer_result or reviewer_result is refused (422)"),
                capabilityNames());
    }

    private static Map<String, JsonNode> requiredHookFormats() {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        for (HookName hook : HookName.values()) {
            out.put(hook.resultKey(), OnboardingExamples.hookResult(hook));
        }
        return Collections.unmodifiableMap(out);
    }

    private static Map<String, FieldRule> taskFields() {
        Map<String, FieldRule> out = new LinkedHashMap<>();
        for (TaskField field : TaskField.values()) {
            out.put(field.key(), new FieldRule(field.kind().name().toLowerCase(Locale.ROOT),
                    field.required(), field.allowedValues(), field.maxLength() > 0 ? field.maxLength() : null,
                    field.description()));
        }
        return Collections.unmodifiableMap(out);
    }

    private static List<String> capabilityNames() {
        return Arrays.stream(Capability.values()).map(Capability::code).toList();
    }

    static String trimSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
