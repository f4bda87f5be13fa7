package dev.tasklane.client;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tasklane.domain.hook.HookName;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Builds a hook's entry on the client for the hooks that run before the server hands one out, with the same
 * TASK_*, BOARD_*, COLUMN_* and AGENT_NAME values the server would put in it (docs/api.md, "Task renders").
 */
final class TaskEnvironment {
    private final JsonNode board;
    private final String agentName;

    /** @param board the token's board, {@code {id, name}} from {@code GET /api/me} */
    TaskEnvironment(JsonNode board, String agentName) {
        this.board = board;
        this.agentName = agentName;
    }

    HookSpec hook(HookName hook, TaskData task, Duration timeout) {
        return new HookSpec(hook, env(task), timeout);
    }

    Map<String, String> env(TaskData task) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("TASK_ID", Long.toString(task.id()));
        env.put("TASK_IDENTIFIER", orEmpty(task.identifier()));
        env.put("TASK_TITLE", orEmpty(task.title()));
        env.put("TASK_DESCRIPTION", orEmpty(task.text("description")));
        env.put("TASK_STATUS", orEmpty(task.status()));
        env.put("TASK_COMPLEXITY", orEmpty(task.text("complexity")));
        env.put("TASK_PRIORITY", orEmpty(task.priority()));
        env.put("TASK_NEEDS_REVIEW", Boolean.toString(task.needsReview()));
        env.put("BOARD_ID", board.path("id").asText(""));
        env.put("BOARD_NAME", board.path("name").asText(""));
        env.put("COLUMN_ID", orEmpty(task.text("column_id")));
        env.put("COLUMN_NAME", columnName(task.status()));
        env.put("AGENT_NAME", agentName);
        return env;
    }

    /** The column a task of this status sits in (an in_progress task is in Doing). */
    static String columnName(String status) {
        return switch (status == null ? "" : status) {
            case "in_progress" -> "Doing";
            case "review" -> "Review";
            case "completed" -> "Done";
            default -> "Ready";
        };
    }

    private static String orEmpty(String value) {
        return value == null ? "" : value;
    }
}
