package dev.tasklane.adapter.http.onboarding;

import dev.tasklane.application.edge.WireParts;
import dev.tasklane.domain.validation.CompletionMode;
import static dev.tasklane.adapter.http.onboarding.Trees.obj;

import dev.tasklane.application.port.in.WorkflowSettings;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.validation.CompletionRules;
import dev.tasklane.application.edge.TaskField;
import dev.tasklane.domain.workflow.WorkflowLimits;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * {@code GET /api/agent/onboarding}: the document that teaches a new agent the whole workflow. It keeps the
 * top-level keys of the Stride server's document so that existing agents and plugins find what they look for, and
 * adds {@code json_schemas}: a JSON Schema of every request body (docs/api.md, "Onboarding"). Hook timeouts come
 * from the configured {@link WorkflowLimits}; the completion schema follows the configured validation mode. The
 * document is a tree of {@code Map}s and {@code List}s that the HTTP adapter's JSON writer serialises.
 */
public final class OnboardingDocument {
    /** The document's version (docs/api.md, "Onboarding"). */
    public static final String VERSION = "1.0";
    /** The skills version agents compare with {@code current_skills_version}. */
    public static final String SKILLS_VERSION = "1.0";
    /** The key the existing server opens its document with; kept for agents that look for it. */
    public static final String STOP_KEY = "\u26a0\ufe0f\u26a0\ufe0f\u26a0\ufe0f_STOP_DO_NOT_PROCEED_UNTIL_SETUP_COMPLETE_"
            + "\u26a0\ufe0f\u26a0\ufe0f\u26a0\ufe0f";

    /** Writes the document's records as the ordered map tree the adapter serves, with snake_case keys. */
    private static final ObjectMapper TREES = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();
    private static final TypeReference<LinkedHashMap<String, Object>> TREE = new TypeReference<>() {
    };

    private static final Map<String, String> PLUGIN_VERSIONS = obj2("generic", "1.9.0", "codex", "1.4.0",
            "copilot", "2.5.0", "gemini", "1.5.0", "opencode", "1.4.0");

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
     * @param baseUrl the server's public base URL ("http://localhost:7070"), written into examples and file
     *                templates
     */
    public Map<String, Object> document(String baseUrl) {
        String base = trimSlash(Objects.requireNonNull(baseUrl, "base url"));
        Root root = new Root(
                obj("message", "Complete MANDATORY_SETUP_CHECKLIST before calling any other endpoint",
                        "why", "Without .stride_auth.md and .stride.md you cannot authenticate or prove your hooks ran"),
                AgentGuide.setupChecklist(base),
                obj("confirm", "GET " + base + "/api/me answers 200 with your user and board, and both files exist "
                        + "in the project root"),
                VERSION, SKILLS_VERSION, base, overview(), quickStart(base),
                obj("stride_auth_md", FileTemplates.strideAuthMd(base), "stride_md", FileTemplates.strideMd(),
                        "formats", FileTemplates.formats()),
                AgentGuide.workflow(), AgentGuide.hooks(limits), apiSchema(), OnboardingSchemas.all(mode),
                ApiReference.reference(base), AgentGuide.reviewFlow(),
                obj("valid", capabilityNames(),
                        "matching", "A task's required_capabilities must all be among your token's capabilities; a "
                                + "token with no capabilities matches every task"),
                AgentGuide.commonMistakes(), AgentGuide.quickReferenceCard(base));
        return Collections.unmodifiableMap(TREES.convertValue(root, TREE));
    }

    /** The document's top-level keys, in the order the Stride server writes them. */
    record Root(@JsonProperty(STOP_KEY) Object stop,
                @JsonProperty("MANDATORY_SETUP_CHECKLIST") Object mandatorySetupChecklist,
                @JsonProperty("SETUP_COMPLETION_CONFIRMATION") Object setupCompletionConfirmation,
                String version, String skillsVersion, String apiBaseUrl, Object overview, Object quickStart,
                Object fileTemplates, Object workflow, Object hooks, ApiSchema apiSchema, Object jsonSchemas,
                Object apiReference, Object reviewFlow, Object capabilities, Object commonMistakesAgentsMake,
                Object quickReferenceCard) {
    }

    /** {@code api_schema}: the request formats and field rules in prose and examples. */
    record ApiSchema(String description, Object requestFormats, Object hookResultFormat, Object explorerResultFormat,
                     Object reviewerResultFormat, Object workflowStepsFormat, Map<String, FieldRule> taskFields,
                     Object embeddedObjects, Object pluginVersions, Object validationModes,
                     List<String> validCapabilities) {
    }

    /** One entry of {@code task_fields}; {@code values} and {@code max_length} only where the field has them. */
    record FieldRule(String kind, boolean required,
                     @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> values,
                     @JsonInclude(JsonInclude.Include.NON_NULL) Integer maxLength, String description) {
    }

