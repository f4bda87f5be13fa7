package dev.tasklane.adapter.http;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The documentation keys Stride merges into documented error bodies (docs/api.md, "Errors"), pointing at
 * Tasklane's own {@code docs/api.md}. Key names are Stride's; only the link targets differ.
 */
final class ErrorDocs {
    static final String API = "docs/api.md";
    static final String GETTING_STARTED = "docs/api.md#getting-started";
    static final String TASK_WRITING = "docs/api.md#task-fields";
    static final String HOOKS = "docs/api.md#hooks";
    static final String WORKFLOW = "docs/api.md#the-agent-loop";
    static final String ERRORS = "docs/api.md#errors";

    private ErrorDocs() {
    }

    /** The keys added for an error code, in Stride's order; codes Stride does not document get the default pair. */
    static Map<String, Object> forCode(String code) {
        Map<String, Object> keys = new LinkedHashMap<>();
        switch (code) {
            case "no_tasks_available", "task_not_claimable" -> {
                keys.put("documentation", "docs/api.md#post-apitasksclaim");
                keys.put("related_docs", List.of(WORKFLOW, "docs/api.md#get-apitasksnext"));
                keys.put("common_causes", List.of(
                        "All tasks in Ready are blocked by unfinished dependencies",
                        "The task is already claimed by another agent",
                        "The task requires capabilities your token does not carry",
                        "Another task in Doing or Review is modifying one of its key files",
                        "The task is not in the Ready column, or not on this board"));
            }
            case "assigned_to_other_user" -> {
                keys.put("documentation", "docs/api.md#post-apitasksclaim");
                keys.put("common_causes", List.of(
                        "The task (or its goal) is assigned to a different user",
                        "Skip it and request the next task with GET /api/tasks/next"));
            }
            case "invalid_status_for_complete", "not_authorized_to_complete" -> {
                keys.put("documentation", "docs/api.md#patch-apitasksidcomplete");
                keys.put("common_causes", List.of(
                        "The task was not claimed first (POST /api/tasks/claim)",
                        "The task is claimed by another agent or user",
                        "The task is already completed or waiting in Review"));
            }
            case "not_authorized_to_unclaim", "task_not_claimed" -> {
                keys.put("documentation", "docs/api.md#post-apitasksidunclaim");
                keys.put("common_causes", List.of(
                        "The task is not claimed", "The task is claimed by someone else"));
            }
            case "completion_validation_failed" -> {
                keys.put("documentation", "docs/api.md#completion-validation");
                keys.put("related_docs", List.of(HOOKS, "docs/api.md#patch-apitasksidcomplete"));
                keys.put("common_causes", List.of(
                        "explorer_result or reviewer_result is missing or malformed",
                        "A summary has fewer than 40 non-whitespace characters",
                        "A changed_files entry has an absolute path, .. or a diff over 500 lines"));
            }
            case "hook_validation_failed" -> {
                keys.put("documentation", HOOKS);
                keys.put("related_docs", List.of(WORKFLOW));
                keys.put("common_causes", List.of(
                        "The hook result was not sent",
                        "The hook result is missing exit_code, output or duration_ms",
                        "The hook failed (non-zero exit_code): fix the problem and run it again"));
                keys.put("correct_format", HookFormats.ALL);
            }
            case "invalid_column_for_review", "review_not_performed", "invalid_review_status",
                 "invalid_column_for_mark_done" -> {
                keys.put("documentation", "docs/api.md#review");
                keys.put("common_causes", List.of(
                        "The task is not in the Review column",
                        "No reviewer has recorded a decision yet (PATCH /api/tasks/:id/review)"));
            }
            case "update_forbidden_field" -> {
                keys.put("documentation", "docs/api.md#patch-apitasksid");
                keys.put("common_causes", List.of(
                        "The body names a server-managed field such as status, identifier or assigned_to_id",
                        "Use the workflow endpoints (claim, complete, mark_reviewed, assign) instead"));
            }
            case "show_unknown_fields", "show_invalid_fields_shape", "show_fields_response_view_conflict" -> {
                keys.put("documentation", "docs/api.md#projection-fields");
                keys.put("common_causes", List.of(
                        "A name outside the 27 allow-listed fields, such as column_id",
                        "fields sent as an array or a map (fields[]=x) instead of one comma-separated string",
                        "fields and response_view in the same request"));
            }
            case "root_key" -> {
                keys.put("documentation", "docs/api.md#post-apitasks");
                keys.put("common_causes", List.of(
                        "The body wraps the task in 'data' instead of 'task'",
                        "The body of /api/tasks/batch uses 'tasks' instead of 'goals' at the root"));
                keys.put("correct_format", "See the 'example' field in this response");
            }
            default -> {
                keys.put("documentation", API);
                keys.put("getting_started", GETTING_STARTED);
            }
        }
        return keys;
    }

    /** The example hook results of the hook family's {@code required_format} / {@code correct_format}. */
    static final class HookFormats {
        static final Map<String, Object> ALL;

        static {
            Map<String, Object> all = new LinkedHashMap<>();
            for (String hook : List.of("before_doing", "after_doing", "before_review", "after_review")) {
                all.put(hook + "_result", example());
            }
            ALL = all;
        }

        private HookFormats() {
        }

        static Map<String, Object> example() {
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("exit_code", 0);
            result.put("output", "Hook execution output");
            result.put("duration_ms", 1234);
            return result;
        }
    }
}
