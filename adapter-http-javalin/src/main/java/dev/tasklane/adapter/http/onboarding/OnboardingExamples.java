package dev.tasklane.adapter.http.onboarding;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.validation.CompletionRules;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The request bodies the onboarding document shows agents: JSON Schema {@code examples}, the
 * {@code required_format} blocks, the quick-start curl bodies and the {@code .stride.md} template all quote
 * these. They are one coherent story (the task example's two acceptance criteria, security consideration and
 * testing strategy are what the reviewer example assesses), so every completion example passes
 * {@code CompletionRules} in strict mode against the task example; the tests prove it.
 *
 * <p>The parts are data, in the resource {@code examples.json} next to this class, read once; the bodies that
 * quote other examples (a goal holds the task example, a completion the hook results and the sub-agents' results) are
 * records put together here. Each call answers a fresh tree, which the caller may change.
 */
public final class OnboardingExamples {
    /** The identifier the claim example names; the first work task of a fresh board. */
    public static final String TASK_IDENTIFIER = "W1";
    /** The agent name the examples send. */
    public static final String AGENT_NAME = "Claude Code";

    private static final int TIME_SPENT_MINUTES = 25;
    private static final String CHANGED_FILES = "src/auth/LoginController.java,src/auth/LoginRateLimiter.java,"
            + "src/test/auth/LoginRateLimiterTest.java";
    private static final ObjectMapper TREES = JsonMapper.builder().build();
    private static final JsonNode PARTS = read("examples.json");

    private OnboardingExamples() {
    }

    /** {@code POST /api/tasks}: the task object under the root key {@code task}. */
    record TaskRoot(JsonNode task) {
    }

    /** {@code POST /api/tasks/batch}: the goals under {@code goals}, never {@code tasks}. */
    record Goals(List<JsonNode> goals) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Claim(String identifier, String agentName, JsonNode beforeDoingResult) {
    }

    /** An explorer or reviewer result that was not dispatched, and why. */
    record Skipped(boolean dispatched, String reason, String summary) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Complete(String agentName, int timeSpentMinutes, String actualComplexity, String completionSummary,
                    String completionNotes, String actualFilesChanged, JsonNode afterDoingResult,
                    JsonNode beforeReviewResult, JsonNode explorerResult, JsonNode reviewerResult,
                    JsonNode workflowSteps) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record MarkReviewed(JsonNode afterReviewResult) {
    }

    /** A successful hook result for {@code hook}, as the agent reports it after running the .stride.md section. */
    public static ObjectNode hookResult(HookName hook) {
        return part("hook_results").get(hook.code()).deepCopy();
    }

    /** The task object (inside the {@code task} root key) of a well-formed work task. */
    public static ObjectNode task() {
        return part("task");
    }

    /** {@code POST /api/tasks} body for one task. */
    public static ObjectNode createTask() {
        return tree(new TaskRoot(task()));
    }

    /** A goal object with two nested tasks: the task example, and one that depends on it by its 0-based index. */
    public static ObjectNode goal() {
        ObjectNode goal = part("goal");
        ((ArrayNode) goal.get("tasks")).insert(0, task());
        return goal;
    }

    /** {@code POST /api/tasks} body for a goal with nested tasks. */
    public static ObjectNode createGoal() {
        return tree(new TaskRoot(goal()));
    }

    /** {@code POST /api/tasks/batch} body: root key {@code goals}, never {@code tasks}. */
    public static ObjectNode batch() {
        return tree(new Goals(List.of(goal(), part("documentation_goal"))));
    }

    /** {@code POST /api/tasks/claim} body. */
    public static ObjectNode claim() {
        return tree(new Claim(TASK_IDENTIFIER, AGENT_NAME, hookResult(HookName.BEFORE_DOING)));
    }

    /** {@code POST /api/tasks/:id/comments} bodies. */
    public static List<ObjectNode> comments() {
        return entries("comments");
    }

    /** {@code PATCH /api/tasks/:id/review} bodies: an approval, and a request for changes with its notes. */
    public static List<ObjectNode> reviews() {
        return entries("reviews");
    }

    /** explorer_result, dispatched shape. */
    public static ObjectNode explorerDispatched() {
        return part("explorer_dispatched");
    }

    /** explorer_result or reviewer_result, skipped shape. */
    public static ObjectNode skipped(String reason) {
        return tree(new Skipped(false, reason, PARTS.get("skipped_summary").asText()));
    }

    /** reviewer_result, dispatched shape with every structured field, approving the task example. */
    public static ObjectNode reviewerApproved() {
        return part("reviewer_approved");
    }

    /**
     * reviewer_result, dispatched shape, requesting changes with a failed section and a matching issue: the approval
     * with the keys that differ replaced in place.
     */
    public static ObjectNode reviewerChangesRequested() {
        return reviewerApproved().setAll(part("reviewer_changes_requested"));
    }

    /** workflow_steps: the six steps in order, one skipped with a reason. */
    public static ArrayNode workflowSteps() {
        return PARTS.get("workflow_steps").deepCopy();
    }

    /** {@code PATCH /api/tasks/:id/complete} body with dispatched explorer and reviewer. */
    public static ObjectNode complete() {
        return complete(explorerDispatched(), reviewerApproved());
    }

    /** {@code PATCH /api/tasks/:id/complete} body from a client without sub-agents (both results skipped). */
    public static ObjectNode completeSkipped() {
        return complete(skipped(CompletionRules.SKIP_REASONS.get(0)), skipped(CompletionRules.SKIP_REASONS.get(0)));
    }

    private static ObjectNode complete(JsonNode explorer, JsonNode reviewer) {
        return tree(new Complete(AGENT_NAME, TIME_SPENT_MINUTES, "medium",
                "Added LoginRateLimiter (5 failures per minute per address) in front of login",
                "The limit and window are constants in LoginRateLimiter; the clock is injected.", CHANGED_FILES,
                hookResult(HookName.AFTER_DOING), hookResult(HookName.BEFORE_REVIEW), explorer, reviewer,
                workflowSteps()));
    }

    /** {@code PATCH /api/tasks/:id/mark_reviewed} body. */
    public static ObjectNode markReviewed() {
        return tree(new MarkReviewed(hookResult(HookName.AFTER_REVIEW)));
    }

    /** {@code PATCH /api/tasks/:goal/after_goal} body: the hook result itself, no wrapper key. */
    public static ObjectNode afterGoal() {
        return hookResult(HookName.AFTER_GOAL);
    }

    private static ObjectNode part(String name) {
        return PARTS.get(name).deepCopy();
    }

    private static List<ObjectNode> entries(String name) {
        List<ObjectNode> out = new ArrayList<>();
        PARTS.get(name).forEach(entry -> out.add(entry.deepCopy()));
        return List.copyOf(out);
    }

    private static ObjectNode tree(Object body) {
        return TREES.valueToTree(body);
    }

    private static JsonNode read(String resource) {
        try (InputStream in = OnboardingExamples.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("resource " + resource + " missing next to OnboardingExamples");
            }
            return TREES.readTree(in);
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }
}