    private static Map<String, Object> overview() {
        return obj(
                "what", "Tasklane is a kanban board for AI coding agents: tasks move Ready -> Doing -> Review -> "
                        + "Done",
                "task_types", "work and defect tasks are claimed and done; goals group tasks and are never claimed",
                "agent_loop", "Claim, work, complete; if needs_review=false claim the next task, if "
                        + "needs_review=true stop and wait for review. Repeat until a task needs review or no task "
                        + "is left.",
                "hooks", "Five client-side hooks run on your machine; the server requires their results as proof",
                "claims", "A claim expires after " + WorkflowLimits.DEFAULT_CLAIM_TTL.toMinutes()
                        + " minutes by default unless extended with a heartbeat");
    }

    private List<Object> quickStart(String base) {
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
        return new ApiSchema("Request formats and field rules. json_schemas holds a JSON Schema of every body.",
                obj(
                "create_task", obj("root_key", "task", "example", OnboardingExamples.createTask()),
                "create_goal", obj("root_key", "task", "example", OnboardingExamples.createGoal()),
                "batch_create", obj("root_key", "goals", "example", OnboardingExamples.batch()),
                "claim_task", obj("required_body", OnboardingExamples.claim()),
                "complete_task", obj("required_body", OnboardingExamples.complete()),
                "mark_reviewed", obj("required_body", OnboardingExamples.markReviewed()),
                "after_goal", obj("required_body", OnboardingExamples.afterGoal())),
                obj(
                "fields", obj("exit_code", "integer, 0 = success; non-zero is refused",
                        "output", "string, the hook's stdout/stderr (may be empty)",
                        "duration_ms", "integer >= 0"),
                "required_format", requiredHookFormats(),
                "example", OnboardingExamples.hookResult(HookName.AFTER_DOING)),
                obj(
                "shapes", obj("dispatched", "dispatched: true, summary (>= " + CompletionRules.MIN_SUMMARY_CHARS
                                + " non-whitespace characters), duration_ms >= 0",
                        "skipped", "dispatched: false, reason (one of skip_reasons), summary"),
                "skip_reasons", CompletionRules.SKIP_REASONS,
                "examples", List.of(OnboardingExamples.explorerDispatched(),
                        OnboardingExamples.skipped(CompletionRules.SKIP_REASONS.get(0)))),
                obj(
                "required_on_dispatched", WireParts.STRUCTURED_BLOCKS,
                "issue_severities", CompletionRules.SEVERITIES,
                "issue_categories", CompletionRules.CATEGORIES,
                "criterion_statuses", CompletionRules.CRITERION_STATUSES,
                "verdict_statuses", CompletionRules.VERDICT_STATUSES,
                "consideration_statuses", CompletionRules.CONSIDERATION_STATUSES,
                "consistency", "A partial or unmitigated consideration forces security_considerations.status "
                        + "failed and should be backed by an issues entry with category security",
                "examples", List.of(OnboardingExamples.reviewerApproved(),
                        OnboardingExamples.reviewerChangesRequested())),
                obj(
                "step_names", CompletionRules.STEP_NAMES,
                "skip_reason_codes", CompletionRules.REASON_CODES,
                "fields", obj("name", "one of step_names, in that order", "dispatched", "boolean",
                        "duration_ms", "integer, required when dispatched", "reason", "string, required when skipped",
                        "reason_code", "optional, one of skip_reason_codes"),
                "example", OnboardingExamples.workflowSteps()),
                taskFields(),
                obj(
                "key_files", OnboardingSchemas.taskProperty("key_files"),
                "verification_steps", OnboardingSchemas.taskProperty("verification_steps"),
                "testing_strategy", OnboardingSchemas.taskProperty("testing_strategy")),
                obj("minimum_versions", PLUGIN_VERSIONS,
                "note", "Plugins older than these do not send explorer_result, reviewer_result and workflow_steps"),
                obj("current", mode.name().toLowerCase(java.util.Locale.ROOT),
                "grace", "Missing explorer_result or reviewer_result is logged as a warning; malformed ones are "
                        + "still refused (422)",
                "strict", "Missing or malformed explorer_result or reviewer_result is refused (422)"),
                capabilityNames());
    }

    private static Map<String, Object> requiredHookFormats() {
        Map<String, Object> out = new LinkedHashMap<>();
        for (HookName hook : HookName.values()) {
            out.put(hook.resultKey(), OnboardingExamples.hookResult(hook));
        }
        return Collections.unmodifiableMap(out);
    }

    private static Map<String, FieldRule> taskFields() {
        Map<String, FieldRule> out = new LinkedHashMap<>();
        for (TaskField field : TaskField.values()) {
            out.put(field.wire(), new FieldRule(field.kind().name().toLowerCase(java.util.Locale.ROOT),
                    field.required(), field.allowedValues(), field.maxLength() > 0 ? field.maxLength() : null,
                    field.description()));
        }
        return Collections.unmodifiableMap(out);
    }

    private static List<String> capabilityNames() {
        return Arrays.stream(Capability.values()).map(Capability::wire).toList();
    }

    static String trimSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    private static Map<String, String> obj2(String... keysAndValues) {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            out.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return Collections.unmodifiableMap(out);
    }
}
