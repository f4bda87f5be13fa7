package dev.tasklane.client;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tasklane.domain.hook.HookResult;

import java.util.List;

/**
 * The body of {@code PATCH /api/tasks/:id/complete} as this client sends it. The client runs the agent's command
 * itself and dispatches no explorer or reviewer subagent, so it always reports their skip forms (docs/rules.md, "Completion results")
 * and says so in {@code workflow_steps}.
 *
 * @param filesChanged comma-separated paths, as the API wants them
 * @param workMs how long the agent's command ran, reported as the implementation step
 */
public record CompletionReport(String agentName, String summary, String notes, String actualComplexity,
                               String filesChanged, int timeSpentMinutes, long workMs,
                               HookResult afterDoing, HookResult beforeReview, String claimToken) {

    static final String SKIP_REASON = "no_subagent_support";
    static final String EXPLORER_SKIP = "The tasklane agent client ran the agent's command directly; "
            + "it dispatches no explorer subagent.";
    static final String REVIEWER_SKIP = "The tasklane agent client dispatches no reviewer subagent; "
            + "any review is left to the task's needs_review flag.";
    private static final String NOT_DISPATCHED = "not dispatched by the tasklane agent client";

    ObjectNode toJson() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode body = f.objectNode()
                .put("agent_name", agentName)
                .put("completion_summary", summary)
                .put("actual_complexity", actualComplexity)
                .put("actual_files_changed", filesChanged)
                .put("time_spent_minutes", timeSpentMinutes);
        if (notes != null) {
            body.put("completion_notes", notes);
        }
        if (claimToken != null) {
            body.put("claim_token", claimToken);
        }
        body.set("after_doing_result", HookResults.toJson(afterDoing));
        body.set("before_review_result", HookResults.toJson(beforeReview));
        body.set("explorer_result", skip(EXPLORER_SKIP));
        body.set("reviewer_result", skip(REVIEWER_SKIP));
        ArrayNode steps = body.putArray("workflow_steps");
        steps.add(skipped("explorer"));
        steps.add(skipped("planner"));
        steps.add(ran("implementation", workMs));
        steps.add(skipped("reviewer"));
        steps.add(ran("after_doing", afterDoing.durationMs()));
        steps.add(ran("before_review", beforeReview.durationMs()));
        return body;
    }

    /** The file list for {@code actual_files_changed}: the snapshot's paths, or "none". */
    static String filesChanged(List<ChangedFile> files) {
        return files.isEmpty() ? "none" : String.join(", ", files.stream().map(ChangedFile::path).toList());
    }

    private static ObjectNode skip(String summary) {
        return JsonNodeFactory.instance.objectNode().put("dispatched", false).put("reason", SKIP_REASON)
                .put("summary", summary);
    }

    private static ObjectNode skipped(String name) {
        return JsonNodeFactory.instance.objectNode().put("name", name).put("dispatched", false)
                .put("reason", NOT_DISPATCHED);
    }

    private static ObjectNode ran(String name, long durationMs) {
        return JsonNodeFactory.instance.objectNode().put("name", name).put("dispatched", true)
                .put("duration_ms", durationMs);
    }
}
