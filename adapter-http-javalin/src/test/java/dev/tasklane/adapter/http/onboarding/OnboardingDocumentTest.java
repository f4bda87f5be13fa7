package dev.tasklane.adapter.http.onboarding;

import static dev.tasklane.adapter.http.onboarding.DocumentTrees.map;
import static dev.tasklane.adapter.http.onboarding.DocumentTrees.list;
import static dev.tasklane.adapter.http.onboarding.DocumentTrees.examples;

import dev.tasklane.domain.validation.CompletionMode;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tasklane.application.port.in.ReviewDecision;
import dev.tasklane.application.port.in.WorkflowSettings;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.adapter.http.wire.BodyChecks;
import dev.tasklane.domain.workflow.TaskWorkflow.HookProof;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.edge.TaskField;
import dev.tasklane.domain.validation.TaskFieldRules;
import dev.tasklane.domain.workflow.WorkflowLimits;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OnboardingDocumentTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String BASE = "http://localhost:7070";
    private final Map<String, Object> doc = map(document(WorkflowLimits.defaults(), CompletionMode.GRACE)
            .document(BASE + "/"));
    private final Map<String, Object> strictSchemas = map(OnboardingSchemas.all(CompletionMode.STRICT));

    @Test
    void keepsTheExistingTopLevelKeysAndAddsJsonSchemas() {
        for (String key : List.of(OnboardingDocument.STOP_KEY, "MANDATORY_SETUP_CHECKLIST", "version",
                "skills_version", "api_base_url", "overview", "quick_start", "file_templates", "workflow", "hooks",
                "api_schema", "api_reference", "review_flow", "capabilities", "common_mistakes_agents_make",
                "quick_reference_card", "json_schemas")) {
            assertTrue(doc.containsKey(key), key);
        }
        assertEquals("1.0", doc.get("version"));
        assertEquals("1.0", doc.get("skills_version"));
        assertEquals(BASE, doc.get("api_base_url"));
        assertFalse(doc.containsKey("data"));
    }

    /** Agents that speak MCP find the endpoint, its tools and the stdio bridge in the API reference. */
    @Test
    void theApiReferenceNamesTheMcpEndpoint() {
        Map<String, Object> mcp = map(map(doc.get("api_reference")).get("mcp"));
        assertEquals(BASE + "/mcp", mcp.get("endpoint"));
        assertEquals(ApiReference.MCP_TOOLS, mcp.get("tools"));
        assertTrue(String.valueOf(mcp.get("stdio_bridge")).startsWith("tasklane mcp --url " + BASE), mcp.toString());
    }

    @Test
    void strideAuthTemplateCarriesTheMarkersThePluginGreps() {
        String template = (String) map(doc.get("file_templates")).get("stride_auth_md");
        List<String> lines = template.lines().toList();
        assertTrue(lines.contains("- **API URL:** `" + BASE + "`"), template);
        assertTrue(lines.contains("- **API Token:** `{{YOUR_TOKEN_HERE}}`"), template);
    }

    /** Agents that share a token learn to give their name on next, which is how its offers tell them apart. */
    @Test
    void theNextStepTellsAgentsSharingATokenToGiveTheirName() {
        Map<String, Object> next = map(list(doc.get("workflow")).get(0));
        assertEquals("GET /api/tasks/next", next.get("endpoint"));
        assertTrue(((String) next.get("description")).contains("?agent_name="), String.valueOf(next.get("description")));
    }

    @Test
    void strideTemplateHasOneSectionPerHook() {
        String template = (String) map(doc.get("file_templates")).get("stride_md");
        for (HookName hook : HookName.values()) {
            assertTrue(template.lines().anyMatch(line -> line.equals("## " + hook.code())), hook.code());
        }
    }

    @Test
    void hookTimeoutsAndOrderComeFromWorkflowLimits() {
        WorkflowLimits limits = WorkflowLimits.defaults();
        List<Object> hooks = list(map(doc.get("hooks")).get("available_hooks"));
        assertEquals(HookName.values().length, hooks.size());
        for (int i = 0; i < hooks.size(); i++) {
            HookName hook = HookName.values()[i];
            Map<String, Object> entry = map(hooks.get(i));
            assertEquals(hook.code(), entry.get("name"));
            assertEquals(limits.hookTimeout(hook).toMillis(), entry.get("timeout"));
            assertEquals(true, entry.get("blocking"));
        }
        assertEquals(60_000L, map(hooks.get(0)).get("timeout"));
        assertEquals(120_000L, map(hooks.get(1)).get("timeout"));
    }

    @Test
    void configuredTimeoutsAreWhatTheDocumentShows() {
        WorkflowLimits limits = new WorkflowLimits(WorkflowLimits.DEFAULT_CLAIM_TTL,
                Map.of(HookName.AFTER_DOING, java.time.Duration.ofMinutes(5)), WorkflowLimits.DEFAULT_DIFF_LINE_CAP,
                WorkflowLimits.DEFAULT_AFTER_GOAL_GRACE, WorkflowLimits.DEFAULT_SWEEP_INTERVAL);
        Map<String, Object> custom = map(document(limits, CompletionMode.STRICT).document(BASE));
        assertEquals(300_000L, map(list(map(custom.get("hooks")).get("available_hooks")).get(1)).get("timeout"));
        assertEquals("strict", map(map(custom.get("api_schema")).get("validation_modes")).get("current"));
    }

    @Test
    void environmentVariablesAreTheSpecsFourteen() {
        assertEquals(List.of("TASK_ID", "TASK_IDENTIFIER", "TASK_TITLE", "TASK_DESCRIPTION", "TASK_STATUS",
                "TASK_COMPLEXITY", "TASK_PRIORITY", "TASK_NEEDS_REVIEW", "BOARD_ID", "BOARD_NAME", "COLUMN_ID",
                "COLUMN_NAME", "AGENT_NAME", "HOOK_NAME"), map(doc.get("hooks")).get("environment_variables"));
    }

    @Test
    void capabilityListsAreCapabilityValues() {
        List<String> all = Arrays.stream(Capability.values()).map(Capability::code).toList();
        assertEquals(all, map(doc.get("api_schema")).get("valid_capabilities"));
        assertEquals(all, map(doc.get("capabilities")).get("valid"));
    }

    @Test
    void pluginVersionsAreTheSpecs() {
        Map<String, Object> versions = map(map(map(doc.get("api_schema")).get("plugin_versions"))
                .get("minimum_versions"));
        assertEquals(Map.of("generic", "1.9.0", "codex", "1.4.0", "copilot", "2.5.0", "gemini", "1.5.0",
                "opencode", "1.4.0"), versions);
    }

    @Test
    void everyTaskFieldIsInTheTaskSchemaAndRequiredFlagsAgree() {
        Map<String, Object> task = map(map(map(strictSchemas.get("task")).get("properties")).get("task"));
        Map<String, Object> properties = map(task.get("properties"));
        for (TaskField field : TaskField.values()) {
            assertTrue(properties.containsKey(field.key()), field.key());
            assertEquals(field.required(), list(task.get("required")).contains(field.key()), field.key());
        }
        assertTrue(map(doc.get("api_schema")).get("task_fields") instanceof Map<?, ?> fields
                && fields.keySet().size() == TaskField.values().length);
    }

    @Test
    void everySchemaIsDraft202012WithExamples() {
        assertEquals(List.of("task", "goal", "batch", "claim", "complete", "review", "comment", "mark_reviewed", "after_goal",
                "hook_result", "explorer_result", "reviewer_result", "workflow_steps"),
                List.copyOf(strictSchemas.keySet()));
        strictSchemas.forEach((name, schema) -> {
            assertEquals(OnboardingSchemas.DIALECT, map(schema).get("$schema"), name);
            examples(strictSchemas, name);
        });
        assertEquals(strictSchemas.keySet(), map(doc.get("json_schemas")).keySet());
    }

    @Test
    void reviewExamplesAreDecisionsTheReviewUseCaseTakes() {
        for (Object example : examples(strictSchemas, "review")) {
            Map<String, Object> body = map(example);
            ReviewDecision decision = ReviewDecision.fromCode((String) body.get("review_status"),
                    (String) body.get("review_notes"));
            assertEquals(body.get("review_status"), decision.status().code());
        }
    }

    @Test
    void strictCompletionSchemaRequiresBothResults() {
        List<Object> strict = list(map(strictSchemas.get("complete")).get("required"));
        List<Object> grace = list(map(OnboardingSchemas.all(CompletionMode.GRACE).get("complete"))
                .get("required"));
        assertTrue(strict.containsAll(List.of("explorer_result", "reviewer_result")));
        assertFalse(grace.contains("explorer_result"));
    }

    @Test
    void hookExamplesPassHookProof() {
        for (Object example : examples(strictSchemas, "hook_result")) {
            for (HookName hook : HookName.values()) {
                assertDoesNotThrow(() -> proven(hook, example));
            }
        }
        for (Object example : examples(strictSchemas, "claim")) {
            assertDoesNotThrow(() -> proven(HookName.BEFORE_DOING, map(example).get("before_doing_result")));
        }
        for (Object example : examples(strictSchemas, "mark_reviewed")) {
            assertDoesNotThrow(() -> proven(HookName.AFTER_REVIEW, map(example).get("after_review_result")));
        }
        for (Object example : examples(strictSchemas, "after_goal")) {
            assertDoesNotThrow(() -> proven(HookName.AFTER_GOAL, example));
        }
        Map<String, Object> required = map(map(map(doc.get("api_schema")).get("hook_result_format"))
                .get("required_format"));
        for (HookName hook : HookName.values()) {
            assertDoesNotThrow(() -> proven(hook, required.get(hook.resultKey())));
        }
    }

    // The completion examples are read as the server reads a complete body and checked in strict mode by the
    // HTTP adapter's OnboardingCompletionExamplesTest: the typed completion is read at the edge.

    @Test
    void quickStartQuotesTheValidatedExamples() {
        String quickStart = String.join("\n", list(doc.get("quick_start")).stream().map(String.class::cast).toList());
        for (Object body : List.of(OnboardingExamples.createTask(), OnboardingExamples.claim(),
                OnboardingExamples.complete(), OnboardingExamples.markReviewed())) {
            assertTrue(quickStart.contains("'" + write(body) + "'"), write(body));
        }
        assertFalse(quickStart.contains("'\"") , "no body is quoted twice");
    }

    @Test
    void keyFilePathPatternAgreesWithTheValidation() {
        java.util.regex.Pattern pattern = java.util.regex.Pattern.compile(TaskRowWire.RELATIVE_PATH_PATTERN);
        for (String path : List.of("src/a.java", "/etc/passwd", "a/../b", "docs/x..y", "a\0b", "./a")) {
            boolean accepted = isAccepted(path);
            assertEquals(accepted, pattern.matcher(path).find(), path);
        }
    }

    /** Every example is a fresh tree: a test or a caller that edits one cannot change the next. */
    @Test
    void examplesAreFreshTrees() {
        ObjectNode complete = OnboardingExamples.complete();
        complete.remove("agent_name");
        ((ObjectNode) complete.get("after_doing_result")).remove("output");
        assertNotEquals(complete, OnboardingExamples.complete());
        assertEquals(OnboardingExamples.complete(), OnboardingExamples.complete());
        assertEquals(OnboardingExamples.task(), OnboardingExamples.goal().get("tasks").get(0));
    }

    private static boolean isAccepted(String path) {
        return TaskFieldRules.keyFilePathProblems(path).isEmpty();
    }

    private static OnboardingDocument document(WorkflowLimits limits, CompletionMode mode) {
        return new OnboardingDocument(new WorkflowSettings(limits, mode), OnboardingDocumentTest::write);
    }

    private static String write(Object tree) {
        try {
            return MAPPER.writeValueAsString(tree);
        } catch (JsonProcessingException unwritable) {
            throw new IllegalStateException(unwritable);
        }
    }

    /** A hook proof as a route reads it: bound from the wire, then judged by the domain's rule. */
    private static HookResult proven(HookName hook, Object raw) {
        return HookProof.requirePassed(hook, BodyChecks.proof(hook, MAPPER.valueToTree(raw)));
    }
}
